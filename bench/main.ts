// `npm run bench [-- --runs N] [--engine E] [--rows R] [suite…]`: runs every benchmark, prints the
// table of issue 8 and writes bench/results.json (full runs only). Figures are medians measured in
// one run on this machine. `--engine` and `--rows` are read by scripts/bench.mjs, which passes
// them to bench/engines.bench.ts through the environment.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { BenchRow } from "./lib/row.js";

type Suite = { run(): Promise<BenchRow[]> };

const SUITES: Record<string, () => Promise<Suite>> = {
  size: () => import("./size.bench.js"),
  decode: () => import("./codec-decode.bench.js"),
  project: () => import("./codec-project.bench.js"),
  composer: () => import("./composer.bench.js"),
  transcript: () => import("./transcript.bench.js"),
  code: () => import("./code.bench.js"),
  host: () => import("./host.bench.js"),
  engines: () => import("./engines.bench.js"),
};

/** Flags that take a value: neither they nor their value name a suite. */
const VALUE_FLAGS = new Set(["--runs", "--engine", "--rows"]);

function chromiumVersion(): string {
  try {
    const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
    return execFileSync(path, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

function format(value: number, unit: string): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ${unit}`;
}

function print(rows: BenchRow[]): void {
  const table = rows.map((row) => ({
    what: row.name,
    engine: row.engine ?? "",
    ours: format(row.ours, row.unit),
    "measured against": `${format(row.peer, row.unit)} (${row.peerName})`,
    ratio: `${row.ratio.toFixed(2)}×`,
    target: row.target,
    pass: row.pass ? "pass" : "FAIL",
    note: row.note ?? "",
  }));
  const columns = Object.keys(table[0] ?? {}) as (keyof (typeof table)[number])[];
  const widths = columns.map((column) => Math.max(column.length, ...table.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(line(columns));
  console.log(line(widths.map((width) => "─".repeat(width))));
  for (const row of table) console.log(line(columns.map((column) => row[column])));
}

/**
 * `--runs N`: every suite N times; each row is then the run whose ratio is the median of that
 * row's ratios, so that its figures still come from one run (a ratio of figures from different
 * runs would compare unlike moments of a busy machine).
 */
function medianRows(runs: BenchRow[][]): BenchRow[] {
  return runs[0]!.map((first) => {
    const same = runs.map((rows) => rows.find((row) => row.name === first.name && row.engine === first.engine)).filter((row): row is BenchRow => row !== undefined);
    const sorted = [...same].sort((a, b) => a.ratio - b.ratio);
    const chosen = sorted[(sorted.length - 1) >> 1]!;
    const ratios = same.map((row) => `${row.ratio.toFixed(2)}×`).join(", ");
    return { ...chosen, note: `${chosen.note ? chosen.note + "; " : ""}ratios of ${same.length} runs: ${ratios}` };
  });
}

const args = process.argv.slice(2);
const runsFlag = args.indexOf("--runs");
const runCount = runsFlag >= 0 ? Math.max(1, Number(args[runsFlag + 1]) || 1) : 1;
const only = args.filter((arg, index) => !arg.startsWith("--") && !VALUE_FLAGS.has(args[index - 1] ?? ""));
const runs: BenchRow[][] = [];
for (let run = 0; run < runCount; run++) {
  const rows: BenchRow[] = [];
  for (const [name, load] of Object.entries(SUITES)) {
    if (only.length && !only.includes(name)) continue;
    console.log(`run ${run + 1} of ${runCount}: ${name}…`);
    // The composer and transcript suites run in Chromium; the engines suite names its rows' engine.
    const engine = name === "composer" || name === "transcript" ? "Chromium" : undefined;
    for (const row of await (await load()).run()) rows.push(row.engine || !engine ? row : { ...row, engine });
  }
  runs.push(rows);
}
const rows = runCount > 1 ? medianRows(runs) : runs[0]!;
console.log(`\nNode ${process.version} · ${chromiumVersion()} · ${new Date().toISOString()}`);
print(rows);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  chromium: chromiumVersion(),
  runs: runCount,
  rows: rows.map(({ name, engine, ours, peer, ratio, target, pass }) => ({ name, ...(engine ? { engine } : {}), ours, peer, ratio, target, pass })),
};
if (!only.length) writeFileSync(new URL("./results.json", import.meta.url), JSON.stringify(results, null, 2) + "\n");
