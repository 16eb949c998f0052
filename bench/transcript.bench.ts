// Transcript benchmarks (issues 4 and 8), in headless Chromium, each beside the floor measured in
// the same run: the same Markdown parsed by marked and inserted as plain HTML, without chips.
// - first render of 1,000 messages (about 2 MB of Markdown, 5,000 chips), until drawn and laid out;
// - one streaming `updateMessage` on the last message vs a re-render of that message alone.
// - long threads (issue 17): first render of 10,000 messages vs the floor; the first frame that
//   shows the newest message, 10,000 messages vs 100; the memory a 10,000-message thread takes;
//   the frames of a fast scroll up through it (p95 and frames over 50 ms) against the floor's.
// - growth: one hostile message at 1×, 2× and 4× of a base size (issue 14), whose time per byte
//   must stay within a bound of the 1× figure: the rendering is linear on these inputs.
// The in-page side is bench/pages/transcript-harness.ts.
import type { Page } from "puppeteer-core";
import type { TranscriptMessage } from "../src/elements/transcript/types.js";
import { benchThread } from "./fixtures/thread.js";
import { prose, random } from "./fixtures/random.js";
import { startBrowser, type BenchBrowser } from "./lib/browser.js";
import { fromPuppeteer, type EnginePage } from "./lib/engine.js";
import { preparePages } from "./lib/pages.js";
import { median, percentile, type BenchRow } from "./lib/row.js";

const FIRST_RENDER_RUNS = 5;
const UPDATES = 30;
/** First render against the floor (bench/engines.bench.ts holds the other engines to it too). */
export const FIRST_RENDER_RATIO_MAX = 1.5;
const UPDATE_RATIO_MAX = 1;
/** Characters a streaming update appends (a few tokens). */
const STREAM_CHUNK = 24;

/** The 1× size of a growth input; 2× and 4× follow. */
const GROWTH_BASE = 256 * 1024;
const GROWTH_FACTORS = [1, 2, 4] as const;
const GROWTH_RUNS = 3;
/** Time per byte at 4× over time per byte at 1×: quadratic work would give 4×. */
const PER_BYTE_GROWTH_MAX = 1.6;

/** Inputs that were, or could be, superlinear in a Markdown lexer with our extension. */
const HOSTILE: { name: string; unit: string }[] = [
  { name: "`[a](`", unit: "[a](" },
  { name: "`a_ `", unit: "a_ " },
  { name: "link markers without `[`", unit: "](t3-context://v1/file/x) " },
  { name: "unclosed context links", unit: "[a](t3-context://v1/" },
  { name: "`[`", unit: "[" },
  { name: "`*a `", unit: "*a " },
  { name: "`<a `", unit: "<a " },
  { name: "chips between `_`", unit: "_[a](t3-context://v1/file/a)_ " },
];

/** Long threads (issue 17). */
const LONG = 10_000;
const SHORT = 100;
const LONG_RUNS = 3;
// The figure is about one frame (16.7 ms), so its median moves by a frame's phase: nine pairs, not five,
// steady it (docs/performance.md, "Thin margins").
const PAINT_RUNS = 9;
const PAINT_RATIO_MAX = 1.2;
const MEMORY_RATIO_MAX = 1.5;
/** A fast fling: px scrolled in each frame (about 24,000 px/s at 60 frames a second). */
const SCROLL_STEP = 400;
const SCROLL_FRAMES = 120;
const FRAME_P95_MAX = 20;
const LONG_FRAME = 50;
const MB = 1024 * 1024;

interface BenchApi {
  firstRender(messages: TranscriptMessage[]): Promise<number>;
  firstPaint(messages: TranscriptMessage[]): Promise<number>;
  scrollFrames(frames: number, step: number): Promise<number[]>;
  showEnd(): Promise<void>;
  updateLast(text: string): Promise<number>;
}
declare const bench: BenchApi;

async function open(browser: BenchBrowser, mode: "t3" | "floor"): Promise<Page> {
  const page = await browser.open(`bench/pages/transcript.html?mode=${mode}`);
  await page.waitForFunction(() => document.title === "ready");
  return page;
}

/** Renders `messages` as a new thread: ms until drawn and laid out (bench/pages/transcript-harness.ts). */
export async function renderThread(page: EnginePage, messages: TranscriptMessage[]): Promise<number> {
  await page.bringToFront();
  return page.evaluate((m) => bench.firstRender(m), messages);
}

const firstRender = (page: Page, messages: TranscriptMessage[]) => renderThread(fromPuppeteer(page), messages);

/** Streams `chunks` onto the last message, one update each, with the thread's end on screen: ms per update. */
async function stream(page: Page, messages: TranscriptMessage[], chunks: string[]): Promise<number[]> {
  await firstRender(page, messages);
  await page.evaluate(() => bench.showEnd());
  let text = messages.at(-1)!.text;
  const times: number[] = [];
  for (const chunk of chunks) {
    text += chunk;
    times.push(await page.evaluate((t) => bench.updateLast(t), text));
  }
  return times;
}

function repeatTo(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** Renders `text` as one assistant message: ms, the fastest of a few runs. */
async function renderOne(page: Page, text: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < GROWTH_RUNS; i++) times.push(await firstRender(page, [{ id: "m", role: "assistant", text }]));
  return Math.min(...times);
}

async function growthRow(page: Page, input: (typeof HOSTILE)[number]): Promise<BenchRow> {
  const perByte: number[] = [];
  for (const factor of GROWTH_FACTORS) {
    const size = GROWTH_BASE * factor;
    perByte.push((await renderOne(page, repeatTo(input.unit, size))) / size);
  }
  const growth = perByte.at(-1)! / perByte[0]!;
  const kb = (factor: number) => `${(GROWTH_BASE * factor) / 1024} KB`;
  return {
    name: `transcript: one message of ${input.name}, ${kb(GROWTH_FACTORS.at(-1)!)}`,
    ours: perByte.at(-1)! * GROWTH_BASE * GROWTH_FACTORS.at(-1)!,
    peer: perByte[0]! * GROWTH_BASE * GROWTH_FACTORS.at(-1)!,
    peerName: `${kb(1)} time × ${GROWTH_FACTORS.at(-1)}`,
    unit: "ms",
    ratio: growth,
    target: `per byte ≤ ${PER_BYTE_GROWTH_MAX}× the ${kb(1)} figure`,
    pass: growth <= PER_BYTE_GROWTH_MAX,
    note: `µs per byte at ${GROWTH_FACTORS.map(kb).join(" / ")}: ${perByte.map((t) => (t * 1000).toFixed(3)).join(" / ")}`,
  };
}

/**
 * Bytes in use after a full collection: V8's heap plus Blink's (the DOM lives in the embedder
 * heap, so a page holding 10,000 articles is charged for them).
 */
async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.createCDPSession();
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    const usage = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };
    return usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0);
  } finally {
    await cdp.detach();
  }
}

/** What a 10,000-message thread adds to the page, in MB, over a one-message thread; then the scroll frames. */
async function longThread(page: Page, messages: TranscriptMessage[]): Promise<{ memory: number; frames: number[] }> {
  await firstRender(page, messages.slice(-1));
  const base = await heapUsed(page);
  await firstRender(page, messages);
  const memory = ((await heapUsed(page)) - base) / MB;
  await page.bringToFront(); // a tab in the background gets no animation frames
  const frames = await page.evaluate((count, step) => bench.scrollFrames(count, step), SCROLL_FRAMES, SCROLL_STEP);
  return { memory, frames };
}

async function longRows(ours: Page, floor: Page): Promise<BenchRow[]> {
  const thread = benchThread(LONG);
  const render = { ours: [] as number[], floor: [] as number[] };
  for (let i = 0; i < LONG_RUNS; i++) {
    render.ours.push(await firstRender(ours, thread.messages));
    render.floor.push(await firstRender(floor, thread.messages));
  }
  const short = thread.messages.slice(-SHORT);
  const paint = { long: [] as number[], short: [] as number[] };
  await ours.bringToFront(); // a tab in the background gets no animation frames
  for (let i = 0; i < PAINT_RUNS; i++) {
    paint.short.push(await ours.evaluate((m) => bench.firstPaint(m), short));
    paint.long.push(await ours.evaluate((m) => bench.firstPaint(m), thread.messages));
  }
  const mine = await longThread(ours, thread.messages);
  const theirs = await longThread(floor, thread.messages);
  const count = LONG.toLocaleString("en");
  const firstRenderRatio = median(render.ours) / median(render.floor);
  const paintRatio = median(paint.long) / median(paint.short);
  const memoryRatio = mine.memory / theirs.memory;
  const p95 = { ours: percentile(mine.frames, 95), floor: percentile(theirs.frames, 95) };
  const over = (frames: number[]) => frames.filter((length) => length > LONG_FRAME).length;
  return [
    {
      name: `transcript: first render, ${count} messages`,
      ours: median(render.ours),
      peer: median(render.floor),
      peerName: "marked → innerHTML, no chips",
      unit: "ms",
      ratio: firstRenderRatio,
      target: `≤ ${FIRST_RENDER_RATIO_MAX}×`,
      pass: firstRenderRatio <= FIRST_RENDER_RATIO_MAX,
      note: "until drawn and laid out; ours draws the messages near the viewport",
    },
    {
      name: `transcript: first frame showing the newest message, ${count} vs ${SHORT} messages`,
      ours: median(paint.long),
      peer: median(paint.short),
      peerName: `ours, ${SHORT} messages`,
      unit: "ms",
      ratio: paintRatio,
      target: `≤ ${PAINT_RATIO_MAX}×`,
      pass: paintRatio <= PAINT_RATIO_MAX,
      note: "from setting messages to the start of the frame that paints it",
    },
    {
      name: `transcript: memory of a ${count}-message thread`,
      ours: mine.memory,
      peer: theirs.memory,
      peerName: "marked → innerHTML, no chips",
      unit: "MB",
      ratio: memoryRatio,
      target: `≤ ${MEMORY_RATIO_MAX}×`,
      pass: memoryRatio <= MEMORY_RATIO_MAX,
      note: "V8 + Blink heap after a collection, over a one-message thread",
    },
    {
      name: `transcript: scrolling ${count} messages, p95 frame`,
      ours: p95.ours,
      peer: p95.floor,
      peerName: "the floor's p95 frame",
      unit: "ms",
      ratio: p95.ours / p95.floor,
      target: `p95 ≤ ${FRAME_P95_MAX} ms, no frame > ${LONG_FRAME} ms`,
      pass: p95.ours <= FRAME_P95_MAX && over(mine.frames) === 0,
      note: `${SCROLL_FRAMES} frames of ${SCROLL_STEP} px; frames over ${LONG_FRAME} ms: ours ${over(mine.frames)}, floor ${over(theirs.frames)}; longest ${Math.max(...mine.frames).toFixed(1)} / ${Math.max(...theirs.frames).toFixed(1)} ms`,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  await preparePages();
  const browser = await startBrowser();
  try {
    const ours = await open(browser, "t3");
    const floor = await open(browser, "floor");
    const thread = benchThread(1000);
    const first = { ours: [] as number[], floor: [] as number[] };
    for (let i = 0; i < FIRST_RENDER_RUNS; i++) {
      first.ours.push(await firstRender(ours, thread.messages));
      first.floor.push(await firstRender(floor, thread.messages));
    }
    const next = random(5);
    const chunks = Array.from({ length: UPDATES }, () => " " + prose(next, STREAM_CHUNK));
    const updates = { ours: await stream(ours, thread.messages, chunks), floor: await stream(floor, thread.messages, chunks) };

    const size = `${(thread.size / 1_000_000).toFixed(1)} MB`;
    const render = { ours: median(first.ours), floor: median(first.floor) };
    const update = { ours: median(updates.ours), floor: median(updates.floor) };
    const growth: BenchRow[] = [];
    for (const input of HOSTILE) growth.push(await growthRow(ours, input));
    const long = await longRows(ours, floor);
    return [
      {
        name: `transcript: first render, ${thread.messages.length.toLocaleString("en")} messages (${size}, ${thread.chips.toLocaleString("en")} chips)`,
        ours: render.ours,
        peer: render.floor,
        peerName: "marked → innerHTML, no chips",
        unit: "ms",
        ratio: render.ours / render.floor,
        target: `≤ ${FIRST_RENDER_RATIO_MAX}×`,
        pass: render.ours / render.floor <= FIRST_RENDER_RATIO_MAX,
        note: "until drawn and laid out",
      },
      {
        name: "transcript: streaming updateMessage on the last message",
        ours: update.ours,
        peer: update.floor,
        peerName: "that message alone: marked → innerHTML",
        unit: "ms",
        ratio: update.ours / update.floor,
        target: `≤ ${UPDATE_RATIO_MAX}×`,
        pass: update.ours / update.floor <= UPDATE_RATIO_MAX,
        note: `${UPDATES} updates of ${STREAM_CHUNK} characters`,
      },
      ...long,
      ...growth,
    ];
  } finally {
    await browser.close();
  }
}
