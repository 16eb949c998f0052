// No runtime import cycle anywhere in src/ (docs/architecture.md, "Dependencies"). A cycle means
// a module can run before the module it needs has finished loading, and it is where state with
// no owner hides: two modules that call each other share what they change. dpdm reads every file
// of src/ with `transform` on, so TypeScript's `import type` (and imports of types only, which
// `verbatimModuleSyntax` forces to be written as `import type`) are erased first: a cycle of types
// alone costs nothing at run time and is allowed.
import assert from "node:assert/strict";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = fileURLToPath(new URL("../../", import.meta.url));

it("src/ has no runtime import cycle", async () => {
  const tree = await parseDependencyTree("src/**/*.ts", {
    context: root,
    cwd: root,
    transform: true,
    skipDynamicImports: false,
    // node_modules are not ours to check, and they are not followed.
    exclude: /node_modules/,
  });
  const cycles = parseCircular(tree).map((cycle) => cycle.join(" -> "));
  assert.deepEqual(cycles, []);
});
