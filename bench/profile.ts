// `npx tsx bench/profile.ts <scenario> [t3|tiptap|floor] [profile|trace]`: one benchmark scenario under Chromium's
// sampling profiler. Prints the functions with the most self and total time, and writes the
// profile to bench/.work/<scenario>-<subject>.cpuprofile (open it in DevTools); `trace` prints the
// main thread's time per trace event instead (script, style, layout, editing…). Run
// `npm run build` first.
import type { Page } from "puppeteer-core";
import { codeThread, startStream, streamTexts, streamedTexts } from "./code.bench.js";
import { largePaste } from "./composer.bench.js";
import { benchDraft } from "./fixtures/draft.js";
import { benchThread } from "./fixtures/thread.js";
import { startBrowser } from "./lib/browser.js";
import { preparePages } from "./lib/pages.js";
import { percentile } from "./lib/row.js";
import { profile, saveProfile, selfTimes, totalTimes } from "./lib/profile.js";
import { traceSelfTimes } from "./lib/trace.js";

type Bench = Record<string, (...args: unknown[]) => Promise<unknown>>;
declare const bench: Bench;

const [scenario = "keys-big", subject = "t3", mode = "profile"] = process.argv.slice(2);
const KEYS = 20;
/** The long thread of the transcript suite's long rows, and how many times a profiled row runs. */
const LONG_THREAD = 10_000;
const PROFILED_RUNS = 3;

async function typeKeys(page: Page): Promise<void> {
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press("a");
    await page.evaluate(() => bench.nextFrame!());
  }
}

const scenarios: Record<string, { page: string; run(page: Page): Promise<unknown> }> = {
  hydrate: {
    page: `composer.html?editor=${subject}`,
    run: async (page) => {
      const draft = benchDraft(1_000_000, 2000);
      await page.evaluate(() => bench.reset!());
      await page.evaluate((d) => bench.hydrate!(d), draft); // warm
      await page.evaluate(() => bench.reset!());
      return measure(page, () => page.evaluate((d) => bench.hydrate!(d), draft));
    },
  },
  "keys-big": {
    page: `composer.html?editor=${subject}`,
    run: async (page) => {
      await page.evaluate((d) => bench.prepareTyping!(d), benchDraft(1_000_000, 2000));
      await typeKeys(page);
      return measure(page, () => typeKeys(page));
    },
  },
  "keys-small": {
    page: `composer.html?editor=${subject}`,
    run: async (page) => {
      await page.evaluate((d) => bench.prepareTyping!(d), benchDraft(5000, 20));
      await typeKeys(page);
      return measure(page, () => typeKeys(page));
    },
  },
  // The floor under `keys-small` (bench/pages/composer-harness.ts, `?editor=floor`): no editor
  // code runs for the keys. Prints the harness's median of keys typed before the profiled ones.
  "keys-floor": {
    page: `composer.html?editor=floor`,
    run: async (page) => {
      await page.evaluate((d) => bench.prepareTyping!(d), benchDraft(5000, 20));
      await typeKeys(page);
      await typeKeys(page);
      const times = ((await page.evaluate(() => bench.keystrokes!())) as number[]).slice(-KEYS);
      console.log(`keystroke to DOM without the editor, p50 ${percentile(times, 50).toFixed(3)} ms (unprofiled)`);
      return measure(page, () => typeKeys(page));
    },
  },
  // The 50,000-chip paste of the composer suite; prints its longest task, task count and time.
  paste: {
    page: `composer.html?editor=t3`,
    run: (page) => measure(page, async () => console.log(await largePaste(page))),
  },
  // The same chips on lines of 10 (a paste that has line breaks).
  "paste-lines": {
    page: `composer.html?editor=t3`,
    run: (page) => measure(page, async () => console.log(await largePaste(page, 10))),
  },
  // The floor under `paste`: no editor, 50 × 1,000 chip-like spans (label clipped with an ellipsis)
  // appended to one <p>;
  // prints the layout time of the first and last append and of one relayout of all of them.
  "paste-floor": {
    page: `composer.html?editor=t3`,
    run: (page) => measure(page, async () => console.log(await page.evaluate(pasteFloor))),
  },
  "first-render": {
    page: `transcript.html?mode=${subject}`,
    run: async (page) => {
      const { messages } = benchThread(1000);
      await page.evaluate((m) => bench.firstRender!(m), messages);
      return measure(page, () => page.evaluate((m) => bench.firstRender!(m), messages));
    },
  },
  update: {
    page: `transcript.html?mode=${subject}`,
    run: async (page) => {
      const { messages } = benchThread(1000);
      await page.evaluate((m) => bench.firstRender!(m), messages);
      let text = messages.at(-1)!.text;
      return measure(page, async () => {
        for (let i = 0; i < 30; i++) await page.evaluate((t) => bench.updateLast!(t), (text += ` streamed words ${i}`));
      });
    },
  },
  // The code suite's first render (bench/code.bench.ts): 1,000 messages, 300 with code, until the
  // blocks in view are highlighted (`?mode=t3&highlight=off` for the same without highlighting).
  "code-first-render": {
    page: `transcript.html?mode=${subject}`,
    run: async (page) => {
      const messages = codeThread();
      await page.evaluate(() => bench.prepare!());
      await page.evaluate((m) => bench.firstRender!(m), messages);
      await page.evaluate(() => bench.codeInView!());
      await page.evaluate(() => bench.prepare!());
      return measure(page, async () => {
        await page.evaluate((m) => bench.firstRender!(m), messages);
        await page.evaluate(() => bench.codeInView!());
      });
    },
  },
  // The code suite's streamed reply (bench/code.bench.ts): 200 updates, half of it a growing fence.
  "code-stream": {
    page: `transcript.html?mode=${subject}`,
    run: async (page) => {
      await startStream(page);
      return measure(page, () => streamTexts(page, streamedTexts()));
    },
  },
  // The long-thread rows (issue 17): the first frame showing the newest of 10,000 messages
  // (prints each run's ms), and a fast scroll up through them (prints the p95 and longest frame).
  "first-frame": {
    page: `transcript.html?mode=${subject}`,
    run: async (page) => {
      const { messages } = benchThread(LONG_THREAD);
      await page.evaluate((m) => bench.firstPaint!(m), messages);
      return measure(page, async () => {
        const times: unknown[] = [];
        for (let i = 0; i < PROFILED_RUNS; i++) times.push(await page.evaluate((m) => bench.firstPaint!(m), messages));
        console.log("first frame, ms:", times);
      });
    },
  },
  scroll: {
    page: `transcript.html?mode=${subject}`,
    run: async (page) => {
      await page.evaluate((m) => bench.firstRender!(m), benchThread(LONG_THREAD).messages);
      return measure(page, async () => {
        const frames = (await page.evaluate(() => bench.scrollFrames!(120, 400))) as number[];
        console.log(`frames: p95 ${percentile(frames, 95).toFixed(1)} ms, longest ${Math.max(...frames).toFixed(1)} ms, over 50 ms: ${frames.filter((f) => f > 50).length}`);
      });
    },
  },
};

function pasteFloor(): Record<string, number> {
  const box = document.createElement("div");
  box.style.cssText = "width: 700px; height: 300px; overflow: auto; white-space: pre-wrap";
  const style = "display: inline-flex; max-width: 28em; white-space: nowrap; border: 1px solid; padding: 0 0.45em";
  const paragraph = box.appendChild(document.createElement("p"));
  document.body.append(box);
  const appends: number[] = [];
  for (let piece = 0; piece < 50; piece++) {
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < 1000; i++) {
      const chip = document.createElement("span");
      chip.style.cssText = style;
      chip.contentEditable = "false";
      const label = chip.appendChild(document.createElement("span"));
      label.style.cssText = "overflow: hidden; text-overflow: ellipsis; min-width: 0";
      label.append("x".repeat(200));
      fragment.append(chip, " ");
    }
    paragraph.append(fragment);
    const start = performance.now();
    void paragraph.offsetHeight;
    appends.push(performance.now() - start);
  }
  const start = performance.now();
  box.style.width = "650px";
  void paragraph.offsetHeight;
  return { firstAppend: appends[0]!, lastAppend: appends.at(-1)!, relayout: performance.now() - start };
}

type Measure = (page: Page, action: () => Promise<unknown>) => Promise<unknown>;
let measure: Measure = profile;

const chosen = scenarios[scenario];
if (!chosen) throw new Error(`unknown scenario ${scenario}: ${Object.keys(scenarios).join(", ")}`);
await preparePages();
const browser = await startBrowser();
try {
  // `T3_DROP_IN=/bench/.work/base/t3-composer.js` profiles another build of the drop-in (an A/B).
  const dropIn = process.env.T3_DROP_IN;
  const page = await browser.open(`bench/pages/${chosen.page}${dropIn ? `&drop-in=${encodeURIComponent(dropIn)}` : ""}`);
  await page.waitForFunction(() => document.title === "ready");
  await page.bringToFront();
  if (mode === "trace") {
    let times: Awaited<ReturnType<typeof traceSelfTimes>> = [];
    measure = async (p, action) => (times = await traceSelfTimes(p, action));
    await chosen.run(page);
    console.log(`main thread self time per trace event (${scenario}, ${subject}):`);
    for (const { name, ms, count } of times) console.log(`${ms.toFixed(1).padStart(9)} ms  ${String(count).padStart(6)}×  ${name}`);
    process.exit(0);
  }
  const result = (await chosen.run(page)) as Parameters<typeof selfTimes>[0];
  const path = new URL(`./.work/${scenario}-${subject}.cpuprofile`, import.meta.url).pathname;
  saveProfile(result, path);
  const line = ({ name, ms }: { name: string; ms: number }) => `${ms.toFixed(1).padStart(9)} ms  ${name}`;
  console.log(`self time (${scenario}, ${subject}):`);
  for (const entry of selfTimes(result)) console.log(line(entry));
  console.log(`\ntotal time:`);
  for (const entry of totalTimes(result)) console.log(line(entry));
  console.log(`\nprofile: ${path}`);
} finally {
  await browser.close();
}
