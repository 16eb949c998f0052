// Runs every Node-side test (test/unit, test/conformance, test/node) with Node's own runner;
// tsx lets Node 20 load the TypeScript sources directly.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { run } from "./run.mjs";

const ROOTS = ["test/unit", "test/conformance", "test/node"];

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const entry of entries.sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (/\.test\.ts$/.test(entry) && !/\.browser\.test\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

const files = ROOTS.flatMap((root) => collect(root, []));
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((part) => f.includes(part))) : files;
const reporters = ["--test-reporter=dot", "--test-reporter-destination=stdout", `--test-reporter=${new URL("test-counts.mjs", import.meta.url).href}`, "--test-reporter-destination=stdout"];
process.exit(await run(process.execPath, ["--import", "tsx", "--test", ...reporters, ...selected]));
