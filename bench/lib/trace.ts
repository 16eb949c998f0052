// A Chromium trace (timeline categories) of a page, summarized as self time per event name on the
// renderer's main thread: how much of a row is script, style, layout, paint or editing.
import type { Page } from "puppeteer-core";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** What the name of an entry of `traceSelfTimes` begins with when the time was left out. */
export const LEFT_OUT = "left out: ";

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink", "blink.user_timing"];

/**
 * Traces `action` and returns the main thread's self time (ms) per event name, biggest first.
 * Events named in `leaveOut` (`FireIdleCallback`: the work a page puts off until it is idle) are
 * not counted, nor is anything that ran inside them: each shows instead as one entry named
 * `left out: <name>` with the time it took in all.
 */
export async function traceSelfTimes(page: Page, action: () => Promise<unknown>, top = 30, leaveOut: readonly string[] = []): Promise<{ name: string; ms: number; count: number }[]> {
  await page.tracing.start({ categories: CATEGORIES });
  await action();
  const buffer = await page.tracing.stop();
  const { traceEvents } = JSON.parse(Buffer.from(buffer!).toString("utf8")) as { traceEvents: TraceEvent[] };
  // Every renderer has a main thread; the page's is the busiest one.
  const mains = traceEvents.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const complete = traceEvents.filter((event) => event.ph === "X" && event.dur !== undefined);
  const busiest = (thread: TraceEvent) => complete.filter((event) => event.pid === thread.pid && event.tid === thread.tid).length;
  const main = mains.sort((a, b) => busiest(b) - busiest(a))[0];
  const events = complete
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, { ms: number; count: number }>();
  const stack: { end: number; key: string }[] = [];
  let leftOutUntil = -1;
  for (const event of events) {
    if (event.ts < leftOutUntil) continue;
    while (stack.length && stack.at(-1)!.end <= event.ts) stack.pop();
    const left = leaveOut.includes(event.name);
    const key = left ? `${LEFT_OUT}${event.name}` : event.name === "EventDispatch" ? `EventDispatch ${event.args?.data?.type ?? ""}` : event.name;
    const entry = self.get(key) ?? { ms: 0, count: 0 };
    entry.ms += event.dur! / 1000;
    entry.count++;
    self.set(key, entry);
    const parent = stack.at(-1);
    if (parent) self.get(parent.key)!.ms -= event.dur! / 1000;
    if (left) leftOutUntil = event.ts + event.dur!;
    else stack.push({ end: event.ts + event.dur!, key });
  }
  return [...self].map(([name, { ms, count }]) => ({ name, ms, count })).sort((a, b) => b.ms - a.ms).slice(0, top);
}
