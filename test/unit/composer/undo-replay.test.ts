// The undo history's replay (src/elements/composer/rest/undo-history.ts, undo.ts): a draft that
// recorded its transactions while the rest chunk was not in, then installed the history, has the
// history a state with the history from the start has: the same undo depth, and every undo and
// redo gives the same document. Random edits: typing with pauses and without, removals, chips
// inserted as their own step, changes kept out of the history, transactions a plugin appends.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { closeHistory, history, redo, redoDepth, undo, undoDepth } from "prosemirror-history";
import { EditorState, Plugin, Selection, TextSelection, type Transaction } from "prosemirror-state";
import { createChip } from "../../../src/editor/schema.js";
import { docFromText } from "../../../src/editor/text.js";
import { undoHistory } from "../../../src/elements/composer/rest/undo-history.js";
import { markClose, MAX_RECORDED_TRANSACTIONS, UndoRecording } from "../../../src/elements/composer/undo.js";

/** Root metas that make `appender` append a transaction (kept in the history, or not). */
const APPEND = "test-append";
const APPEND_HIDDEN = "test-append-hidden";

/** Appends an insertion at the start after a transaction that asks for one. */
const appender = new Plugin({
  appendTransaction(transactions, _old, state) {
    const root = transactions[0]!;
    if (!root.getMeta(APPEND) && !root.getMeta(APPEND_HIDDEN)) return null;
    const tr = state.tr.insertText("#", Selection.atStart(state.doc).from);
    return root.getMeta(APPEND_HIDDEN) ? tr.setMeta("addToHistory", false) : tr;
  },
});

type Op =
  | { kind: "type"; text: string; at: number; pause: number }
  | { kind: "delete"; at: number; length: number; pause: number }
  | { kind: "chip"; at: number; pause: number }
  | { kind: "hidden" | "append" | "append-hidden" | "append-to-hidden"; text: string; at: number; pause: number }
  | { kind: "select"; at: number; pause: number };

const fraction = fc.double({ min: 0, max: 1, noNaN: true });
/** Pauses around the history's 500 ms grouping delay. */
const pause = fc.constantFrom(0, 10, 200, 499, 501, 2000);
const text = fc.constantFrom("a", "bc", " ", "xyz");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("type" as const), text, at: fraction, pause }),
  fc.record({ kind: fc.constant("delete" as const), at: fraction, length: fc.integer({ min: 1, max: 3 }), pause }),
  fc.record({ kind: fc.constant("chip" as const), at: fraction, pause }),
  fc.record({ kind: fc.constantFrom("hidden" as const, "append" as const, "append-hidden" as const, "append-to-hidden" as const), text, at: fraction, pause }),
  fc.record({ kind: fc.constant("select" as const), at: fraction, pause }),
);

function near(state: EditorState, at: number): number {
  return TextSelection.near(state.doc.resolve(Math.round(at * state.doc.content.size))).head;
}

/** One chip per op: a chip's reference id is random, and both states must get the same one. */
const chips = new WeakMap<Op, ReturnType<typeof createChip>>();
function chipOf(op: Op): ReturnType<typeof createChip> {
  let chip = chips.get(op);
  if (!chip) chips.set(op, (chip = createChip({ kind: "file", contextId: "file_a", label: "a.ts" })));
  return chip;
}

/** `op` as a transaction on `state`; `close` is `closeHistory` or the draft's mark. */
function build(state: EditorState, op: Op, time: number, close: (tr: Transaction) => Transaction): Transaction {
  const at = near(state, op.at);
  const tr = state.tr.setTime(time);
  switch (op.kind) {
    case "type":
      return tr.insertText(op.text, at);
    case "delete":
      return tr.delete(at, Math.min(at + op.length, Math.max(at, state.doc.content.size - 1)));
    case "chip":
      return close(tr.insert(at, chipOf(op)));
    case "hidden":
      return tr.insertText(op.text, at).setMeta("addToHistory", false);
    case "append":
      return tr.insertText(op.text, at).setMeta(APPEND, true);
    case "append-hidden":
      return tr.insertText(op.text, at).setMeta(APPEND_HIDDEN, true);
    case "append-to-hidden":
      return tr.insertText(op.text, at).setMeta(APPEND, true).setMeta("addToHistory", false);
    case "select":
      return tr.setSelection(TextSelection.create(state.doc, at));
  }
}

/** The same edits on a state with the history from the start, and on one that records, then installs it. */
function run(ops: readonly Op[], start = "hello"): { expected: EditorState; replayed: EditorState } {
  const doc = docFromText(start);
  const selection = Selection.atEnd(doc);
  let expected = EditorState.create({ doc, selection, plugins: [appender, history()] });
  let recorded = EditorState.create({ doc, selection, plugins: [appender] });
  const recording = new UndoRecording(recorded);
  let time = 1_000_000;
  const apply = (make: (state: EditorState, close: (tr: Transaction) => Transaction) => Transaction) => {
    expected = expected.apply(make(expected, closeHistory));
    const applied = recorded.applyTransaction(make(recorded, markClose));
    recording.record(applied.transactions);
    recorded = applied.state;
  };
  for (const each of ops) {
    time += each.pause;
    apply((state, close) => build(state, each, time, close));
    // As the draft's `edit` does: what follows a chip is a step of its own too.
    if (each.kind === "chip") apply((state, close) => close(state.tr.setTime(time)));
  }
  return { expected, replayed: undoHistory.install(recorded, recording, [appender, ...undoHistory.plugins]) };
}

/** Every document undo gives until there is nothing left, then every one redo gives. */
function walk(state: EditorState): string[] {
  const docs = [JSON.stringify(state.doc.toJSON())];
  for (const command of [undo, redo]) {
    for (let next: Transaction | undefined; command(state, (tr) => (next = tr)) && next; next = undefined) {
      state = state.apply(next);
      docs.push(JSON.stringify(state.doc.toJSON()));
    }
  }
  return docs;
}

describe("the undo history replayed from the draft's record", () => {
  it("is the history a state with it from the start has, for random edits", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const { expected, replayed } = run(ops);
        assert.equal(replayed.doc.eq(expected.doc), true);
        assert.deepEqual([undoDepth(replayed), redoDepth(replayed)], [undoDepth(expected), 0]);
        assert.deepEqual(walk(replayed), walk(expected));
      }),
      { numRuns: 300 },
    );
  });

  it("groups quick adjacent typing into one step, and a marked chip and a pause start new ones", () => {
    const chip: Op = { kind: "chip", at: 1, pause: 10 };
    const { replayed } = run([
      { kind: "type", text: " a", at: 1, pause: 0 },
      { kind: "type", text: "b", at: 1, pause: 10 },
      chip,
      { kind: "type", text: "c", at: 1, pause: 10 },
      { kind: "type", text: "d", at: 1, pause: 1000 },
    ]);
    assert.equal(undoDepth(replayed), 4);
    const texts = walk(replayed).map((json) => replayed.schema.nodeFromJSON(JSON.parse(json)).textContent);
    const chipText = "[a.ts](t3-context://v1/file/file_a)";
    assert.deepEqual(texts.slice(0, 5), [`hello ab${chipText}cd`, `hello ab${chipText}c`, `hello ab${chipText}`, "hello ab", "hello"]);
  });

  it("keeps an appended change in its root's step, out of the history with its root, or out on its own", () => {
    const textsOf = (kind: Op["kind"]) => {
      const { replayed } = run([{ kind, text: "!", at: 1, pause: 0 } as Op]);
      return walk(replayed).map((json) => replayed.schema.nodeFromJSON(JSON.parse(json)).textContent);
    };
    assert.deepEqual(textsOf("append"), ["#hello!", "hello", "#hello!"]);
    assert.deepEqual(textsOf("append-to-hidden"), ["#hello!"]);
    assert.deepEqual(textsOf("append-hidden"), ["#hello!", "#hello", "#hello!"]);
  });

  it("starts empty, keeping the document, when the record does not end at the live document", () => {
    const doc = docFromText("hello");
    let state = EditorState.create({ doc, plugins: [] });
    const recording = new UndoRecording(state);
    const applied = state.applyTransaction(state.tr.insertText(" typed", Selection.atEnd(state.doc).from));
    recording.record(applied.transactions);
    state = applied.state.apply(applied.state.tr.insertText(" unrecorded", Selection.atEnd(applied.state.doc).from));
    const installed = undoHistory.install(state, recording, [...undoHistory.plugins]);
    assert.deepEqual([installed.doc.textContent, undoDepth(installed)], ["hello typed unrecorded", 0]);
  });

  it("starts the record again from the state then once it is full, and what follows stays undoable", () => {
    let state = EditorState.create({ doc: docFromText("x"), plugins: [] });
    let recording = new UndoRecording(state);
    const first = recording;
    // Each one a step of its own: a pause past the history's grouping delay.
    const typeOne = (time: number) => {
      const applied = state.applyTransaction(state.tr.insertText("a", Selection.atEnd(state.doc).from).setTime(time));
      recording.record(applied.transactions);
      recording = UndoRecording.after(recording, applied.state);
      state = applied.state;
    };
    for (let i = 1; i < MAX_RECORDED_TRANSACTIONS; i++) typeOne(i * 1000);
    assert.equal(recording, first);
    typeOne(MAX_RECORDED_TRANSACTIONS * 1000);
    assert.notEqual(recording, first);
    assert.deepEqual([recording.doc.eq(state.doc), recording.transactions.length], [true, 0]);
    typeOne((MAX_RECORDED_TRANSACTIONS + 1) * 1000);
    typeOne((MAX_RECORDED_TRANSACTIONS + 2) * 1000);
    const installed = undoHistory.install(state, recording, [...undoHistory.plugins]);
    assert.equal(undoDepth(installed), 2);
    let undone = installed;
    undo(undone, (tr) => (undone = undone.apply(tr)));
    assert.equal(undone.doc.textContent, "x" + "a".repeat(MAX_RECORDED_TRANSACTIONS + 1));
  });
});
