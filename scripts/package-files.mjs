// Which built files the package needs: those `exports` names and every file they import by a
// relative specifier, transitively. `npm run build` deletes the declarations outside this set
// (tsc emits one per source module, internal ones included), and the pack test
// (test/node/package/pack.test.ts) checks the tarball holds nothing else.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A relative `import`, `export … from` or `import("…")` specifier in built JavaScript or declarations. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** Every file path (relative to `dir`, without `./`) an export target of `exports` names. */
export function exportTargets(exports) {
  const targets = [];
  const walk = (value) => {
    if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(exports);
  return targets;
}

/** The files under `dir` that `exports` reaches, as paths relative to `dir`. */
export function reachableFiles(dir, exports) {
  const seen = new Set();
  const todo = exportTargets(exports);
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(?:js|ts)$/.test(file)) continue;
    const base = file.slice(0, file.lastIndexOf("/") + 1);
    for (const [, specifier] of readFileSync(join(dir, file), "utf8").matchAll(RELATIVE_IMPORT)) {
      const next = new URL(specifier, `file:///${base}`).pathname.slice(1);
      // A declaration names the module it describes: `./x.js` is `./x.d.ts` beside it.
      todo.push(file.endsWith(".d.ts") ? next.replace(/\.js$/, ".d.ts") : next);
    }
  }
  return seen;
}
