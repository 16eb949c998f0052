// The draft plugin (src/elements/composer/draft-state.ts): which records the draft holds follows
// from the chips of the document, through any edit, undo and redo, with nobody reconciling.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { closeHistory, history, redo, undo } from "prosemirror-history";
import { EditorState, TextSelection, type Transaction } from "prosemirror-state";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import { createChip } from "../../../src/editor/schema.js";
import { docFromText } from "../../../src/editor/text.js";
import { createDraftState, draftKey, draftOf, draftPlugin, isLive, liveRecords } from "../../../src/elements/composer/draft-state.js";

const IDS = ["file_a", "file_b", "image_c"] as const;

function record(contextId: string): ComposerContextRecord {
  if (contextId.startsWith("image_")) {
    return { version: 1, kind: "image", contextId, label: contextId, attachmentId: "att_x", name: "c.png", mimeType: "image/png", sizeBytes: 1 };
  }
  return { version: 1, kind: "file", contextId, label: contextId, attachmentId: "att_y", name: "a.txt", mimeType: "text/plain", sizeBytes: 1 };
}

function fresh(text = ""): EditorState {
  return createDraftState(docFromText(text), [history(), draftPlugin()], { records: [], attachments: [] });
}

function insert(state: EditorState, contextId: string, fraction = 1): Transaction {
  const at = TextSelection.near(state.doc.resolve(Math.round(fraction * state.doc.content.size))).head;
  const kind = contextId.startsWith("image_") ? "image" : "file";
  // Each edit its own undo step, as the composer's host edits are (src/elements/composer/draft.ts).
  return closeHistory(state.tr.insert(at, createChip({ kind, contextId, label: contextId })).setMeta(draftKey, { add: [{ record: record(contextId) }] }));
}

function chipRange(state: EditorState, contextId: string): [number, number] | null {
  let found: [number, number] | null = null;
  state.doc.descendants((node, pos) => {
    if (!found && node.type.name === "chip" && node.attrs.contextId === contextId) found = [pos, pos + node.nodeSize];
    return !node.isInline;
  });
  return found;
}

/** Runs a command (undo, redo) and returns the state after it, or the same state when it did nothing. */
function run(state: EditorState, command: typeof undo): EditorState {
  let next = state;
  command(state, (tr) => void (next = state.apply(tr)));
  return next;
}

describe("draft plugin", () => {
  it("a record joins with its chip, leaves with it, and undo and redo bring it back", () => {
    let state = fresh("x");
    state = state.apply(insert(state, "file_a"));
    assert.deepEqual([...liveRecords(draftOf(state)).keys()], ["file_a"]);
    const [from, to] = chipRange(state, "file_a")!;
    state = state.apply(closeHistory(state.tr.delete(from, to)));
    assert.equal(isLive(draftOf(state), "file_a"), false);
    assert.equal(draftOf(state).records.has("file_a"), true, "the table keeps the record for an undo");
    state = run(state, undo);
    assert.deepEqual([...liveRecords(draftOf(state)).keys()], ["file_a"]);
    state = run(state, undo);
    assert.deepEqual([...liveRecords(draftOf(state)).keys()], []);
    state = run(state, redo);
    assert.deepEqual([...liveRecords(draftOf(state)).keys()], ["file_a"]);
  });

  it("an image stays on the shelf without its chips until it is dropped", () => {
    let state = fresh();
    state = state.apply(insert(state, "image_c"));
    const [from, to] = chipRange(state, "image_c")!;
    state = state.apply(closeHistory(state.tr.delete(from, to)));
    assert.equal(isLive(draftOf(state), "image_c"), true);
    state = state.apply(state.tr.setMeta(draftKey, { drop: ["image_c"] }));
    assert.equal(isLive(draftOf(state), "image_c"), false);
  });

  it("a keystroke that touches no chip keeps the very same draft state", () => {
    let state = fresh("x");
    state = state.apply(insert(state, "file_a"));
    const before = draftOf(state);
    state = state.apply(state.tr.insertText("typed", 1));
    assert.equal(draftOf(state), before);
  });

  it("the live records are the referenced ones (and kept images), whatever is done and undone (property)", () => {
    const step = fc.record({
      op: fc.constantFrom("insert", "delete", "undo", "redo"),
      id: fc.constantFrom(...IDS),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        let state = fresh("one two");
        const everLive = new Set<string>();
        for (const { op, id, at } of steps) {
          if (op === "insert") state = state.apply(insert(state, id, at));
          else if (op === "delete") {
            const range = chipRange(state, id);
            if (range) state = state.apply(closeHistory(state.tr.delete(...range)));
          } else state = run(state, op === "undo" ? undo : redo);
          const draft = draftOf(state);
          for (const contextId of IDS) {
            const referenced = chipRange(state, contextId) !== null;
            if (referenced) everLive.add(contextId);
            // A file is live exactly while a chip references it; an image once it had a chip.
            const expected = contextId.startsWith("image_") ? everLive.has(contextId) : referenced;
            assert.equal(isLive(draft, contextId), expected, `${contextId} after ${op}`);
          }
        }
      }),
    );
  });
});
