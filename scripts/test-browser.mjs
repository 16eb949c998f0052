// Runs the browser tests through @web/test-runner, once per engine: `--engine chromium` (the
// default), `--engine firefox`, `--engine webkit`, `--engine all`, or several (`--engine
// firefox,webkit`). `--core` runs only the element suites every page of a host depends on
// (CORE_FILES); `--core-in firefox` does so in the engines named only, the others running
// everything; `--outside-core` runs every file but those (CI runs it in Firefox after `npm test`,
// so that every file runs in every engine). `--parallel` runs the engines at the same time, each
// one's output held back and printed whole when it ends, so that two engines' lines never mix
// (`npm test` runs Firefox and WebKit so: each runs one file at a time, which leaves a core of
// this machine idle). Every other argument is passed on (for example `--files
// 'test/elements/composer/**/*.test.ts'`). Each engine's browser comes from the system's packages
// (scripts/engines.mjs). The end-to-end tests load the built package (the demo through the
// reference host, the embedding recipes built by Vite): the package is built when dist/ is
// missing, and the recipes are built again every time (about 3 s), so that they never test an
// older dist/. A summary line per engine closes the output.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { ensureEngine, parseEngines } from "./engines.mjs";
import { bin, run } from "./run.mjs";
import { TEST_FILES } from "../test/support/browsers.mjs";

/**
 * The element suites every page of a host depends on, for a shorter run in another engine than
 * the whole suite (docs/development.md, "Engines"); `npm run test:engines` runs everything
 * everywhere.
 */
const CORE_FILES = [
  "test/elements/composer/**/*.test.ts",
  "test/elements/clipboard/**/*.test.ts",
  "test/elements/transcript/**/*.test.ts",
  "test/elements/presentation/**/*.test.ts",
  "test/elements/a11y/**/*.test.ts",
];

/** How much of the runner's last output is kept to find its counts. */
const TAIL_CHARS = 20_000;

/** A progress line of the runner: one per group of test files, `… | 3/9 test files | 12 passed, 0 failed`. */
const PROGRESS_LINE = /\| \d+\/\d+ test files \| (\d+) passed, (\d+) failed/;

/**
 * The counts of the runner's last report in `output`: the runner reports its groups (the
 * microphone's beside the rest, web-test-runner.config.mjs) on consecutive lines, so the counts
 * of the last run of such lines are added up. `undefined` when there is no report.
 */
function lastCounts(output) {
  const lines = output.split("\n");
  let at = lines.findLastIndex((line) => PROGRESS_LINE.test(line));
  if (at === -1) return undefined;
  let passed = 0;
  let failed = 0;
  for (let match; at >= 0 && (match = PROGRESS_LINE.exec(lines[at])); at--) {
    passed += Number(match[1]);
    failed += Number(match[2]);
  }
  return { passed, failed };
}

/**
 * Runs the test runner for `engine` with `args` and answers `{ code, passed, failed, seconds }`
 * (the counts read from the runner's last summary). Its output goes through as it comes, or, when
 * `holdOutput` is set, is printed whole once the runner ends.
 */
function runEngine(engine, args, holdOutput) {
  const started = Date.now();
  if (!holdOutput) console.log(`\n── browser tests: ${engine} ──`);
  return new Promise((resolve) => {
    const child = spawn(bin("web-test-runner"), ["--config", "web-test-runner.config.mjs", ...args], {
      stdio: ["inherit", "pipe", holdOutput ? "pipe" : "inherit"],
      env: { ...process.env, T3_ENGINE: engine },
    });
    let tail = "";
    const held = [];
    const take = (chunk) => {
      if (holdOutput) held.push(chunk);
      else process.stdout.write(chunk);
    };
    child.stdout.on("data", (chunk) => {
      take(chunk);
      tail = (tail + chunk).slice(-TAIL_CHARS);
    });
    child.stderr?.on("data", take);
    child.on("exit", (code, signal) => {
      if (holdOutput) {
        console.log(`\n── browser tests: ${engine} ──`);
        process.stdout.write(Buffer.concat(held));
      }
      // eslint-disable-next-line no-control-regex -- the runner colours its summary.
      const plain = tail.replace(/\u001b\[[0-9;]*m/g, "");
      const counts = lastCounts(plain);
      resolve({
        code: code ?? (signal ? 1 : 0),
        passed: counts?.passed,
        failed: counts?.failed,
        seconds: Math.round((Date.now() - started) / 1000),
      });
    });
  });
}

const parsed = parseEngines(process.argv.slice(2));
const { engines } = parsed;
const coreAt = parsed.rest.indexOf("--core-in");
const coreIn = coreAt === -1 ? undefined : parsed.rest.splice(coreAt, 2)[1]?.split(",");
if (coreAt !== -1 && !coreIn?.every((engine) => engines.includes(engine))) {
  console.error(`--core-in names engines this run has (${engines.join(", ")}), got ${coreIn?.join(",") ?? "nothing"}`);
  process.exit(2);
}
const core = parsed.rest.includes("--core");
const outsideCore = parsed.rest.includes("--outside-core");
const parallel = parsed.rest.includes("--parallel") && engines.length > 1;
const rest = parsed.rest.filter((arg) => arg !== "--core" && arg !== "--outside-core" && arg !== "--parallel");
if (outsideCore && (core || coreIn)) {
  console.error("--outside-core runs the files --core leaves out: use one of them");
  process.exit(2);
}
/** The runner's arguments for `engine`: the element suites alone where `--core` or `--core-in` says so, or all but them. */
function argsFor(engine) {
  if (outsideCore) return [...rest, "--files", ...TEST_FILES, ...CORE_FILES.map((glob) => `!${glob}`)];
  return core || coreIn?.includes(engine) ? [...rest, "--files", ...CORE_FILES] : rest;
}
for (const engine of engines) ensureEngine(engine);
if (!existsSync(new URL("../dist/index.js", import.meta.url))) {
  const built = await run("npm", ["--silent", "run", "build"]);
  if (built !== 0) process.exit(built);
}
const embeds = await run(process.execPath, [new URL("build-embeds.mjs", import.meta.url).pathname]);
if (embeds !== 0) process.exit(embeds);

/**
 * As many free loopback ports as `count`, all different: each is held until every one is found.
 * Runners started at once would otherwise both find the runner's default port free, and the
 * second to listen on it would fail (EADDRINUSE).
 */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

const results = [];
if (parallel) {
  const ports = await freePorts(engines.length);
  results.push(...(await Promise.all(engines.map(async (engine, i) => ({ engine, ...(await runEngine(engine, [...argsFor(engine), "--port", String(ports[i])], true)) })))));
} else {
  for (const engine of engines) results.push({ engine, ...(await runEngine(engine, argsFor(engine), false)) });
}
console.log("");
for (const { engine, code, passed, failed, seconds } of results) {
  const counts = passed === undefined ? "no test results" : `${passed} passed, ${failed} failed`;
  console.log(`${code === 0 ? "✓" : "✗"} ${engine.padEnd(8)} ${counts} in ${seconds} s`);
}
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
