import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EditorState, TextSelection } from "prosemirror-state";
import { insertChip, removeChips } from "../../../src/editor/insert.js";
import { composerSchema, createChip } from "../../../src/editor/schema.js";
import { docFromText, textOfDoc } from "../../../src/editor/text.js";

const L = "[a](t3-context://v1/file/a)";
const chip = () => createChip({ kind: "file", contextId: "a", label: "a" });

/** Text offset (one line) to a document position: inside the first line group's first line. */
const pos = (offset: number) => offset + 2;

function inserted(text: string, offset: number): { text: string; caret: number } {
  const state = EditorState.create({ doc: docFromText(text), schema: composerSchema });
  const tr = insertChip(state.tr, chip(), pos(offset));
  return { text: textOfDoc(tr.doc), caret: tr.selection.head };
}

describe("insertChip (the reference's insertInlineContextReference)", () => {
  it('("ab", 1) gives "a <link> b"', () => assert.equal(inserted("ab", 1).text, `a ${L} b`));
  it('appending to "" gives "<link> "', () => assert.deepEqual(inserted("", 0), { text: `${L} `, caret: pos(2) }));
  it("adds no leading space after whitespace", () => assert.equal(inserted("a\tb", 2).text, `a\t${L} b`));
  it("consumes one existing space after the caret", () => assert.deepEqual(inserted("a  b", 1), { text: `a ${L}  b`, caret: pos(4) }));
  it("adds a leading space after a chip", () => assert.equal(inserted(L, 1).text, `${L} ${L} `));
});

function removed(text: string): { text: string; caret: number } {
  const doc = docFromText(text);
  const state = EditorState.create({ doc, schema: composerSchema, selection: TextSelection.atEnd(doc) });
  const tr = removeChips(state, "a")!;
  return { text: textOfDoc(tr.doc), caret: tr.selection.head };
}

describe("removeChips (the reference's removeInlineContextReference)", () => {
  it("removes every occurrence with the following space, else the preceding one", () => {
    assert.equal(removed(`x ${L} y ${L}\n${L}z`).text, "x y\nz");
  });
  it("puts the caret at the earliest removal point", () => assert.deepEqual(removed(`xy ${L} z ${L} w`), { text: "xy z w", caret: pos(3) }));
  it("trims the end when the removal point is the end", () => assert.deepEqual(removed(`x  \n ${L}`), { text: "x", caret: pos(1) }));
  it("returns null when there is no chip of the id", () => {
    const state = EditorState.create({ doc: docFromText("x"), schema: composerSchema });
    assert.equal(removeChips(state, "a"), null);
  });
});
