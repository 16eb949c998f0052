import { esbuildPlugin } from "@web/dev-server-esbuild";
import { browsersFor } from "./test/support/browsers.mjs";
import { pageCommandsPlugin } from "./test/support/page-commands.mjs";
import { hostProxyMiddleware, serverCommands, urlRulesMiddleware } from "./test/support/server-commands.mjs";

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ["test/elements/**/*.test.ts", "test/e2e/**/*.test.ts", "test/unit/**/*.browser.test.ts"],
  nodeResolve: { exportConditions: ["development"] },
  // `/t3-host/<id>/…` reaches the reference hosts that end-to-end tests start (server-commands.mjs).
  // `block-urls` and `hold-urls` outside Chromium are done by the server (url-rules.mjs).
  middleware: [urlRulesMiddleware, hostProxyMiddleware],
  plugins: [esbuildPlugin({ ts: true, target: "es2022", tsconfig: "tsconfig.json" }), ...serverCommands(), pageCommandsPlugin()],
  // T3_ENGINE picks the browser: chromium (the default), firefox or webkit (test/support/browsers.mjs).
  ...browsersFor(),
  browserStartTimeout: 120_000,
  // The tests load lit's development build on purpose (its warnings catch misuse); the notice it
  // prints once per page would stand in every file's output.
  filterBrowserLogs: ({ args }) => !(typeof args[0] === "string" && args[0].startsWith("Lit is in dev mode")),
  staticLogging: !process.stdout.isTTY,
  testFramework: { config: { timeout: 10000 } },
  // Per test file. The lifecycle suite runs 1,000 mount cycles per element (about a minute on a
  // busy 2-core machine), or T3_LIFECYCLE_CYCLES of them.
  testsFinishTimeout: 300_000 + Number(process.env.T3_LIFECYCLE_CYCLES ?? 0) * 100,
};
