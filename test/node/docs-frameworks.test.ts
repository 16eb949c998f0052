// docs/frameworks.md and docs/getting-started.md show the recipe fixtures that the pack test
// compiles (test/node/package/fixtures/, RECIPE_FILES), each as it is below its first line (which
// names the page that shows it), so the page a reader copies from is code that type-checks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { HAND_CHECKED_FILES, RECIPE_FILES } from "./package/frameworks.js";

const ROOT = join(import.meta.dirname, "..", "..");
/** The fenced blocks of a docs page, without their fences. */
const blocksOf = (page: string) =>
  [...readFileSync(join(ROOT, page), "utf8").matchAll(/^```[a-z]+\n([\s\S]*?)\n```$/gm)].map((match) => match[1]);

describe("recipes in the docs", () => {
  for (const file of [...RECIPE_FILES, ...HAND_CHECKED_FILES]) {
    it(`shows fixtures/${file} as it is`, () => {
      const [header, ...rest] = readFileSync(join(ROOT, "test", "node", "package", "fixtures", file), "utf8").trimEnd().split("\n");
      const page = /Shown in (docs\/(?:frameworks|getting-started)\.md)/.exec(header!)?.[1];
      assert.ok(page, `fixtures/${file} does not say which page shows it`);
      assert.ok(blocksOf(page).includes(rest.join("\n")), `no block of ${page} equals fixtures/${file}`);
    });
  }
});
