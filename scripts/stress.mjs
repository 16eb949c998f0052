// `npm run stress`: the browser suite under a concurrent CPU load, to find tests that depend on
// timing. Busy threads (one per core, or `--load <n>`) spin while the suite runs `--runs <n>`
// times (3 by default) in a row; every other argument goes to scripts/test-browser.mjs (for
// example `--engine all`, `--files …`). Exits non-zero when any run failed, and prints each run's
// result at the end.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { run } from "./run.mjs";

function option(args, name, fallback) {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number, got ${args[at + 1]}`);
  return value;
}

const args = process.argv.slice(2);
const runs = option(args, "--runs", 3);
const load = option(args, "--load", availableParallelism());

// Each thread spins until it is terminated: a core kept busy.
const spin = "for (;;) {}";
const workers = Array.from({ length: load }, () => new Worker(spin, { eval: true }));
const results = [];
try {
  for (let i = 1; i <= runs; i++) {
    console.log(`\n══ stress run ${i} of ${runs}, ${load} busy threads ══`);
    const started = Date.now();
    const code = await run(process.execPath, [new URL("test-browser.mjs", import.meta.url).pathname, ...args]);
    results.push({ i, code, seconds: Math.round((Date.now() - started) / 1000) });
  }
} finally {
  await Promise.all(workers.map((worker) => worker.terminate()));
}
console.log("");
for (const { i, code, seconds } of results) console.log(`${code === 0 ? "✓" : "✗"} run ${i}: exit ${code} in ${seconds} s`);
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
