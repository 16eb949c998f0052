import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EditorState, Selection, TextSelection } from "prosemirror-state";
import { GROUP_LINES, GROUP_LINES_MAX, lineGroupPlugin, lineJoin } from "../../../src/editor/line-groups.js";
import { joinLines } from "../../../src/editor/commands.js";
import { sliceFromText, docFromText, textOfDoc } from "../../../src/editor/text.js";

const lines = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `line ${from + i}`).join("\n");
const sizes = (doc: ReturnType<typeof docFromText>) => Array.from({ length: doc.childCount }, (_, i) => doc.child(i).childCount);

/** The position at the start of line `index` (0-based) of `doc`. */
function lineStart(doc: ReturnType<typeof docFromText>, index: number): number {
  let found = -1;
  let seen = 0;
  doc.descendants((node, pos) => {
    if (node.type.name !== "paragraph") return true;
    if (seen++ === index) found = pos + 1;
    return false;
  });
  return found;
}

describe("line groups", () => {
  it(`groups a draft's lines ${GROUP_LINES} to a line group, and the text does not show them`, () => {
    const doc = docFromText(lines(200));
    assert.deepEqual(sizes(doc), [GROUP_LINES, GROUP_LINES, GROUP_LINES, 200 - 3 * GROUP_LINES]);
    assert.equal(textOfDoc(doc), lines(200));
  });

  it("finds where a line meets its neighbours, inside a line group and across line groups", () => {
    const doc = docFromText(lines(200));
    const inside = doc.resolve(lineStart(doc, 10));
    assert.deepEqual(lineJoin(inside, -1), { pos: lineStart(doc, 10) - 1, depth: 1 });
    const first = doc.resolve(lineStart(doc, GROUP_LINES));
    assert.deepEqual(lineJoin(first, -1), { pos: lineStart(doc, GROUP_LINES) - 2, depth: 2 });
    assert.equal(lineJoin(doc.resolve(lineStart(doc, 0)), -1), null);
    assert.equal(lineJoin(doc.resolve(lineStart(doc, 199)), 1), null);
  });

  it("joins the first line of a line group with the last line of the line group before (Backspace)", () => {
    const doc = docFromText(lines(200));
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, lineStart(doc, GROUP_LINES)) });
    let next = state;
    joinLines(-1)(state, (tr) => (next = state.apply(tr)));
    const text = textOfDoc(next.doc).split("\n");
    assert.equal(text.length, 199);
    assert.equal(text[GROUP_LINES - 1], `line ${GROUP_LINES - 1}line ${GROUP_LINES}`);
  });

  it(`splits a line group that grows past ${GROUP_LINES_MAX} lines (a paste), keeping the text and the caret`, () => {
    const doc = docFromText(lines(10));
    const state = EditorState.create({ doc, plugins: [lineGroupPlugin()], selection: TextSelection.create(doc, lineStart(doc, 5)) });
    const pasted = state.apply(state.tr.replaceSelection(sliceFromText(lines(300, 1000))));
    assert.ok(sizes(pasted.doc).every((size) => size <= GROUP_LINES_MAX), `line groups of ${sizes(pasted.doc).join(", ")}`);
    assert.equal(textOfDoc(pasted.doc), [lines(5), lines(300, 1000) + "line 5", lines(4, 6)].join("\n"));
    const after = textOfDoc(pasted.doc.cut(0, pasted.selection.head)).split("\n").at(-1);
    assert.equal(after, "line 1299");
  });

  it("splits a line group that grows line by line (Enter)", () => {
    const doc = docFromText("x");
    let state = EditorState.create({ doc, plugins: [lineGroupPlugin()], selection: Selection.atEnd(doc) });
    for (let i = 0; i < GROUP_LINES_MAX + 5; i++) state = state.apply(state.tr.split(state.selection.head));
    assert.ok(sizes(state.doc).every((size) => size <= GROUP_LINES_MAX));
    assert.equal(textOfDoc(state.doc), "x" + "\n".repeat(GROUP_LINES_MAX + 5));
  });
});
