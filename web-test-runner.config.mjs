import { esbuildPlugin } from "@web/dev-server-esbuild";
import { ENGINE, TEST_FILES, browsersFor, chromium } from "./test/support/browsers.mjs";
import { pageCommandsPlugin } from "./test/support/page-commands.mjs";
import { hostProxyMiddleware, serverCommands, urlRulesMiddleware } from "./test/support/server-commands.mjs";

/**
 * The tests of the microphone (dictation with `createRecordedSpeech`) run in a Chromium of their
 * own, with a fake microphone (each test grants or denies it: page-commands.mjs): `--group microphone`
 * runs them alone, and a run without `--files` runs them beside the others. A run with `--files`
 * leaves the group out (test-runner would start its Chromium for every subset otherwise).
 */
const MICROPHONE_FILES = "test/elements/composer/dictation-microphone*.test.ts";
const MICROPHONE_FLAGS = ["--use-fake-device-for-media-stream"];
const argv = process.argv.slice(2);
// The fake microphone is a Chromium flag: the group runs in Chromium only (T3_ENGINE unset or chromium).
const microphoneGroup = ENGINE === "chromium" && (argv.some((arg) => arg === "--group" || arg.startsWith("--group=")) || !argv.some((arg) => arg === "--files" || arg.startsWith("--files=")));

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: [...TEST_FILES, `!${MICROPHONE_FILES}`],
  groups: microphoneGroup ? [{ name: "microphone", files: MICROPHONE_FILES, browsers: [chromium(MICROPHONE_FLAGS)] }] : [],
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
  testsFinishTimeout: Number(process.env.T3_FINISH_TIMEOUT ?? 300_000) + Number(process.env.T3_LIFECYCLE_CYCLES ?? 0) * 100,
};
