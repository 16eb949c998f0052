// The README's embedding recipes are the files under demo/embed/ that the browser tests run:
// this keeps the copy a reader pastes the same as the code that is tested.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8").replace(/\n+$/, "");
const readme = read("README.md");

/** Each recipe file, as the README shows it (the plain page loads the drop-in from node_modules there). */
const RECIPES: [file: string, shown: (text: string) => string][] = [
  ["demo/embed/html/index.html", (text) => text.replace('"../../../dist/t3-composer.js"', '"/node_modules/t3-composer/dist/t3-composer.js"')],
  ["demo/embed/react/src/App.jsx", (text) => text],
  ["demo/embed/vue/vite.config.js", (text) => text],
  ["demo/embed/vue/src/App.vue", (text) => text],
  ["demo/embed/svelte/src/App.svelte", (text) => text],
];

describe("README embedding recipes", () => {
  for (const [file, shown] of RECIPES) {
    it(`shows ${file} as it is`, () => {
      assert.ok(readme.includes(shown(read(file))), `README.md does not hold the current ${file}: copy it into the Embedding section`);
    });
  }
});
