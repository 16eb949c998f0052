// The list of exports in docs/entries.md (Exports) names exactly what each entry exports: a name
// added to an entry without a line on that page fails here, and so does a listed name that no
// entry exports any more. The names are read from the entries with the TypeScript checker, so
// `export *` and re-exports count as a user sees them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = new URL("../../", import.meta.url);
// The drop-in `t3-composer/t3-composer.js` is built from src/index.ts and shares its part of the page.
const ENTRIES = {
  "t3-composer/codec": "src/codec/index.ts",
  "t3-composer": "src/index.ts",
  "t3-composer/transcript.js": "src/drop-in/transcript.ts",
  "t3-composer/composer.js": "src/drop-in/composer.ts",
} as const;
/** The entries whose names `t3-composer` re-exports (most of them), so that its part of the page need not repeat them. */
const REEXPORTED = ["t3-composer/codec"] as const;
type Entry = keyof typeof ENTRIES;

function exportsOf(files: readonly string[]): Map<string, string[]> {
  const paths = files.map((file) => fileURLToPath(new URL(file, root)));
  const program = ts.createProgram(paths, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((file, index) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(paths[index]!)!)!;
      return [file, checker.getExportsOfModule(module).map((symbol) => symbol.getName())];
    }),
  );
}

/** The backticked names of each entry's part of the Exports section of docs/entries.md. */
function listed(): Map<Entry, Set<string>> {
  const page = readFileSync(new URL("docs/entries.md", root), "utf8");
  const start = page.indexOf("\n## Exports\n");
  assert.ok(start >= 0, "docs/entries.md has no Exports section");
  const end = page.indexOf("\n## ", start + 1);
  const section = page.slice(start, end < 0 ? page.length : end);
  const parts = new Map<Entry, Set<string>>();
  const headings = [...section.matchAll(/^\*\*`([^`]+)`\*\*.*$/gm)];
  headings.forEach((heading, index) => {
    const body = section.slice(heading.index + heading[0].length, headings[index + 1]?.index ?? section.length);
    parts.set(heading[1] as Entry, new Set([...body.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]!)));
  });
  return parts;
}

describe("docs/entries.md Exports", () => {
  const exported = exportsOf(Object.values(ENTRIES));
  const page = listed();

  it("has a part for each entry", () => {
    assert.deepEqual([...page.keys()].sort(), Object.keys(ENTRIES).sort());
  });

  for (const [entry, file] of Object.entries(ENTRIES) as [Entry, string][]) {
    it(`lists every export of ${entry}, and nothing else`, () => {
      // `t3-composer` re-exports most of the codec's names: its part lists the rest.
      const shown = new Set(page.get(entry));
      if (entry === "t3-composer") for (const other of REEXPORTED) for (const name of page.get(other) ?? []) shown.add(name);
      const names = exported.get(file)!;
      assert.deepEqual(names.filter((name) => !shown.has(name)).sort(), [], `exported by ${file} but not listed under ${entry}`);
      if (entry !== "t3-composer") assert.deepEqual([...shown].filter((name) => !names.includes(name)).sort(), [], `listed under ${entry} but not exported by ${file}`);
      else assert.deepEqual([...page.get(entry)!].filter((name) => !names.includes(name)).sort(), [], `listed under ${entry} but not exported by ${file}`);
    });
  }
});
