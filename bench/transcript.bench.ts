// Transcript benchmarks (issues 4 and 8), in headless Chromium, each beside the floor measured in
// the same run: the same Markdown parsed by marked and inserted as plain HTML, without chips.
// - first render of 1,000 messages (about 2 MB of Markdown, 5,000 chips), until drawn and laid out;
// - one streaming `updateMessage` on the last message vs a re-render of that message alone.
// The in-page side is bench/pages/transcript-harness.ts.
import type { Page } from "puppeteer-core";
import type { TranscriptMessage } from "../src/elements/transcript/types.js";
import { benchThread } from "./fixtures/thread.js";
import { prose, random } from "./fixtures/random.js";
import { startBrowser, type BenchBrowser } from "./lib/browser.js";
import { preparePages } from "./lib/pages.js";
import { median, type BenchRow } from "./lib/row.js";

const FIRST_RENDER_RUNS = 5;
const UPDATES = 30;
const FIRST_RENDER_RATIO_MAX = 1.5;
const UPDATE_RATIO_MAX = 1;
/** Characters a streaming update appends (a few tokens). */
const STREAM_CHUNK = 24;

interface BenchApi {
  firstRender(messages: TranscriptMessage[]): Promise<number>;
  updateLast(text: string): Promise<number>;
}
declare const bench: BenchApi;

async function open(browser: BenchBrowser, mode: "t3" | "floor"): Promise<Page> {
  const page = await browser.open(`bench/pages/transcript.html?mode=${mode}`);
  await page.waitForFunction(() => document.title === "ready");
  return page;
}

async function firstRender(page: Page, messages: TranscriptMessage[]): Promise<number> {
  await page.bringToFront();
  return page.evaluate((m) => bench.firstRender(m), messages);
}

/** Streams `chunks` onto the last message, one update each: ms per update. */
async function stream(page: Page, messages: TranscriptMessage[], chunks: string[]): Promise<number[]> {
  await firstRender(page, messages);
  let text = messages.at(-1)!.text;
  const times: number[] = [];
  for (const chunk of chunks) {
    text += chunk;
    times.push(await page.evaluate((t) => bench.updateLast(t), text));
  }
  return times;
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
    ];
  } finally {
    await browser.close();
  }
}
