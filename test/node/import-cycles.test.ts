// No import cycle anywhere in src/, type-only imports included (docs/architecture.md,
// "Dependencies"). A runtime cycle means a module can run before the module it needs has finished
// loading; a cycle of types alone costs nothing at run time, but it is where two modules know each
// other's insides, and where state with no owner hides: two modules that call each other share
// what they change. So dpdm reads every file of src/ without `transform`: `import type` counts
// like any import, and so does a dynamic `import()` (a lazy module that imports the module that
// loads it is a cycle too). The composer's parts meet through narrow interfaces instead
// (src/elements/composer/wiring.ts).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The import cycles among the files `glob` matches under `dir`, each as `a -> b -> …`, and the
 * relative imports dpdm could not resolve (an import it cannot resolve would hide a cycle).
 */
async function cyclesIn(dir: string, glob: string): Promise<{ cycles: string[]; unresolved: string[] }> {
  const tree = await parseDependencyTree(glob, {
    context: dir,
    cwd: dir,
    transform: false,
    skipDynamicImports: false,
    // node_modules are not ours to check, and they are not followed.
    exclude: /node_modules/,
  });
  const unresolved = Object.values(tree)
    .flatMap((dependencies) => dependencies ?? [])
    .filter((dependency) => dependency.request.startsWith(".") && dependency.id === null)
    .map((dependency) => `${dependency.issuer}: ${dependency.request}`);
  return { cycles: parseCircular(tree).map((cycle) => cycle.join(" -> ")), unresolved };
}

it("src/ has no import cycle, type-only imports included", async () => {
  const { cycles, unresolved } = await cyclesIn(root, "src/**/*.ts");
  assert.deepEqual(unresolved, []);
  assert.deepEqual(cycles, []);
});

it("the check finds a cycle made of type-only imports", async () => {
  const dir = mkdtempSync(join(tmpdir(), "t3-cycles-"));
  try {
    // dpdm resolves `./b.js` to `b.ts` the way TypeScript does, from the folder's tsconfig.json.
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler" } }));
    writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b.js";\nexport interface A { b: B }\n');
    writeFileSync(join(dir, "b.ts"), 'import type { A } from "./a.js";\nexport interface B { a: A }\n');
    const { cycles } = await cyclesIn(dir, "*.ts");
    assert.deepEqual(cycles.map((cycle) => cycle.split(" -> ").sort().join(" ")), ["a.ts b.ts"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
