import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AllSelection, EditorState, TextSelection } from "prosemirror-state";
import type { DecorationSet } from "prosemirror-view";
import { NEAR_CARET_LINES, nearCaretPlugin } from "../../../src/editor/near-caret.js";
import { docFromText } from "../../../src/editor/text.js";

/** The indexes of the lines the plugin marks in a draft of `lineCount` lines selected by `select`. */
function marked(lineCount: number, select: (state: EditorState) => EditorState): number[] {
  const plugin = nearCaretPlugin();
  const doc = docFromText(Array.from({ length: lineCount }, (_, i) => `line ${i}`).join("\n"));
  const state = select(EditorState.create({ doc, plugins: [plugin] }));
  const set = plugin.props.decorations!.call(plugin, state) as DecorationSet;
  const starts = new Map<number, number>();
  state.doc.forEach((_line, offset, index) => starts.set(offset, index));
  return set
    .find()
    .map((decoration) => {
      const index = starts.get(decoration.from)!;
      assert.equal(decoration.to, decoration.from + state.doc.child(index).nodeSize, "a decoration covers one whole line");
      return index;
    })
    .sort((a, b) => a - b);
}

/** A selection at the start of line `index`. */
const caretOnLine = (index: number) => (state: EditorState) => {
  let pos = 1;
  for (let i = 0; i < index; i++) pos += state.doc.child(i).nodeSize;
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos)));
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("nearCaretPlugin", () => {
  it("marks every line of a short draft", () => {
    assert.deepEqual(marked(5, caretOnLine(2)), [0, 1, 2, 3, 4]);
  });

  it(`marks the caret's line and ${NEAR_CARET_LINES} lines on each side in a long draft`, () => {
    assert.deepEqual(marked(1000, caretOnLine(500)), range(500 - NEAR_CARET_LINES, 500 + NEAR_CARET_LINES));
  });

  it("stops at the start and at the end of the draft", () => {
    assert.deepEqual(marked(1000, caretOnLine(3)), range(0, 3 + NEAR_CARET_LINES));
    assert.deepEqual(marked(1000, caretOnLine(999)), range(999 - NEAR_CARET_LINES, 999));
  });

  it("follows the head of a selection of everything (the end of the draft)", () => {
    const all = (state: EditorState) => state.apply(state.tr.setSelection(new AllSelection(state.doc)));
    assert.deepEqual(marked(1000, all), range(999 - NEAR_CARET_LINES, 999));
  });
});
