import { esbuildPlugin } from "@web/dev-server-esbuild";
import { chromeLauncher } from "@web/test-runner-chrome";
import { CHROMIUM_FLAGS } from "./scripts/chromium.mjs";
import { pageCommandsPlugin } from "./test/support/page-commands.mjs";
import { hostProxyMiddleware, serverCommands } from "./test/support/server-commands.mjs";

/**
 * The tests of the microphone (dictation with `createRecordedSpeech`) run in a Chromium of their
 * own, with a fake microphone (each test grants or denies it: page-commands.mjs): `--group microphone`
 * runs them alone, and a run without `--files` runs them beside the others. A run with `--files`
 * leaves the group out (test-runner would start its Chromium for every subset otherwise).
 */
const MICROPHONE_FILES = "test/elements/composer/dictation-microphone*.test.ts";
const MICROPHONE_FLAGS = ["--use-fake-device-for-media-stream"];
const argv = process.argv.slice(2);
const microphoneGroup = argv.some((arg) => arg === "--group" || arg.startsWith("--group=")) || !argv.some((arg) => arg === "--files" || arg.startsWith("--files="));

/** The launcher of the tests, with `flags` added to Chromium's. */
function chromium(flags = []) {
  return chromeLauncher({
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: [...CHROMIUM_FLAGS, ...flags],
      // Puppeteer's 30 s is not always enough for a cold Chromium on a loaded 2-core machine.
      timeout: 120_000,
    },
    // One browser context per test file: with two files at once in one context, the second
    // tab is hidden, so requestAnimationFrame never fires there, nothing renders, and focus
    // and hit-testing (content-visibility) behave unlike a real page.
    async createPage({ browser }) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.once("close", () => void context.close().catch(() => {}));
      return page;
    },
  });
}

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ["test/elements/**/*.test.ts", "test/e2e/**/*.test.ts", "test/unit/**/*.browser.test.ts", `!${MICROPHONE_FILES}`],
  groups: microphoneGroup ? [{ name: "microphone", files: MICROPHONE_FILES, browsers: [chromium(MICROPHONE_FLAGS)] }] : [],
  nodeResolve: { exportConditions: ["development"] },
  // `/t3-host/<id>/…` reaches the reference hosts that end-to-end tests start (server-commands.mjs).
  middleware: [hostProxyMiddleware],
  plugins: [esbuildPlugin({ ts: true, target: "es2022", tsconfig: "tsconfig.json" }), ...serverCommands(), pageCommandsPlugin()],
  browsers: [chromium()],
  // Two cores: more pages at once only makes each slower.
  concurrency: 2,
  browserStartTimeout: 120_000,
  staticLogging: !process.stdout.isTTY,
  testFramework: { config: { timeout: 10000 } },
  // Per test file. The lifecycle suite runs 1,000 mount cycles per element (about a minute on a
  // busy 2-core machine), or T3_LIFECYCLE_CYCLES of them.
  testsFinishTimeout: Number(process.env.T3_FINISH_TIMEOUT ?? 300_000) + Number(process.env.T3_LIFECYCLE_CYCLES ?? 0) * 100,
};
