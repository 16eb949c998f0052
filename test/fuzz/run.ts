// `npm run fuzz`: the long mode of test/fuzz/properties.ts. Splits a total number of cases over
// the properties by weight, runs them, prints the count of each, the total, the seed and every
// counterexample (shrunk), and exits non-zero when one fails.
//
//   npm run fuzz                                   1,000,000 cases, a random seed
//   npm run fuzz -- --runs 5000000 --seed 42       more cases, a fixed seed
//   npm run fuzz -- --only projection,legacy       the properties whose names contain a part
//   npm run fuzz -- --only legacy.upgrade --seed 42 --path 17:3:0   replay one counterexample
//   npm run fuzz -- --list                         the properties, their weights and CI sizes
import fc from "fast-check";
import { parseArgs } from "node:util";
import { FUZZ_PROPERTIES, failureOf, type FuzzProperty } from "./properties.js";

const DEFAULT_RUNS = 1_000_000;

const { values } = parseArgs({
  options: {
    runs: { type: "string" },
    seed: { type: "string" },
    only: { type: "string" },
    path: { type: "string" },
    list: { type: "boolean" },
    help: { type: "boolean" },
  },
});

if (values.help) {
  console.log("npm run fuzz -- [--runs N] [--seed S] [--only part[,part…]] [--path P] [--list]");
  process.exit(0);
}

/** Each property's own seed: the run's seed mixed with its name, so `--only` replays it. */
function seedOf(seed: number, name: string): number {
  let hash = seed | 0;
  for (let index = 0; index < name.length; index++) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return hash | 0;
}

/** Splits `total` over the properties by weight, each getting at least one case. */
function share(properties: readonly FuzzProperty[], total: number): number[] {
  const weight = properties.reduce((sum, property) => sum + property.weight, 0);
  return properties.map((property) => Math.max(1, Math.ceil((total * property.weight) / weight)));
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replaceAll("_", ""));
  if (!Number.isSafeInteger(parsed)) {
    console.error(`--${name} expects an integer, got ${value}`);
    process.exit(2);
  }
  return parsed;
}

const parts = values.only?.split(",").filter((part) => part !== "") ?? [];
const selected = FUZZ_PROPERTIES.filter((property) => parts.length === 0 || parts.some((part) => property.name.includes(part)));
if (selected.length === 0) {
  console.error(`No property matches --only ${values.only}. Properties: ${FUZZ_PROPERTIES.map((property) => property.name).join(", ")}`);
  process.exit(2);
}
if (values.list) {
  for (const property of selected) console.log(`${property.name.padEnd(30)} weight ${String(property.weight).padStart(4)}  CI ${property.ciRuns}`);
  process.exit(0);
}
if (values.path !== undefined && selected.length !== 1) {
  console.error("--path replays one property: name it exactly with --only");
  process.exit(2);
}

const total = integer(values.runs, DEFAULT_RUNS, "runs");
const seed = integer(values.seed, (Math.random() * 2 ** 32) | 0, "seed");
const runs = share(selected, total);
console.log(`fuzzing ${selected.length} properties, ${runs.reduce((a, b) => a + b, 0).toLocaleString("en")} cases, seed ${seed}\n`);

let failures = 0;
let done = 0;
const started = performance.now();
for (const [index, property] of selected.entries()) {
  const numRuns = runs[index]!;
  const propertySeed = seedOf(seed, property.name);
  const begun = performance.now();
  const details = property.check({ numRuns, seed: propertySeed, ...(values.path === undefined ? {} : { path: values.path }) });
  const seconds = (performance.now() - begun) / 1000;
  done += details.numRuns;
  const status = details.failed ? "FAIL" : "ok";
  console.log(`${status.padEnd(4)} ${property.name.padEnd(30)} ${details.numRuns.toLocaleString("en").padStart(10)} cases  ${seconds.toFixed(1).padStart(6)} s`);
  if (!details.failed) continue;
  failures++;
  console.log(`\n${fc.defaultReportMessage(details)}\n\n${failureOf(details)}`);
  console.log(`\nReplay: npm run fuzz -- --only ${property.name} --seed ${seed} --path ${details.counterexamplePath}\n`);
}

const minutes = (performance.now() - started) / 60_000;
console.log(`\n${done.toLocaleString("en")} cases in total, ${minutes.toFixed(1)} min, seed ${seed}: ${failures === 0 ? "no counterexample" : `${failures} properties failed`}`);
process.exit(failures === 0 ? 0 : 1);
