import { esbuildPlugin } from "@web/dev-server-esbuild";
import { chromeLauncher } from "@web/test-runner-chrome";
import { CHROMIUM_FLAGS } from "./scripts/chromium.mjs";
import { hostProxyMiddleware, serverCommands } from "./test/support/server-commands.mjs";

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ["test/elements/**/*.test.ts", "test/e2e/**/*.test.ts", "test/unit/**/*.browser.test.ts"],
  nodeResolve: { exportConditions: ["development"] },
  // `/t3-host/<id>/…` reaches the reference hosts that end-to-end tests start (server-commands.mjs).
  middleware: [hostProxyMiddleware],
  plugins: [esbuildPlugin({ ts: true, target: "es2022", tsconfig: "tsconfig.json" }), ...serverCommands()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        headless: true,
        args: CHROMIUM_FLAGS,
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
  staticLogging: !process.stdout.isTTY,
  testFramework: { config: { timeout: 10000 } },
};
