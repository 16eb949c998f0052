import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CHIP_CHARACTER, QUERY_MAX, findTrigger } from "../../../src/editor/trigger-query.js";

describe("findTrigger", () => {
  const cases: [string, boolean, ReturnType<typeof findTrigger>][] = [
    ["@", true, { trigger: "@", query: "", start: 0 }],
    ["see @src/ma", true, { trigger: "@", query: "src/ma", start: 4 }],
    ["$rev", true, { trigger: "$", query: "rev", start: 0 }],
    ["a\t$x", true, { trigger: "$", query: "x", start: 2 }],
    ["node_modules/@scope/pkg", true, null],
    ["mail a@b", true, null],
    ["@src ", true, null],
    ["@a b", true, null],
    [`${CHIP_CHARACTER}@a`, true, null],
    [`${CHIP_CHARACTER} @a`, true, { trigger: "@", query: "a", start: 2 }],
    ["@a@b", true, { trigger: "@", query: "a@b", start: 0 }],
    ["@x", false, null],
    ["", true, null],
  ];
  for (const [before, lineStart, expected] of cases) {
    it(`${JSON.stringify(before)} (line start: ${lineStart})`, () => assert.deepEqual(findTrigger(before, lineStart), expected));
  }

  it("gives up on a query longer than QUERY_MAX", () => {
    assert.equal(findTrigger("@" + "a".repeat(QUERY_MAX), true)?.query.length, QUERY_MAX);
    assert.equal(findTrigger("@" + "a".repeat(QUERY_MAX + 1), true), null);
  });
});
