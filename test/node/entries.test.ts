// Every JavaScript entry of package.json `exports`, under each of its conditions, checked against
// the built package (npm test builds first; docs/entries.md lists them):
// - its declarations (the `types` file, read with the TypeScript checker) declare exactly the values
//   the module exports at run time: a name declared but missing fails the user's bundler, and a
//   name exported but not declared is one TypeScript users cannot see;
// - it imports in Node 20 without a DOM, prints nothing (an old path's development twin prints its
//   one warning: src/moved/warn.ts) and defines no element (src/elements/register.ts).
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { exports: Record<string, string | Record<string, string>> };
const built = existsSync(new URL("dist/types/index.d.ts", root)) && existsSync(new URL("dist/t3-composer.js", root));
const notBuilt = built ? false : "dist/ is missing: run `npm run build` (npm test does)";

/** One module an entry resolves to under one condition, with the declarations that describe it. */
interface Target {
  entry: string;
  condition: string;
  file: string;
  types: string;
}

/** The JavaScript targets of `exports`: every condition but `types`, for each entry that has both. */
function targets(): Target[] {
  const found: Target[] = [];
  for (const [entry, value] of Object.entries(pkg.exports)) {
    if (typeof value === "string" || typeof value.types !== "string") continue;
    const seen = new Set<string>();
    for (const [condition, file] of Object.entries(value)) {
      if (condition === "types" || seen.has(file)) continue;
      seen.add(file);
      found.push({ entry, condition, file, types: value.types });
    }
  }
  return found;
}

/** The old paths of docs/entries.md ("Old paths"): their `development` target warns once. */
const OLD_PATHS = new Set(["./codec/legacy", "./codec/secrets", "./transport", "./memory-transport.js", "./codec-extras.js"]);

/**
 * Whether `symbol`, an export of a module, is a value at run time: what it names is a value (a
 * class, a function, a constant), and no link of its chain of re-exports is `export type`, which
 * makes even a class a type only.
 */
function isValueExport(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  let link: ts.Symbol | undefined = symbol;
  while (link && link.flags & ts.SymbolFlags.Alias) {
    if (link.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration))) return false;
    link = checker.getImmediateAliasedSymbol(link);
  }
  return link !== undefined && (link.flags & ts.SymbolFlags.Value) !== 0;
}

/** The value names each declaration file exports (types and interfaces left out), sorted. */
function declaredValues(files: readonly string[]): Map<string, string[]> {
  const paths = files.map((file) => fileURLToPath(new URL(file, root)));
  const program = ts.createProgram(paths, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: ["node"],
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((file, index) => {
      const source = program.getSourceFile(paths[index]!);
      assert.ok(source, `${file} is not in the program`);
      const module = checker.getSymbolAtLocation(source);
      const names = module
        ? checker
            .getExportsOfModule(module)
            .filter((symbol) => isValueExport(checker, symbol))
            .map((symbol) => symbol.getName())
        : [];
      return [file, names.sort()];
    }),
  );
}

/** Imports `file` in a fresh Node without a DOM: its export names, what it defined, and what it printed. */
function importInNode(file: string): { names: string[]; defined: string[]; printed: string } {
  const url = new URL(file, root).href;
  const probe = `
    const names = Object.keys(await import(${JSON.stringify(url)})).sort();
    const registry = globalThis.customElements;
    const defined = ["t3-composer", "t3-transcript"].filter((tag) => registry?.get?.(tag) !== undefined);
    process.stdout.write("\\n" + JSON.stringify({ names, defined }));
  `;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" });
  // The stderr of a failed import can hold a whole minified bundle: its first lines name the error.
  const head = (text: string) => text.split("\n").slice(0, 6).map((line) => line.slice(0, 300)).join("\n");
  assert.equal(child.status, 0, `importing ${file} in Node failed:\n${head(child.stderr)}`);
  const cut = child.stdout.lastIndexOf("\n");
  const { names, defined } = JSON.parse(child.stdout.slice(cut + 1)) as { names: string[]; defined: string[] };
  return { names, defined, printed: head(child.stdout.slice(0, cut) + child.stderr) };
}

describe("package entries", { skip: notBuilt }, () => {
  const all = built ? targets() : [];
  const declared = built ? declaredValues([...new Set(all.map((target) => target.types))]) : new Map<string, string[]>();

  it("has a JavaScript target with declarations for every entry but the schemas, the manifest and package.json", () => {
    const covered = new Set(all.map((target) => target.entry));
    const left = Object.entries(pkg.exports)
      .filter(([entry, value]) => !covered.has(entry) && !(typeof value === "object" && Object.keys(value).join() === "types"))
      .map(([entry]) => entry)
      .filter((entry) => !/^\.\/schema\/|^\.\/custom-elements\.json$|^\.\/package\.json$/.test(entry));
    assert.deepEqual(left, []);
  });

  for (const target of all) {
    const name = `t3-composer${target.entry.slice(1)}${target.condition === "default" ? "" : ` (${target.condition})`}`;
    it(`${name}: imports in Node without a DOM, defines nothing, and exports exactly what ${target.types.slice(2)} declares`, () => {
      const loaded = importInNode(target.file);
      assert.deepEqual(loaded.defined, []);
      if (!OLD_PATHS.has(target.entry) || target.condition !== "development") assert.equal(loaded.printed, "");
      const types = declared.get(target.types) ?? [];
      assert.deepEqual(
        { declaredNotExported: types.filter((n) => !loaded.names.includes(n)), exportedNotDeclared: loaded.names.filter((n) => !types.includes(n)) },
        { declaredNotExported: [], exportedNotDeclared: [] },
      );
    });
  }

  it("warns once on each old path's development target, and not on its default target", () => {
    const warnings = (file: string): string[] => {
      const url = new URL(file, root).href;
      // The second import is another instance of the same file (its URL differs), which imports the
      // same warn module: the path is warned about once all the same.
      const probe = `const seen = []; console.warn = (...args) => seen.push(args.join(" "));
        await import(${JSON.stringify(url)}); await import(${JSON.stringify(url + "?again")});
        process.stdout.write(JSON.stringify(seen));`;
      return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" })) as string[];
    };
    const seen: Record<string, { development: string[]; default: string[] }> = {};
    for (const target of all.filter((target) => OLD_PATHS.has(target.entry))) {
      const warned = warnings(target.file);
      (seen[target.entry] ??= { development: [], default: [] })[target.condition as "development" | "default"] = warned.map((line) => line.slice(0, 100));
    }
    assert.deepEqual(Object.keys(seen).sort(), [...OLD_PATHS].sort());
    for (const [entry, { development, default: silent }] of Object.entries(seen)) {
      assert.equal(development.length, 1, `${entry}: ${JSON.stringify(development)}`);
      assert.match(development[0]!, new RegExp(`^t3-composer: the import path "t3-composer${entry.slice(1).replace(/\./g, "\\.")}" is deprecated`));
      assert.deepEqual(silent, [], entry);
    }
  });
});
