// `npm run bench`: runs every benchmark, prints the table of issue 8 and writes
// bench/results.json. Figures are medians measured in one run on this machine.
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
};

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

const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const [name, load] of Object.entries(SUITES)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`running ${name}…`);
  rows.push(...(await (await load()).run()));
}
console.log(`\nNode ${process.version} · ${chromiumVersion()} · ${new Date().toISOString()}`);
print(rows);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  chromium: chromiumVersion(),
  rows: rows.map(({ name, ours, peer, ratio, target, pass }) => ({ name, ours, peer, ratio, target, pass })),
};
if (!only.length) writeFileSync(new URL("./results.json", import.meta.url), JSON.stringify(results, null, 2) + "\n");
