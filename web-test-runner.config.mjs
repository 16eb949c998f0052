import { esbuildPlugin } from "@web/dev-server-esbuild";
import { chromeLauncher } from "@web/test-runner-chrome";
import { CHROMIUM_FLAGS } from "./scripts/chromium.mjs";
import { pageCommandsPlugin } from "./test/support/page-commands.mjs";
import { hostProxyMiddleware, serverCommands } from "./test/support/server-commands.mjs";

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ["test/elements/**/*.test.ts", "test/e2e/**/*.test.ts", "test/unit/**/*.browser.test.ts"],
  nodeResolve: { exportConditions: ["development"] },
  // `/t3-host/<id>/…` reaches the reference hosts that end-to-end tests start (server-commands.mjs).
  middleware: [hostProxyMiddleware],
  plugins: [esbuildPlugin({ ts: true, target: "es2022", tsconfig: "tsconfig.json" }), ...serverCommands(), pageCommandsPlugin()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        headless: true,
        args: CHROMIUM_FLAGS,
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
    }),
  ],
  // Two cores: more pages at once only makes each slower.
  concurrency: 2,
  browserStartTimeout: 120_000,
  staticLogging: !process.stdout.isTTY,
  testFramework: { config: { timeout: 10000 } },
  // Per test file. The lifecycle suite runs 1,000 mount cycles per element (about a minute on a
  // busy 2-core machine), or T3_LIFECYCLE_CYCLES of them.
  testsFinishTimeout: 300_000 + Number(process.env.T3_LIFECYCLE_CYCLES ?? 0) * 100,
};
