// Deletes the declarations in dist/types that no public entry's typings reach: tsc emits one per
// source module, and internal modules' typings only make the package bigger (scripts/package-files.mjs).
import { readdirSync, readFileSync, rmSync, rmdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { reachableFiles } from "./package-files.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const kept = reachableFiles(root, pkg.exports);

/** Removes unreached declarations under `dir`; true when `dir` is left empty. */
function prune(dir) {
  let empty = true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? prune(path) : !kept.has(relative(root, path))) {
      if (entry.isDirectory()) rmdirSync(path);
      else rmSync(path);
    } else empty = false;
  }
  return empty;
}
prune(join(root, "dist", "types"));
