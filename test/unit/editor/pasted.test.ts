// A pasted block in the document (src/editor/schema.ts `pasted`): it serializes, counts and is
// found in the text exactly as the chips it stands for would be.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EditorState } from "prosemirror-state";
import { ReferenceCounts } from "../../../src/editor/references.js";
import { createPasted } from "../../../src/editor/schema.js";
import { docFromSegments, docFromText, pastedRanges, referencedIdsOf, textOfDoc, textOfSlice } from "../../../src/editor/text.js";
import { pastedPiecesNow } from "../../../src/elements/composer/paste-slices.js";

const BLOCK_TEXT = "see [a](t3-context://v1/file/a) and\n[b](t3-context://v1/file/b) [a](t3-context://v1/file/a)";
const block = () => createPasted(pastedPiecesNow(BLOCK_TEXT));

describe("a pasted block", () => {
  it("serializes to its text, in place, lines and all", () => {
    const doc = docFromSegments(["before ", block(), " after\nnext [c](t3-context://v1/file/c)"]);
    const text = `before ${BLOCK_TEXT} after\nnext [c](t3-context://v1/file/c)`;
    assert.equal(textOfDoc(doc), text);
    assert.equal(textOfDoc(doc), textOfDoc(docFromText(text)));
    assert.deepEqual(referencedIdsOf(doc), ["a", "b", "c"]);
  });

  it("counts its references as its chips would", () => {
    const doc = docFromSegments(["x ", block()]);
    const counts = ReferenceCounts.of(doc);
    assert.deepEqual([counts.count("a"), counts.count("b"), counts.count("c")], [2, 1, 0]);
  });

  it("gives its references back when it is deleted, and only then", () => {
    const state = EditorState.create({ doc: docFromSegments(["x ", block()]) });
    const counts = ReferenceCounts.of(state.doc);
    const blockPos = 2 + "x ".length; // doc > lineGroup > paragraph, then the text
    const deleted = counts.apply(state.tr.delete(blockPos, blockPos + 1));
    assert.deepEqual([deleted.counts.count("a"), deleted.counts.count("b")], [0, 0]);
    assert.deepEqual(
      [...deleted.delta].map(([id, { change }]) => [id, change]),
      [["a", -2], ["b", -1]],
    );
    const typed = counts.apply(state.tr.insertText("y", 2));
    assert.equal(typed.counts, counts);
  });

  it("is found where its text lies in the document's text", () => {
    const doc = docFromSegments(["one\ntwo ", block(), " three ", block(), "\nfour"]);
    const text = textOfDoc(doc);
    const ranges = pastedRanges(doc);
    assert.deepEqual(
      ranges.map(({ start, end }) => text.slice(start, end)),
      [BLOCK_TEXT, BLOCK_TEXT],
    );
    assert.equal(ranges[0]!.start, "one\ntwo ".length);
  });

  it("copies as its text", () => {
    const doc = docFromSegments(["x ", block(), " y"]);
    assert.equal(textOfSlice(doc.slice(0, doc.content.size)), `x ${BLOCK_TEXT} y`);
    assert.equal(textOfSlice(doc.slice(4, 6)), `${BLOCK_TEXT} `);
  });
});
