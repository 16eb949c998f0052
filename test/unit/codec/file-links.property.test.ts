import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { scanFileLinks } from "../../../src/codec/file-links.js";

/** The pattern the scanner replaces (it was the implementation): the scanner must find what it finds. */
const FILE_LINK = /(^|\s)\[((?:\\.|[^\]\\]){0,512})\]\(([^)\s]+)\)(?=\s)/g;

function byPattern(text: string) {
  return [...text.matchAll(FILE_LINK)].map((match) => ({
    start: match.index + match[1]!.length,
    label: match[2]!,
    path: match[3]!,
    end: match.index + match[0].length,
  }));
}

describe("scanFileLinks finds what the file-link pattern finds", () => {
  // Links and their parts, so that matches, near misses and nested `[`s are all common.
  const piece = fc.oneof(
    fc.constantFrom(" [a.ts](src/a.ts) ", " [a](a)", "[x\\]](p) ", " [", "[ ", "](", ")", " "),
    fc.constantFrom("[", "]", "(", ")", "\\", "\\]", "\\[", "\\\n", "\n", "\r", "\u2028", "\u00a0", "\t", "a", "a.ts", "src/a.ts", "é", "x".repeat(300), "y".repeat(520)),
  );
  it("on soups of the characters that matter", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((parts) => parts.join("")), (text) => {
        assert.deepEqual(scanFileLinks(text), byPattern(text));
      }),
      { numRuns: 20_000 },
    );
  });
  it("on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => assert.deepEqual(scanFileLinks(text), byPattern(text))),
      { numRuns: 5_000 },
    );
  });
  it("at the 512-unit bound, escapes counting as one unit", () => {
    for (const label of ["a".repeat(512), "a".repeat(513), "\\]".repeat(512), "\\]".repeat(513), "\\]".repeat(256) + "a".repeat(256), "a".repeat(511) + "\\"]) {
      for (const text of [` [${label}](a) `, `[${label}](a) x`, `[ [${label}](a) `]) assert.deepEqual(scanFileLinks(text), byPattern(text), text.slice(0, 20));
    }
    assert.equal(scanFileLinks(` [${"a".repeat(512)}](a) `).length, 1);
    assert.equal(scanFileLinks(` [${"a".repeat(513)}](a) `).length, 0);
  });
});
