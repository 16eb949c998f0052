import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { EditorState, TextSelection, type Transaction } from "prosemirror-state";
import { lineJoin } from "../../../src/editor/line-groups.js";
import { ReferenceCounts } from "../../../src/editor/references.js";
import { composerSchema, createChip } from "../../../src/editor/schema.js";
import { docFromText } from "../../../src/editor/text.js";

function snapshot(counts: ReferenceCounts): Record<string, number> {
  return Object.fromEntries([...counts.ids()].sort().map((id) => [id, counts.count(id)]));
}

interface Edit {
  op: "text" | "chip" | "delete" | "split" | "paste" | "join";
  at: number;
  span: number;
  id: string;
}

const edits: fc.Arbitrary<Edit> = fc.record({
  op: fc.constantFrom("text", "chip", "delete", "split", "paste", "join"),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  span: fc.double({ min: 0, max: 0.5, noNaN: true }),
  id: fc.constantFrom("a", "b", "c"),
});

/** A cursor position near a fraction of the document. */
function position(state: EditorState, fraction: number): number {
  return TextSelection.near(state.doc.resolve(Math.round(fraction * state.doc.content.size))).head;
}

/** One edit as a transaction, several steps at times (a paste of a slice with chips). */
function transaction(state: EditorState, edit: Edit): Transaction {
  const at = position(state, edit.at);
  const to = position(state, Math.min(1, edit.at + edit.span));
  const tr = state.tr;
  switch (edit.op) {
    case "text":
      return tr.insertText("xy ", at);
    case "chip":
      return tr.insert(at, createChip({ kind: "file", contextId: edit.id, label: edit.id }));
    case "split":
      return tr.split(at);
    case "delete":
      return tr.delete(at, to);
    case "join": {
      const $at = state.doc.resolve(at);
      const join = lineJoin($at, -1);
      return join ? tr.join(join.pos, join.depth) : tr;
    }
    case "paste":
      return tr.replaceRange(at, to, state.doc.slice(position(state, edit.span), position(state, edit.span * 2))).insertText("!", at);
  }
}

describe("ReferenceCounts", () => {
  it("counts every chip of a document", () => {
    const doc = docFromText("[a](t3-context://v1/file/a) [b](t3-context://v1/file/b)\n[a](t3-context://v1/file/a)");
    assert.deepEqual(snapshot(ReferenceCounts.of(doc)), { a: 2, b: 1 });
  });

  it("reports what a transaction changed", () => {
    const state = EditorState.create({ doc: docFromText("[a](t3-context://v1/file/a) x"), schema: composerSchema });
    const counts = ReferenceCounts.of(state.doc);
    const tr = state.tr.delete(2, 3).insert(2, createChip({ kind: "file", contextId: "b", label: "b" }));
    const { counts: after, delta } = counts.apply(tr);
    assert.deepEqual([...delta].map(([id, { change }]) => [id, change]), [["a", -1], ["b", 1]]);
    assert.deepEqual(snapshot(after), { b: 1 });
    assert.deepEqual(snapshot(counts), { a: 1 }, "the counts before the transaction stay as they were");
  });

  it("stays equal to a full recount under any sequence of edits (property)", () => {
    fc.assert(
      fc.property(fc.array(edits, { minLength: 1, maxLength: 25 }), (sequence) => {
        let state = EditorState.create({
          doc: docFromText("[a](t3-context://v1/file/a) one\ntwo [b](t3-context://v1/file/b)\n[a](t3-context://v1/file/a)"),
          schema: composerSchema,
        });
        let counts = ReferenceCounts.of(state.doc);
        for (const edit of sequence) {
          const tr = transaction(state, edit);
          counts = counts.apply(tr).counts;
          state = state.apply(tr);
          assert.deepEqual(snapshot(counts), snapshot(ReferenceCounts.of(state.doc)));
        }
      }),
    );
  });
});
