// docs/frameworks.md shows the recipe fixtures that the pack test compiles
// (test/node/package/fixtures/, RECIPE_FILES), each as it is below its first line (which says
// where it is shown), so the page a reader copies from is code that type-checks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { RECIPE_FILES } from "./package/frameworks.js";

const ROOT = join(import.meta.dirname, "..", "..");
const page = readFileSync(join(ROOT, "docs", "frameworks.md"), "utf8");
const blocks = [...page.matchAll(/^```[a-z]+\n([\s\S]*?)\n```$/gm)].map((match) => match[1]);

describe("docs/frameworks.md", () => {
  for (const file of RECIPE_FILES) {
    it(`shows fixtures/${file} as it is`, () => {
      const [header, ...rest] = readFileSync(join(ROOT, "test", "node", "package", "fixtures", file), "utf8").trimEnd().split("\n");
      assert.match(header!, /Shown in docs\/frameworks\.md/);
      assert.ok(blocks.includes(rest.join("\n")), `no block of docs/frameworks.md equals fixtures/${file}`);
    });
  }
});
