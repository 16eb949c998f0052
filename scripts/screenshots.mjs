// `npm run screenshots`: pictures of the demo for the docs. Builds the package, starts the demo
// host (`npm start`'s entry) on a fresh data folder, and at each size has a person's conversation
// with it in headless Chromium (typed text, chips of several kinds, `@` and `$` suggestions, the
// host's replies), leaves a draft in the composer, and writes the page in light and dark to
// docs/images/demo-<size>-<scheme>.png (docs/demo.md shows them). Each size talks on a thread of
// its own, in the page it pictures, with the developer panel closed, as a person first sees it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";
import { CHROMIUM_FLAGS, ensureChromium } from "./chromium.mjs";
import { bin, run } from "./run.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = join(ROOT, "docs", "images");
/** The size each picture must stay under (test/node/docs-links.test.ts checks it too). */
const MAX_IMAGE_BYTES = 200_000;
/** The threads the conversations happen on: `tour-<size>`. */
const THREAD_PREFIX = "tour-";
/** What the pictures are taken at: a phone held upright (touch) and a laptop screen. */
const VIEWPORTS = {
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1 },
};
const SCHEMES = ["light", "dark"];
/** How long a step may take before the script gives up (a cold page, an upload, a reply). */
const STEP_MS = 20_000;
/** How long the host may take to start its reply to a message. */
const REPLY_MS = 10_000;

/** Starts the demo host on a free port; resolves with its URL and a way to stop it. */
function startHost(dataDir) {
  const child = spawn(bin("tsx"), ["demo/host/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", T3_DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => new Promise((done) => (child.exitCode !== null ? done() : (child.once("exit", done), child.kill("SIGTERM"))));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the demo host exited (${code}) before it listened`)));
    // main.ts prints "t3-composer demo on http://127.0.0.1:<port>/ (…)" once it listens.
    createInterface({ input: child.stdout }).on("line", (line) => {
      const url = /demo on (http:\/\/\S+?)\/? /.exec(line)?.[1];
      if (url) resolve({ url, stop });
    });
  });
}

/** Waits until `predicate(arg)`, run in the page, is truthy. */
const until = (page, predicate, arg) => page.waitForFunction(predicate, { timeout: STEP_MS, polling: 50 }, arg);

/** Clicks the demo's sample button named `name` (it keeps the composer's caret). */
async function insertSample(page, name) {
  const button = await page.evaluateHandle((text) => [...document.querySelectorAll("#kinds button")].find((b) => b.textContent === text), name);
  if (!(await button.evaluate((b) => b instanceof HTMLButtonElement))) throw new Error(`no sample button ${name}`);
  const records = () => document.querySelector("t3-composer").value.context?.records.length ?? 0;
  const before = await page.evaluate(records);
  await button.click();
  await until(page, (n) => (document.querySelector("t3-composer").value.context?.records.length ?? 0) > n, before);
}

/** Types `query` after its trigger (`@` or `$`) and takes the first suggestion. */
async function suggest(page, query) {
  await page.keyboard.type(query);
  await until(page, () => document.querySelector("t3-composer").shadowRoot.querySelector("[role=listbox] [role=option]"));
  await page.keyboard.press("Enter");
}

/** The number of messages of `role` the transcript shows, stored (not pending). */
const shown = (page, role) => page.evaluate((r) => document.querySelector("t3-transcript").messages.filter((m) => m.role === r && !m.pending).length, role);

/**
 * Presses Enter and waits for the host's stored copy, then for its reply to start (when the host
 * runs an assistant; without one, says so) and to finish streaming (no longer `pending`).
 */
async function send(page) {
  const users = await shown(page, "user");
  const replies = await shown(page, "assistant");
  await page.keyboard.press("Enter");
  await until(page, (n) => document.querySelector("t3-transcript").messages.filter((m) => m.role === "user" && !m.pending).length > n, users);
  try {
    const started = (n) => document.querySelector("t3-transcript").messages.filter((m) => m.role === "assistant").length > n;
    await page.waitForFunction(started, { timeout: REPLY_MS, polling: 50 }, replies);
  } catch {
    console.warn("screenshots: the host sent no reply (it runs no assistant); the pictures show the person's side only");
    return;
  }
  await until(page, (n) => document.querySelector("t3-transcript").messages.filter((m) => m.role === "assistant" && !m.pending).length > n, replies);
}

/** The demo's page on thread `threadId`, live. */
async function openDemo(browser, url, viewport, threadId) {
  const page = await browser.newPage();
  page.on("pageerror", (error) => console.error("page error:", error.message));
  await page.setViewport(viewport);
  await page.goto(`${url}/?thread=${threadId}`);
  await until(page, () => document.getElementById("status")?.dataset.state === "live");
  return page;
}

/** A person's conversation with the host, ending with a draft in the composer. */
async function converse(page) {
  const focus = () => page.evaluate(() => document.querySelector("t3-composer").focus());
  await focus();
  await page.keyboard.type("Why does the build fail after ");
  await insertSample(page, "Terminal excerpt");
  await page.keyboard.type("? It started when I changed ");
  await suggest(page, "@client");
  await send(page);

  await focus();
  await page.keyboard.type("Would a Map fix ");
  await insertSample(page, "Review comment");
  await page.keyboard.type("? Check it with ");
  await suggest(page, "$rev");
  await send(page);

  // The draft the pictures show.
  await focus();
  await page.keyboard.type("Now make ");
  await insertSample(page, "Browser element");
  await page.keyboard.type("match ");
  await insertSample(page, "Preview annotation");
  // The budget meter counts the draft after a pause (docs/budget.md): wait until it has.
  await until(page, () => (document.querySelector("t3-composer").shadowRoot.querySelector('[part~="budget"] meter')?.value ?? 0) > 0);
}

/** Writes the page in `scheme` to `file`; returns its size in bytes. */
async function picture(page, scheme, file) {
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
  // The pointer rests off the page's controls, so that no button shows its hover state.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    document.activeElement?.blur();
    // The sample row of a phone scrolls sideways as buttons are pressed: show its start.
    document.getElementById("kinds").scrollLeft = 0;
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await page.screenshot({ path: file, type: "png" });
  return statSync(file).size;
}

// `-- --no-build` takes the pictures of the dist/ already built.
if (!process.argv.includes("--no-build")) {
  const built = await run("npm", ["--silent", "run", "build"], { cwd: ROOT });
  if (built !== 0) process.exit(built);
}
const dataDir = mkdtempSync(join(tmpdir(), "t3-composer-screenshots-"));
const host = await startHost(dataDir);
const browser = await puppeteer.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS });
let failed = false;
try {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const page = await openDemo(browser, host.url, viewport, `${THREAD_PREFIX}${size}`);
    await converse(page);
    for (const scheme of SCHEMES) {
      const file = join(OUT, `demo-${size}-${scheme}.png`);
      const bytes = await picture(page, scheme, file);
      const tooBig = bytes > MAX_IMAGE_BYTES;
      failed ||= tooBig;
      console.log(`${tooBig ? "TOO BIG " : ""}docs/images/demo-${size}-${scheme}.png: ${bytes} bytes`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`screenshots: keep each picture under ${MAX_IMAGE_BYTES} bytes (docs/images is in git)`);
  process.exit(1);
}
