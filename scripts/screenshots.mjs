// `npm run screenshots`: pictures of the demo for the docs. Builds the package, starts the demo
// host (`npm start`'s entry) on a fresh data folder, has a person's conversation with it in
// headless Chromium (typed text, chips of several kinds, `@` and `$` suggestions, the host's
// replies), leaves a draft in the composer, and writes the page at phone and desktop sizes, light
// and dark, to docs/images/demo-<size>-<scheme>.png (docs/demo.md shows them).
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
const MAX_IMAGE_BYTES = 150_000;
/** The thread the conversation happens on. */
const THREAD = "tour";
/** What the pictures are taken at: a phone held upright (touch) and a laptop screen. */
const VIEWPORTS = {
  phone: { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1 },
};
const SCHEMES = ["light", "dark"];
/** How long a step may take before the script gives up (a cold page, an upload, a reply). */
const STEP_MS = 20_000;
/** How long the host may take to start its reply to a message. */
const REPLY_MS = 10_000;
/** A reply counts as finished once its text has not changed for this long. */
const REPLY_SETTLED_MS = 1_000;

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
 * Presses Enter and waits for the host's stored copy, then for its reply (the host answers each
 * message when it runs an assistant): the reply's text must stop changing. Without one, says so.
 */
async function send(page) {
  const users = await shown(page, "user");
  const replies = await shown(page, "assistant");
  await page.keyboard.press("Enter");
  await until(page, (n) => document.querySelector("t3-transcript").messages.filter((m) => m.role === "user" && !m.pending).length > n, users);
  try {
    const replied = (n) => document.querySelector("t3-transcript").messages.filter((m) => m.role === "assistant").length > n;
    await page.waitForFunction(replied, { timeout: REPLY_MS, polling: 50 }, replies);
  } catch {
    console.warn("screenshots: the host sent no reply (it runs no assistant); the pictures show the person's side only");
    return;
  }
  let last;
  for (;;) {
    const text = await page.evaluate(() => document.querySelector("t3-transcript").messages.findLast((m) => m.role === "assistant").text);
    if (text === last) break;
    last = text;
    await new Promise((done) => setTimeout(done, REPLY_SETTLED_MS));
  }
}

/** The demo's page on the conversation's thread, live. */
async function openDemo(browser, url, viewport, scheme) {
  const page = await browser.newPage();
  page.on("pageerror", (error) => console.error("page error:", error.message));
  await page.setViewport(viewport);
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
  await page.goto(`${url}/?thread=${THREAD}`);
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

  // The draft the pictures show: the composer keeps it (draft-key) for the pages opened next.
  await focus();
  await page.keyboard.type("Now make ");
  await insertSample(page, "Browser element");
  await page.keyboard.type("match ");
  await insertSample(page, "Preview annotation");
}

/** Waits for what the picture must show, then writes it; returns its size in bytes. */
async function picture(page, file) {
  await until(page, () => document.querySelector("t3-composer").value.context?.records.length >= 2);
  await page.evaluate(async () => {
    document.activeElement?.blur();
    await document.fonts.ready;
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
  const first = await openDemo(browser, host.url, VIEWPORTS.desktop, "light");
  await converse(first);
  await first.close();
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const page = await openDemo(browser, host.url, viewport, scheme);
      const file = join(OUT, `demo-${size}-${scheme}.png`);
      const bytes = await picture(page, file);
      await page.close();
      const tooBig = bytes > MAX_IMAGE_BYTES;
      failed ||= tooBig;
      console.log(`${tooBig ? "TOO BIG " : ""}docs/images/demo-${size}-${scheme}.png: ${bytes} bytes`);
    }
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
