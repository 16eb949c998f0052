// `npm run bench [-- --runs N] [suite…]`: builds, then runs the benchmarks (bench/main.ts). With
// suites named, only the bundles they read are built (no typings, no manifest): a quick loop
// while working on one suite.
// `--engine firefox|webkit|chromium|all` (repeated or comma-separated) and `--rows keys,hydrate,transcript`
// pick the engine column's engines and rows (bench/engines.bench.ts); with `--engine` and no
// suite named, only that suite runs.
import { ensureChromium } from "./chromium.mjs";
import { ensureEngine, parseEngines } from "./engines.mjs";
import { bin, run } from "./run.mjs";

/** The rollup builds (rollup.config.js) each suite reads. */
const NEEDS = {
  size: ["drop-in", "drop-in-composer", "drop-in-transcript", "codec-min"],
  decode: ["library"],
  project: ["library"],
  composer: ["drop-in"],
  transcript: ["drop-in"],
  code: ["drop-in"],
  // The host suite runs the sources through tsx; the library build keeps `npm start`'s dist/ whole.
  host: ["library"],
  engines: ["drop-in"],
};
/** The engines suite's engines when `--engine` names none. */
const COLUMN_ENGINES = ["firefox", "webkit"];

process.env.CHROME_PATH = ensureChromium();
const { engines, rest: args } = parseEngines(process.argv.slice(2), []);
const rowsFlag = args.indexOf("--rows");
if (rowsFlag >= 0) {
  process.env.T3_BENCH_ROWS = args[rowsFlag + 1] ?? "";
  args.splice(rowsFlag, 2);
}
const suites = args.filter((arg, index) => !arg.startsWith("--") && args[index - 1] !== "--runs");
if (engines.length && !suites.length) suites.push("engines");
args.push(...suites.filter((suite) => !args.includes(suite)));
if (suites.length === 0 || suites.includes("engines")) {
  process.env.T3_BENCH_ENGINES = (engines.length ? engines : COLUMN_ENGINES).join(",");
  for (const engine of process.env.T3_BENCH_ENGINES.split(",")) ensureEngine(engine);
}
const unknown = suites.filter((suite) => !(suite in NEEDS));
if (unknown.length) {
  console.error(`npm run bench: no suite ${unknown.join(", ")} (suites: ${Object.keys(NEEDS).join(", ")})`);
  process.exit(1);
}
const built = suites.length
  ? await run(bin("rollup"), ["-c", "--silent"], { env: { ...process.env, T3_BUILD: [...new Set(suites.flatMap((suite) => NEEDS[suite]))].join(",") } })
  : await run("npm", ["--silent", "run", "build"]);
if (built !== 0) process.exit(built);
// `--expose-gc`: the host suite's memory row collects garbage before each of its two measurements
// (bench/host.bench.ts); without a collection their difference is mostly the collector's timing.
process.exit(await run(bin("tsx"), ["--expose-gc", "bench/main.ts", ...args]));
