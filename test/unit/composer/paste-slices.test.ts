// Cutting a large paste into pieces (src/elements/composer/paste-slices.ts): the pieces' links,
// found piece by piece, must be exactly the links a scan of the whole text finds, on any text,
// hostile or not; a piece respects its limits; and a block's pieces serialize to the text.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { collectComposerContextReferences } from "../../../src/codec/references.js";
import { cutNow, cutPiece, isLargePaste, pastedPiecesNow, type PieceLimits } from "../../../src/elements/composer/paste-slices.js";
import { PASTE_PIECE_CHARS, PASTE_PIECE_CHIPS, READ_PIECE_CHIPS } from "../../../src/elements/composer/paste-pieces.js";

const LINK = (i: number) => `[a ${i}](t3-context://v1/file/f${i})`;

/** The links of `text` found piece by piece, as [start, end, id] in the whole text. */
function piecewise(text: string, limits: PieceLimits): [number, number, string][] {
  const found: [number, number, string][] = [];
  let from = 0;
  for (const end of cutNow(text, limits)) {
    for (const occurrence of collectComposerContextReferences(text.slice(from, end))) {
      found.push([from + occurrence.start, from + occurrence.end, occurrence.contextId]);
    }
    from = end;
  }
  return found;
}

const whole = (text: string) => collectComposerContextReferences(text).map((o): [number, number, string] => [o.start, o.end, o.contextId]);

// Pieces of text that make links, near-misses, unparsed hrefs, images and long labels.
const token = fc.constantFrom(
  "[", "]", "(", ")", "!", " ", "\n", "a", "é", "😀", "](", "t3-context://v1/", "file/f1)", "bad!/x)",
  "[x](t3-context://v1/file/f2)", "![y](t3-context://v1/image/i1)", "[z](t3-context://v1/Bad Kind/1)", "x".repeat(300), "]".repeat(3),
);
const hostileText = fc.array(token, { maxLength: 120 }).map((parts) => parts.join(""));
const limits = fc.record({ chars: fc.integer({ min: 2, max: 400 }), chips: fc.integer({ min: 1, max: 4 }) });

describe("large paste pieces", () => {
  it("find exactly the links a scan of the whole text finds, on any text and any limits", () => {
    fc.assert(fc.property(hostileText, limits, (text, limit) => assert.deepEqual(piecewise(text, limit), whole(text))), { numRuns: 2000 });
  });

  it("cover the text, in order, without overlap", () => {
    fc.assert(
      fc.property(hostileText, limits, (text, limit) => {
        const ends = cutNow(text, limit);
        assert.equal(ends.at(-1) ?? 0, text.length);
        for (let i = 1; i < ends.length; i++) assert.ok(ends[i]! > ends[i - 1]!);
      }),
    );
  });

  it("hold at most the chip limit, and end right after the last link they may hold", () => {
    const text = Array.from({ length: 10 }, (_, i) => LINK(i)).join(" ");
    const first = cutPiece(text, 0, { chars: 10_000, chips: 3 });
    assert.deepEqual(first.ids, ["f0", "f1", "f2"]);
    assert.equal(text.slice(0, first.end), `${LINK(0)} ${LINK(1)} ${LINK(2)}`);
  });

  it("end at a line break, else a space, in a long stretch without links", () => {
    assert.equal(cutPiece("aaaa bbbb\ncccc dddd eeee", 0, { chars: 20, chips: 5 }).end, "aaaa bbbb\n".length);
    assert.equal(cutPiece("aaaa bbbb cccc dddd eeee", 0, { chars: 20, chips: 5 }).end, "aaaa bbbb cccc dddd ".length);
    assert.equal(cutPiece("a".repeat(30), 0, { chars: 20, chips: 5 }).end, 20);
  });

  it("never end between the halves of a surrogate pair", () => {
    assert.equal(cutPiece("a".repeat(19) + "😀" + "a".repeat(20), 0, { chars: 20, chips: 5 }).end, 19);
  });

  it("run past the character limit to the end of a link that starts before it", () => {
    const text = "x".repeat(15) + LINK(7) + "tail";
    assert.equal(cutPiece(text, 0, { chars: 20, chips: 5 }).end, 15 + LINK(7).length);
  });

  it("serialize to the text they were cut from, with every link's chip", () => {
    const text = Array.from({ length: PASTE_PIECE_CHIPS * 2 + 5 }, (_, i) => LINK(i)).join("\n");
    const pieces = pastedPiecesNow(text);
    assert.equal(pieces.length, Math.ceil((PASTE_PIECE_CHIPS * 2 + 5) / READ_PIECE_CHIPS));
    assert.equal(pieces.map((piece) => piece.text).join(""), text);
    assert.deepEqual(
      pieces.flatMap((piece) => piece.references.map((reference) => reference.contextId)),
      Array.from({ length: PASTE_PIECE_CHIPS * 2 + 5 }, (_, i) => `f${i}`),
    );
    assert.equal(pieces.reduce((bytes, piece) => bytes + piece.bytes, 0), text.length);
  });

  it("count a piece's size in UTF-8", () => {
    assert.equal(pastedPiecesNow("é😀a")[0]!.bytes, 2 + 4 + 1);
  });
});

describe("isLargePaste", () => {
  it("is true past one piece's characters or links, and false up to them", () => {
    assert.equal(isLargePaste("x".repeat(PASTE_PIECE_CHARS)), false);
    assert.equal(isLargePaste("x".repeat(PASTE_PIECE_CHARS + 1)), true);
    assert.equal(isLargePaste(Array.from({ length: PASTE_PIECE_CHIPS }, (_, i) => LINK(i)).join("")), false);
    assert.equal(isLargePaste(Array.from({ length: PASTE_PIECE_CHIPS + 1 }, (_, i) => LINK(i)).join("")), true);
  });
});
