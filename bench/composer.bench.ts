// Composer benchmarks (issues 3 and 8), in headless Chromium, each beside Tiptap core +
// StarterKit + Mention holding the same content, measured in the same run:
// - hydrate a 1 MB canonical draft with 2,000 chips (`value = …`) vs Tiptap `setContent`, to the
//   first paint: ours builds only the line groups on screen (a few of about 180), and both editors
//   skip style and layout of off-screen lines (`content-visibility`, bench/pages/composer.html);
// - keystroke to DOM, p50 and p90, at the end of that draft and of a 5 KB draft with 20 chips;
// - import of the drop-in to both elements defined vs Tiptap's import to a created editor, each
//   in a fresh browser context (bench/lib/import-timing.ts).
// The in-page side is bench/pages/composer-harness.ts.
import type { Page } from "puppeteer-core";
import { benchDraft, type BenchDraft } from "./fixtures/draft.js";
import { startBrowser, type BenchBrowser } from "./lib/browser.js";
import { fromPuppeteer, type EnginePage } from "./lib/engine.js";
import { importOurs, importTiptap } from "./lib/import-timing.js";
import { preparePages } from "./lib/pages.js";
import { median, percentile, type BenchRow } from "./lib/row.js";

const HYDRATE_RUNS = 7;
/** Keystrokes per round, after `WARMUP_KEYS` that are not counted (the first scrolls the caret in). */
const KEYS = 40;
const WARMUP_KEYS = 5;
const ROUNDS = 3;
const FRAME_MS = 16;
const HYDRATE_RATIO_MAX = 0.25;
/** The 1 MB draft's keystroke p50 against Tiptap's (bench/engines.bench.ts holds the other engines to it too). */
export const KEYSTROKE_RATIO_MAX = 0.6;
/**
 * What the editor may add to a keystroke in the small draft, over the floor: the same keys written
 * into the same page with no editor code (docs/performance.md, "Keystrokes": the floor alone is
 * 1.5–2.8 ms here, so a bound on the whole figure would be a bound on the browser).
 */
const SMALL_KEYSTROKE_OVER_FLOOR_MAX_MS = 1;
/** Fresh pages per side for the import row, after one that warms the server and the disk cache. */
const IMPORT_RUNS = 9;
const IMPORT_RATIO_MAX = 1;

interface BenchApi {
  reset(): Promise<void>;
  hydrate(draft: BenchDraft): Promise<number>;
  prepareTyping(draft: BenchDraft): Promise<void>;
  keystrokes(): number[];
  textTail(length: number): string;
  nextFrame(): Promise<void>;
}
declare const bench: BenchApi;

async function open(browser: BenchBrowser, editor: "t3" | "tiptap" | "floor"): Promise<Page> {
  const page = await browser.open(`bench/pages/composer.html?editor=${editor}`);
  await page.waitForFunction(() => document.title === "ready");
  return page;
}

/** Empties the editor, then hydrates `draft`: ms to the first paint (bench/pages/composer-harness.ts). */
export async function hydrate(page: EnginePage, draft: BenchDraft): Promise<number> {
  await page.bringToFront();
  await page.evaluate(() => bench.reset());
  return page.evaluate((d) => bench.hydrate(d), draft);
}

/** One round of typing at the end of `draft`: the counted keystroke times, in ms. */
export async function typing(page: EnginePage, draft: BenchDraft): Promise<number[]> {
  await page.bringToFront();
  await page.evaluate((d) => bench.prepareTyping(d), draft);
  for (let i = 0; i < WARMUP_KEYS + KEYS; i++) {
    await page.press("a");
    // A person types slower than a frame: each key lands on a drawn page.
    await page.evaluate(() => bench.nextFrame());
  }
  const times = await page.evaluate(() => bench.keystrokes());
  if (times.length !== WARMUP_KEYS + KEYS) throw new Error(`expected ${WARMUP_KEYS + KEYS} keystroke times, got ${times.length}`);
  // A key that landed anywhere but the caret at the end would time some other edit.
  const typed = "a".repeat(WARMUP_KEYS + KEYS);
  const tail = await page.evaluate((length) => bench.textTail(length), typed.length);
  if (tail !== typed) throw new Error(`the keys did not land at the end of the draft: it ends in ${JSON.stringify(tail.slice(-20))}`);
  return times.slice(WARMUP_KEYS);
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A paste as the red team made it (issue 14): 50,000 chip links in about 12 MB. */
const PASTE_CHIPS = 50_000;
const PASTE_LABEL_CHARS = 200;
/** No task of the paste may hold the main thread longer than this. */
const LONG_TASK_MAX_MS = 100;

/**
 * Pastes the red team's fragment into an empty draft and watches long tasks (PerformanceObserver
 * "longtask") until it is in (read in slices into one pasted block, docs/composer.md "Large
 * pastes", and drawn): the longest task, their count, and the whole time.
 * With `chipsPerLine`, a line break follows every that many chips instead of a space
 * (bench/profile.ts `paste-lines`); the row itself pastes one line.
 */
export async function largePaste(page: Page, chipsPerLine = 0): Promise<{ longest: number; tasks: number; total: number; size: number }> {
  await page.bringToFront();
  return page.evaluate(
    async (chips, labelChars, perLine) => {
      type Composer = HTMLElement & { value: { text: string }; updateComplete: Promise<unknown> };
      const composer = document.querySelector("t3-composer") as Composer;
      composer.setAttribute("long-paste-threshold", String(Number.MAX_SAFE_INTEGER));
      composer.value = { text: "" };
      await composer.updateComplete;
      const editable = composer.shadowRoot!.querySelector<HTMLElement>("[contenteditable]")!;
      editable.focus();
      const label = "x".repeat(labelChars - 8);
      const text = Array.from({ length: chips }, (_, i) => {
        const gap = perLine && (i + 1) % perLine === 0 ? "\n" : " ";
        return `[${label}${String(i).padStart(8, "0")}](t3-context://v1/file/f${i})${gap}`;
      }).join("");
      const data = new DataTransfer();
      data.setData("text/plain", text);
      // Building 12 MB of text is this script's work, not the paste's: it ends with its own task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const durations: number[] = [];
      const observer = new PerformanceObserver((list) => durations.push(...list.getEntries().map((entry) => entry.duration)));
      observer.observe({ type: "longtask" });
      const start = performance.now();
      editable.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
      while (editable.hasAttribute("data-paste-progress")) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const total = performance.now() - start;
      durations.push(...observer.takeRecords().map((entry) => entry.duration));
      observer.disconnect();
      // The row times the paste only if all of it went in (as a pasted block: docs/composer.md, "Large pastes").
      if (composer.value.text !== text) throw new Error(`the paste did not go in whole: ${composer.value.text.length} of ${text.length} characters`);
      return { longest: Math.max(0, ...durations), tasks: durations.length, total, size: text.length };
    },
    PASTE_CHIPS,
    PASTE_LABEL_CHARS,
    chipsPerLine,
  );
}

/**
 * Import to defined, against Tiptap's import to a created editor: fresh pages, alternating which
 * side goes first in each round so that neither always follows the other.
 */
async function importRow(browser: BenchBrowser): Promise<BenchRow> {
  await importOurs(browser);
  await importTiptap(browser);
  const times = { ours: [] as number[], tiptap: [] as number[] };
  for (let round = 0; round < IMPORT_RUNS; round++) {
    if (round % 2) times.tiptap.push(await importTiptap(browser));
    times.ours.push(await importOurs(browser));
    if (!(round % 2)) times.tiptap.push(await importTiptap(browser));
  }
  const [ours, tiptap] = [median(times.ours), median(times.tiptap)];
  return {
    name: "composer: import to both elements defined, first visit",
    ours,
    peer: tiptap,
    peerName: "Tiptap + StarterKit + Mention, import to created editor",
    unit: "ms",
    ratio: ours / tiptap,
    target: `≤ ${IMPORT_RATIO_MAX}×`,
    pass: ours / tiptap <= IMPORT_RATIO_MAX,
    note: `dist/t3-composer.js; ${IMPORT_RUNS} fresh browser contexts each, no cache`,
  };
}

export async function run(): Promise<BenchRow[]> {
  await preparePages();
  const browser = await startBrowser();
  try {
    const imported = await importRow(browser);
    const ours = await open(browser, "t3");
    const [t3, tiptap] = [fromPuppeteer(ours), fromPuppeteer(await open(browser, "tiptap"))];
    // The keys written in place with no editor code (bench/pages/composer-harness.ts): the note's floor.
    const floor = fromPuppeteer(await open(browser, "floor"));
    const big = benchDraft(1_000_000, 2000);
    const small = benchDraft(5000, 20);

    // Interleaved, so that drift in the machine's load affects both alike.
    const hydration = { ours: [] as number[], tiptap: [] as number[] };
    for (let i = 0; i < HYDRATE_RUNS; i++) {
      hydration.ours.push(await hydrate(t3, big));
      hydration.tiptap.push(await hydrate(tiptap, big));
    }
    const keys = { big: { ours: [] as number[], tiptap: [] as number[] }, small: { ours: [] as number[], tiptap: [] as number[] } };
    const floorKeys: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [size, draft] of [["big", big], ["small", small]] as const) {
        keys[size].ours.push(...(await typing(t3, draft)));
        keys[size].tiptap.push(...(await typing(tiptap, draft)));
      }
      floorKeys.push(...(await typing(floor, small)));
    }

    const hydrated = { ours: median(hydration.ours), tiptap: median(hydration.tiptap) };
    const bigLabel = `1 MB draft, ${big.chips.toLocaleString("en")} chips`;
    const smallLabel = `5 KB draft, ${small.chips} chips`;
    const peerName = "Tiptap + StarterKit + Mention";
    const rows: BenchRow[] = [
      imported,
      {
        name: `composer: hydrate ${bigLabel}, to first paint`,
        ours: hydrated.ours,
        peer: hydrated.tiptap,
        peerName: `${peerName} setContent`,
        unit: "ms",
        ratio: hydrated.ours / hydrated.tiptap,
        target: `≤ ${HYDRATE_RATIO_MAX}×`,
        pass: hydrated.ours / hydrated.tiptap <= HYDRATE_RATIO_MAX,
        note: "drawn, styled and laid out for the first frame; both with content-visibility on off-screen lines",
      },
    ];
    const floorP50 = median(floorKeys);
    for (const [size, label] of [["big", bigLabel], ["small", smallLabel]] as const) {
      const { ours: o, tiptap: t } = keys[size];
      const p50 = { ours: median(o), tiptap: median(t) };
      const p90 = { ours: percentile(o, 90), tiptap: percentile(t, 90) };
      const p50Pass =
        size === "big"
          ? p50.ours / p50.tiptap <= KEYSTROKE_RATIO_MAX && p50.ours < FRAME_MS
          : p50.ours - floorP50 <= SMALL_KEYSTROKE_OVER_FLOOR_MAX_MS && p50.ours <= p50.tiptap;
      rows.push(
        {
          name: `composer: keystroke to DOM p50, ${label}`,
          ours: p50.ours,
          peer: p50.tiptap,
          peerName,
          unit: "ms",
          ratio: p50.ours / p50.tiptap,
          target: size === "big" ? `≤ ${KEYSTROKE_RATIO_MAX}× and < ${FRAME_MS} ms` : `≤ floor + ${SMALL_KEYSTROKE_OVER_FLOOR_MAX_MS} ms and ≤ Tiptap`,
          pass: p50Pass,
          note:
            size === "big"
              ? `${o.length} keys each`
              : `${o.length} keys each; floor (the keys written in place, no editor code) ${ms(floorP50)}, ours ${ms(p50.ours - floorP50)} over it`,
        },
        {
          name: `composer: keystroke to DOM p90, ${label}`,
          ours: p90.ours,
          peer: p90.tiptap,
          peerName,
          unit: "ms",
          ratio: p90.ours / p90.tiptap,
          target: size === "big" ? `< ${FRAME_MS} ms` : "≤ Tiptap",
          pass: size === "big" ? p90.ours < FRAME_MS : p90.ours <= p90.tiptap,
          note: `max ${ms(Math.max(...o))} vs ${ms(Math.max(...t))}`,
        },
      );
    }
    const paste = await largePaste(ours);
    rows.push({
      name: `composer: paste ${PASTE_CHIPS.toLocaleString("en")} chips (${(paste.size / 1_000_000).toFixed(1)} MB), longest task`,
      ours: paste.longest,
      peer: LONG_TASK_MAX_MS,
      peerName: "the bound",
      unit: "ms",
      ratio: paste.longest / LONG_TASK_MAX_MS,
      target: `≤ ${LONG_TASK_MAX_MS} ms`,
      pass: paste.longest <= LONG_TASK_MAX_MS,
      note: `${paste.tasks} long tasks (> 50 ms); all in after ${ms(paste.total)}`,
    });
    return rows;
  } finally {
    await browser.close();
  }
}
