// CPU profiles of a page through the DevTools protocol (Profiler domain), summarized as the
// functions with the most self time: what `npm run bench` rows are made of. Used by
// bench/profile.ts; the raw profile can be opened in Chromium's DevTools (Performance panel).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import type { Page } from "puppeteer-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Runs `action` under the sampling profiler (`intervalUs` between samples). */
export async function profile(page: Page, action: () => Promise<unknown>, intervalUs = 100): Promise<Profile> {
  const session = await page.createCDPSession();
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await session.send("Profiler.start");
  await action();
  const { profile } = (await session.send("Profiler.stop")) as unknown as { profile: Profile };
  await session.detach();
  return profile;
}

/** Writes the profile where DevTools can load it. */
export function saveProfile(profile: Profile, path: string): void {
  writeFileSync(path, JSON.stringify(profile));
}

const maps = new Map<string, SourceMap | null>();

/** The source map next to a served script (dist/t3-composer.js.map), if there is one. */
function mapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const path = new URL(`../..${new URL(url).pathname}.map`, import.meta.url).pathname;
    maps.set(url, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
  }
  return maps.get(url)!;
}

/** `function file:line`, through the script's source map when it has one. */
function frameName(frame: ProfileNode["callFrame"]): string {
  const map = frame.url.startsWith("http") ? mapOf(frame.url) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
  if (entry?.originalSource) {
    const source = entry.originalSource.replace(/^.*?(node_modules\/|src\/)/, "$1");
    return `${frame.functionName || "(anonymous)"} ${source}:${(entry.originalLine ?? 0) + 1}`;
  }
  const file = frame.url.split("/").pop() ?? "";
  return `${frame.functionName || "(anonymous)"}${file ? ` ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ""}`;
}

/** Self time per function (ms), biggest first; `(idle)` and `(program)` included. */
export function selfTimes(profile: Profile, top = 25): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const name = frameName(byId.get(id)!.callFrame);
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** Total time (ms) per function including its callees, biggest first. */
export function totalTimes(profile: Profile, top = 25): { name: string; ms: number }[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    }
  });
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms).slice(0, top);
}
