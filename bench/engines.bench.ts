// The engine column (issue 36): the composer's and the transcript's main rows in Firefox and
// WebKit (and Chromium when asked), each beside its peer in the same engine, on the same pages
// with the same CSS, measured the way bench/composer.bench.ts and bench/transcript.bench.ts
// measure them in Chromium (their functions, real keys through each engine's driver):
// - keystroke to DOM p50 (and p90 in the note) at the end of a 5 KB and of a 1 MB draft, against Tiptap;
// - hydrate the 1 MB draft to first paint, against Tiptap's `setContent`;
// - transcript first render of 1,000 messages, against marked → innerHTML (the floor).
// `T3_BENCH_ENGINES` (comma-separated; scripts/bench.mjs sets it from `--engine`) picks the
// engines, Firefox and WebKit by default; `T3_BENCH_ROWS` (from `--rows`) picks keys, hydrate
// and transcript, all by default.
import { hydrate, KEYSTROKE_RATIO_MAX, typing } from "./composer.bench.js";
import { benchDraft } from "./fixtures/draft.js";
import { benchThread } from "./fixtures/thread.js";
import { BENCH_ENGINES, ENGINE_NAMES, startEngine, type Engine, type EngineBrowser } from "./lib/engine.js";
import { preparePages } from "./lib/pages.js";
import { median, percentile, type BenchRow } from "./lib/row.js";
import { FIRST_RENDER_RATIO_MAX, renderThread } from "./transcript.bench.js";

/** Issue 36's targets, the same in every engine. */
const SMALL_KEYSTROKE_RATIO_MAX = 1;
const HYDRATE_RATIO_MAX = 0.5;
/** Fewer than Chromium's 7: Tiptap's 1 MB `setContent` takes many seconds in WebKit here. */
const HYDRATE_RUNS = 5;
const KEY_ROUNDS = 3;
const FIRST_RENDER_RUNS = 5;
const THREAD_MESSAGES = 1000;

export const ENGINE_ROWS = ["keys", "hydrate", "transcript"] as const;
type EngineRow = (typeof ENGINE_ROWS)[number];

/**
 * Engines whose Tiptap page goes without the off-screen rule (`content-visibility`) for typing:
 * in WebKitGTK 2.50 the rule makes Tiptap put typed text at the start of the last line, so its
 * keys would time a different edit (the typing check in bench/composer.bench.ts catches it).
 * Hydration keeps the rule there, as it is the rule that spares Tiptap the layout of 1 MB.
 */
const TIPTAP_TYPES_WITHOUT_CONTENT_VISIBILITY: ReadonlySet<Engine> = new Set(["webkit"]);

function listFromEnv<T extends string>(name: string, all: readonly T[], fallback: readonly T[]): T[] {
  const value = process.env[name];
  if (!value) return [...fallback];
  const names = value.split(",").filter(Boolean);
  const unknown = names.filter((item) => !all.includes(item as T));
  if (unknown.length) throw new Error(`${name}: no ${unknown.join(", ")} (choose from ${all.join(", ")})`);
  return names as T[];
}

const ratioRow = (row: Omit<BenchRow, "ratio" | "pass" | "unit">, max: number): BenchRow => ({
  ...row,
  unit: "ms",
  ratio: row.ours / row.peer,
  pass: row.ours / row.peer <= max,
});

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function composerRows(browser: EngineBrowser, rows: readonly EngineRow[]): Promise<BenchRow[]> {
  const engine = ENGINE_NAMES[browser.engine];
  const ours = await browser.open("bench/pages/composer.html?editor=t3");
  const tiptap = await browser.open("bench/pages/composer.html?editor=tiptap");
  const bare = TIPTAP_TYPES_WITHOUT_CONTENT_VISIBILITY.has(browser.engine);
  const tiptapTyping = bare ? await browser.open("bench/pages/composer.html?editor=tiptap&content-visibility=off") : tiptap;
  // The keys written in place with no editor code: what the engine itself costs a keystroke, in
  // our shadow root (bench/pages/composer-harness.ts).
  const floor = rows.includes("keys") ? await browser.open("bench/pages/composer.html?editor=floor") : undefined;
  const big = benchDraft(1_000_000, 2000);
  const small = benchDraft(5000, 20);
  const result: BenchRow[] = [];
  const peerName = "Tiptap + StarterKit + Mention";
  if (rows.includes("hydrate")) {
    // Interleaved, so that drift in the machine's load affects both alike.
    const times = { ours: [] as number[], tiptap: [] as number[] };
    for (let i = 0; i < HYDRATE_RUNS; i++) {
      times.ours.push(await hydrate(ours, big));
      times.tiptap.push(await hydrate(tiptap, big));
    }
    result.push(
      ratioRow(
        {
          name: `composer: hydrate 1 MB draft, ${big.chips.toLocaleString("en")} chips, to first paint`,
          engine,
          ours: median(times.ours),
          peer: median(times.tiptap),
          peerName: `${peerName} setContent`,
          target: `≤ ${HYDRATE_RATIO_MAX}×`,
          note: `${HYDRATE_RUNS} runs each; both with content-visibility on off-screen lines`,
        },
        HYDRATE_RATIO_MAX,
      ),
    );
  }
  if (rows.includes("keys")) {
    const keys = { big: { ours: [] as number[], tiptap: [] as number[] }, small: { ours: [] as number[], tiptap: [] as number[] } };
    const floorKeys: number[] = [];
    for (let round = 0; round < KEY_ROUNDS; round++) {
      for (const [size, draft] of [["big", big], ["small", small]] as const) {
        keys[size].ours.push(...(await typing(ours, draft)));
        keys[size].tiptap.push(...(await typing(tiptapTyping, draft)));
      }
      floorKeys.push(...(await typing(floor!, small)));
    }
    const floorP50 = median(floorKeys);
    for (const [size, label, max] of [
      ["small", `5 KB draft, ${small.chips} chips`, SMALL_KEYSTROKE_RATIO_MAX],
      ["big", `1 MB draft, ${big.chips.toLocaleString("en")} chips`, KEYSTROKE_RATIO_MAX],
    ] as const) {
      const { ours: o, tiptap: t } = keys[size];
      const p90 = percentile(o, 90) / percentile(t, 90);
      result.push(
        ratioRow(
          {
            name: `composer: keystroke to DOM p50, ${label}`,
            engine,
            ours: median(o),
            peer: median(t),
            peerName,
            target: `≤ ${max}×`,
            note: [
              `${o.length} real keys each; p90 ${ms(percentile(o, 90))} vs ${ms(percentile(t, 90))} (${p90.toFixed(2)}×)`,
              ...(size === "small" ? [`floor (the keys written in place, no editor code) ${ms(floorP50)}: ours ${ms(median(o) - floorP50)} over it, Tiptap ${ms(median(t) - floorP50)}`] : []),
              ...(bare ? ["Tiptap typed without content-visibility (with it, WebKit puts its keys at a line's start)"] : []),
            ].join("; "),
          },
          max,
        ),
      );
    }
  }
  return result;
}

async function transcriptRow(browser: EngineBrowser): Promise<BenchRow> {
  const ours = await browser.open("bench/pages/transcript.html?mode=t3");
  const floor = await browser.open("bench/pages/transcript.html?mode=floor");
  const thread = benchThread(THREAD_MESSAGES);
  const times = { ours: [] as number[], floor: [] as number[] };
  for (let i = 0; i < FIRST_RENDER_RUNS; i++) {
    times.ours.push(await renderThread(ours, thread.messages));
    times.floor.push(await renderThread(floor, thread.messages));
  }
  return ratioRow(
    {
      name: `transcript: first render, ${THREAD_MESSAGES.toLocaleString("en")} messages (${(thread.size / 1_000_000).toFixed(1)} MB, ${thread.chips.toLocaleString("en")} chips)`,
      engine: ENGINE_NAMES[browser.engine],
      ours: median(times.ours),
      peer: median(times.floor),
      peerName: "marked → innerHTML, no chips",
      target: `≤ ${FIRST_RENDER_RATIO_MAX}×`,
      note: `until drawn and laid out; ${FIRST_RENDER_RUNS} runs each`,
    },
    FIRST_RENDER_RATIO_MAX,
  );
}

export async function run(): Promise<BenchRow[]> {
  const engines = listFromEnv<Engine>("T3_BENCH_ENGINES", BENCH_ENGINES, ["firefox", "webkit"]);
  const rows = listFromEnv<EngineRow>("T3_BENCH_ROWS", ENGINE_ROWS, ENGINE_ROWS);
  await preparePages();
  const result: BenchRow[] = [];
  for (const engine of engines) {
    const browser = await startEngine(engine);
    try {
      console.log(`  ${browser.version}`);
      if (rows.includes("keys") || rows.includes("hydrate")) result.push(...(await composerRows(browser, rows)));
      if (rows.includes("transcript")) result.push(await transcriptRow(browser));
    } finally {
      await browser.close();
    }
  }
  return result;
}
