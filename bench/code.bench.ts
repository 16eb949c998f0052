// Code blocks in the transcript (issue 37), in headless Chromium, on the pages of
// bench/transcript.bench.ts (bench/pages/transcript-harness.ts):
// - first render of 1,000 messages of which 300 hold a fenced block (TypeScript, Python, Bash),
//   until drawn, laid out, every block in view highlighted and that frame painted, beside the same
//   thread drawn without highlighting (`highlighter = null`) and the marked → innerHTML floor with
//   the page's same CSS, each until its first frame is painted: the main thread's busy time in a
//   trace, idle callbacks left out (the cost), the wall clock in the note (it adds the frames a
//   block waits for: the observer that sees it in view, the frame its pass runs in);
// - a 20 KB reply streamed in 200 updates (pending), its second half one growing TypeScript fence:
//   the main thread's busy time per update, highlighting passes included (in the update when the
//   highlighter is in, else in the frame after), beside the floor's re-render of that message
//   alone, from a trace of each; the median of three runs each.
import type { Page } from "puppeteer-core";
import type { TranscriptMessage } from "../src/elements/transcript/types.js";
import { between, prose, random } from "./fixtures/random.js";
import { startBrowser, type BenchBrowser } from "./lib/browser.js";
import { preparePages } from "./lib/pages.js";
import { median, type BenchRow } from "./lib/row.js";
import { LEFT_OUT, traceSelfTimes } from "./lib/trace.js";

const MESSAGES = 1000;
const WITH_CODE = 300;
/** First renders per side in the median, after a first one that is not counted (see `run`). */
const RUNS = 9;
/** Issue 37's budgets. */
const VS_PLAIN_MAX = 1.2;
const VS_FLOOR_MAX = 1.5;
const UPDATE_RATIO_MAX = 1;

const REPLY_SIZE = 20 * 1024;
const UPDATES = 200;
const STREAM_RUNS = 3;
/** The thread the reply streams at the end of. */
const CONTEXT_MESSAGES = 20;
/** Frames left after the last update for its highlighting pass. */
const SETTLE_FRAMES = 3;

interface BenchApi {
  highlight(on: boolean): void;
  prepare(): Promise<void>;
  firstRender(messages: TranscriptMessage[]): Promise<number>;
  codeInView(): Promise<number>;
  showEnd(): Promise<void>;
  updateLast(text: string, pending?: boolean): Promise<number>;
}
declare const bench: BenchApi;

const LANGUAGES = ["ts", "python", "bash"] as const;

function codeLine(next: () => number, language: (typeof LANGUAGES)[number]): string {
  const words = prose(next, between(next, 10, 30)).replace(/\W+/g, "_");
  if (language === "python") return `    ${words} = compute("${prose(next, 12)}", ${Math.floor(next() * 100)})  # ${prose(next, 16)}`;
  if (language === "bash") return `grep -rn "${prose(next, 10)}" src/ | wc -l  # ${words}`;
  return `  const ${words}: number = await run("${prose(next, 14)}", ${Math.floor(next() * 100)}); // ${prose(next, 12)}`;
}

function fence(next: () => number, language: (typeof LANGUAGES)[number], lines: number): string {
  return "```" + language + "\n" + Array.from({ length: lines }, () => codeLine(next, language)).join("\n") + "\n```";
}

/** 1,000 messages, user and assistant in turn; `WITH_CODE` assistant replies, spread evenly, hold a fence of 12–20 lines. */
export function codeThread(): TranscriptMessage[] {
  const next = random(37);
  const every = MESSAGES / 2 / WITH_CODE;
  let coded = 0;
  return Array.from({ length: MESSAGES }, (_, i): TranscriptMessage => {
    if (i % 2 === 0) return { id: `m${i}`, role: "user", text: prose(next, between(next, 80, 400)) };
    const reply = (i - 1) / 2;
    const parts = [prose(next, between(next, 200, 600))];
    if (coded < WITH_CODE && reply >= coded * every) {
      parts.push(fence(next, LANGUAGES[coded % LANGUAGES.length]!, between(next, 12, 20)), prose(next, between(next, 80, 200)));
      coded++;
    }
    return { id: `m${i}`, role: "assistant", text: parts.join("\n\n") };
  });
}

/** The streamed reply's texts: half prose paragraphs, then one TypeScript fence that grows to the end. */
export function streamedTexts(): string[] {
  const next = random(20);
  let prosePart = "";
  while (prosePart.length < REPLY_SIZE / 2) prosePart += `${prose(next, between(next, 200, 500))} **${prose(next, 12)}** and \`${prose(next, 8)}\`.\n\n`;
  let code = "```ts\n";
  while (code.length < REPLY_SIZE / 2) code += codeLine(next, "ts") + "\n";
  const full = prosePart + code;
  const step = full.length / UPDATES;
  return Array.from({ length: UPDATES }, (_, i) => full.slice(0, Math.round(step * (i + 1))));
}

async function open(browser: BenchBrowser, query: string): Promise<Page> {
  const page = await browser.open(`bench/pages/transcript.html?${query}`);
  await page.waitForFunction(() => document.title === "ready");
  return page;
}

/**
 * The main thread's busy ms in a trace of `action`: the sum of every event's self time, less the
 * events named in `leaveOut` and what ran inside them (`idle`: their ms).
 */
async function busy(page: Page, action: () => Promise<unknown>, leaveOut: readonly string[] = []): Promise<{ ms: number; top: string; idle: number }> {
  const entries = await traceSelfTimes(page, action, Number.POSITIVE_INFINITY, leaveOut);
  const [left, self] = [entries.filter((entry) => entry.name.startsWith(LEFT_OUT)), entries.filter((entry) => !entry.name.startsWith(LEFT_OUT))];
  const top = self
    .slice(0, 3)
    .map((entry) => `${entry.name} ${entry.ms.toFixed(0)} (${entry.count} events)`)
    .join(", ");
  const sum = (list: typeof entries) => list.reduce((total, entry) => total + entry.ms, 0);
  return { ms: sum(self), top, idle: sum(left) };
}

/**
 * Draws `messages` and highlights the blocks in view: the main thread's busy ms over it (what it
 * costs), and the wall-clock ms until a frame shows every block in view highlighted. Idle
 * callbacks are left out of the busy time: what a transcript puts off until the page is idle
 * (checking a long thread's older messages, making the chip overlays) is no part of its first
 * render, and it fell into ours, which waits frames for its blocks, and not into the others.
 */
async function firstRender(page: Page, messages: TranscriptMessage[], highlight = true): Promise<Run> {
  await page.bringToFront();
  await page.evaluate((on) => bench.highlight(on), highlight);
  await page.evaluate(() => bench.prepare());
  let wall = 0;
  const traced = await busy(
    page,
    async () => {
      wall = await page.evaluate((m) => bench.firstRender(m), messages);
      wall += await page.evaluate(() => bench.codeInView());
    },
    ["FireIdleCallback"],
  );
  return { busy: traced.ms, wall, idle: traced.idle };
}

type Run = { busy: number; wall: number; idle: number };

type Streamed = { busy: number; update: number; top: string };

/** Draws the thread the reply streams at the end of, with the reply empty and pending, and shows its end. */
export async function startStream(page: Page): Promise<void> {
  const next = random(3);
  const context = Array.from({ length: CONTEXT_MESSAGES }, (_, i): TranscriptMessage => ({ id: `c${i}`, role: i % 2 ? "assistant" : "user", text: prose(next, 400) }));
  await page.bringToFront(); // a tab in the background gets no animation frames
  await page.evaluate((m) => bench.firstRender(m), [...context, { id: "reply", role: "assistant", text: "", pending: true } satisfies TranscriptMessage]);
  await page.evaluate(() => bench.showEnd());
}

/** Streams `texts` into the reply (after `startStream`), then lets a few frames pass; answers each update's ms. */
export async function streamTexts(page: Page, texts: string[]): Promise<number[]> {
  const updates: number[] = [];
  for (const text of texts) updates.push(await page.evaluate((t) => bench.updateLast(t, true), text));
  await page.evaluate(async (frames) => {
    for (let i = 0; i < frames; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, SETTLE_FRAMES);
  return updates;
}

/** The main thread's busy ms per update while `texts` stream into the last message, and the median update's own ms. */
async function stream(page: Page, texts: string[]): Promise<Streamed> {
  await startStream(page);
  let updates: number[] = [];
  const traced = await busy(page, async () => (updates = await streamTexts(page, texts)));
  return { busy: traced.ms / texts.length, update: median(updates), top: traced.top };
}

export async function run(): Promise<BenchRow[]> {
  await preparePages();
  const browser = await startBrowser();
  try {
    // Ours with and without highlighting take turns on one page, so that only the highlighter
    // differs between them: two pages are two renderers, each keeping its own state (the code the
    // JIT made, the heap) for a whole run of the bench.
    const ours = await open(browser, "mode=t3");
    const floor = await open(browser, "mode=floor");
    const messages = codeThread();
    // A page's first render also fetches and compiles what it loads lazily (ours: the highlighter
    // and three grammars): it is given in the note, not taken into the median of the runs after it.
    const cold = { ours: await firstRender(ours, messages), plain: await firstRender(ours, messages, false), floor: await firstRender(floor, messages) };
    const times = { ours: [] as Run[], plain: [] as Run[], floor: [] as Run[] };
    for (let i = 0; i < RUNS; i++) {
      times.ours.push(await firstRender(ours, messages));
      times.plain.push(await firstRender(ours, messages, false));
      times.floor.push(await firstRender(floor, messages));
    }
    const of = (runs: Run[], key: keyof Run) => median(runs.map((run) => run[key]));
    const render = { ours: of(times.ours, "busy"), plain: of(times.plain, "busy"), floor: of(times.floor, "busy") };
    const wall = { ours: of(times.ours, "wall"), plain: of(times.plain, "wall"), floor: of(times.floor, "wall") };
    const idle = { ours: of(times.ours, "idle"), plain: of(times.plain, "idle"), floor: of(times.floor, "idle") };
    const texts = streamedTexts();
    // Each side streams three times, in turns; the run with the median busy time is reported.
    const streams = { ours: [] as Streamed[], floor: [] as Streamed[] };
    for (let i = 0; i < STREAM_RUNS; i++) {
      streams.ours.push(await stream(ours, texts));
      streams.floor.push(await stream(floor, texts));
    }
    const middle = (runs: Streamed[]) => [...runs].sort((a, b) => a.busy - b.busy)[runs.length >> 1]!;
    const streamed = { ours: middle(streams.ours), floor: middle(streams.floor) };
    const name = `transcript: first render, ${MESSAGES.toLocaleString("en")} messages, ${WITH_CODE} with code`;
    return [
      {
        name: `${name}, highlighted`,
        ours: render.ours,
        peer: render.plain,
        peerName: "the same without highlighting",
        unit: "ms",
        ratio: render.ours / render.plain,
        target: `≤ ${VS_PLAIN_MAX}×`,
        pass: render.ours / render.plain <= VS_PLAIN_MAX,
        note: `main thread busy until a frame shows the blocks in view highlighted, idle callbacks left out (a trace); wall clock: ${wall.ours.toFixed(1)} / ${wall.plain.toFixed(1)} ms; idle callbacks meanwhile: ${idle.ours.toFixed(1)} / ${idle.plain.toFixed(1)} ms; median of ${RUNS}; the first of each, not counted (ours fetched the highlighter and grammars then): ${cold.ours.busy.toFixed(1)} / ${cold.plain.busy.toFixed(1)} ms`,
      },
      {
        name: `${name}, highlighted, vs the floor`,
        ours: render.ours,
        peer: render.floor,
        peerName: "marked → innerHTML, same CSS",
        unit: "ms",
        ratio: render.ours / render.floor,
        target: `≤ ${VS_FLOOR_MAX}×`,
        pass: render.ours / render.floor <= VS_FLOOR_MAX,
        note: `main thread busy, idle callbacks left out (a trace); wall clock: ${wall.ours.toFixed(1)} / ${wall.floor.toFixed(1)} ms; idle callbacks meanwhile: ${idle.ours.toFixed(1)} / ${idle.floor.toFixed(1)} ms; the page's first render, not counted: ${cold.ours.busy.toFixed(1)} / ${cold.floor.busy.toFixed(1)} ms`,
      },
      {
        name: `transcript: a ${REPLY_SIZE / 1024} KB reply streamed in ${UPDATES} updates, half a growing code block`,
        ours: streamed.ours.busy,
        peer: streamed.floor.busy,
        peerName: "that message alone: marked → innerHTML",
        unit: "ms",
        ratio: streamed.ours.busy / streamed.floor.busy,
        target: `≤ ${UPDATE_RATIO_MAX}× per update`,
        pass: streamed.ours.busy / streamed.floor.busy <= UPDATE_RATIO_MAX,
        note: `main thread busy per update, highlighting included (a trace); the update itself, median: ${streamed.ours.update.toFixed(2)} / ${streamed.floor.update.toFixed(2)} ms; most busy, ms in all: ${streamed.ours.top} / ${streamed.floor.top}`,
      },
    ];
  } finally {
    await browser.close();
  }
}
