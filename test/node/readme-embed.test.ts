// The embedding recipes shown in docs/getting-started.md are the files under demo/embed/ that the
// browser tests run (test/e2e/embed.test.ts), and the README's example is the plain-HTML recipe's
// body: this keeps the copy a reader pastes the same as the code that is tested.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8").replace(/\n+$/, "");

/** The recipe pages load the drop-in from the repository's dist/; a reader's page, from node_modules. */
const asInstalled = (text: string) => text.replaceAll('"../../../dist/', '"/node_modules/t3-composer/dist/');

/** Each recipe file, as the getting-started page shows it. */
const RECIPES: [file: string, shown: (text: string) => string][] = [
  ["demo/embed/html/index.html", asInstalled],
  ["demo/embed/vite/src/main.ts", (text) => text],
  ["demo/embed/react/src/App.jsx", (text) => text],
  ["demo/embed/vue/vite.config.js", (text) => text],
  ["demo/embed/vue/src/App.vue", (text) => text],
  ["demo/embed/svelte/src/App.svelte", (text) => text],
];

/** Removes the common leading indentation of the lines of `text`. */
function dedent(text: string): string {
  const lines = text.split("\n");
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join("\n");
}

describe("embedding recipes in the docs", () => {
  const page = read("docs/getting-started.md");
  for (const [file, shown] of RECIPES) {
    it(`docs/getting-started.md shows ${file} as it is`, () => {
      assert.ok(page.includes(shown(read(file))), `docs/getting-started.md does not hold the current ${file}: copy it into the page`);
    });
  }

  it("the README's example is the plain-HTML recipe's body, with no bare import", () => {
    const recipe = asInstalled(read("demo/embed/html/index.html"));
    const body = dedent(recipe.slice(recipe.indexOf("<body>") + "<body>".length, recipe.indexOf("</body>")).replace(/^\n+|\s+$/g, ""));
    const readme = read("README.md");
    assert.ok(readme.includes("```html\n" + body + "\n```"), "README.md does not hold the body of demo/embed/html/index.html");
    // One import: the drop-in exports the whole API, the memory transport included.
    assert.deepEqual([...body.matchAll(/import (?:.* from )?"([^"]+)"/g)].map((match) => match[1]), ["/node_modules/t3-composer/dist/t3-composer.js"]);
  });
});
