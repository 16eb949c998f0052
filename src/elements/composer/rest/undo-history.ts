// The undo history, in the rest chunk (docs/composer.md, "Undo"): prosemirror-history's plugin,
// and the replay that gives it what the draft did before it was in (undo.ts records it).
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { closeHistory, history, redo, undo } from "prosemirror-history";
import { EditorState, Plugin, type EditorStateConfig, type StateField, type Transaction } from "prosemirror-state";
import { triggerPlugin } from "../../../editor/trigger.js";
import type { UndoHistory, UndoRecording } from "../undo.js";

const base = history();
const field = base.spec.state as StateField<unknown>;

/** A state's config that may carry the history to start from (`installHistory`). */
type HistoryConfig = EditorStateConfig & { history?: unknown };

/**
 * `history()`'s plugin (same key, spec and config, so `undo`, `redo` and `undoDepth` find it),
 * whose state starts from the config's `history` when there is one.
 */
const plugin = new Plugin({
  ...base.spec,
  state: {
    init: (config: HistoryConfig, state) => config.history ?? field.init(config, state),
    apply: (tr, value, before, after) => field.apply(tr, value, before, after),
  },
});

/**
 * The history a state with `plugin` from the start would have after the recorded transactions:
 * each replayed on a state with only the history (same steps, time, metas and selection, and
 * `closeHistory` where the draft marked it). `undefined` when the replay does not end at `live`
 * (something changed the draft unrecorded): the history then starts empty.
 */
export function replayHistory(recording: UndoRecording, live: ProseMirrorNode): unknown {
  const { doc } = recording;
  let state = EditorState.create({ doc, selection: recording.selection.resolve(doc), plugins: [plugin] });
  let root: Transaction | undefined;
  for (const recorded of recording.transactions) {
    const tr = state.tr;
    for (const step of recorded.steps) if (tr.maybeStep(step).failed) return undefined;
    tr.setSelection(recorded.selection.resolve(tr.doc)).setTime(recorded.time);
    if (recorded.addToHistory !== undefined) tr.setMeta("addToHistory", recorded.addToHistory);
    if (recorded.composition !== undefined) tr.setMeta("composition", recorded.composition);
    if (recorded.close) closeHistory(tr);
    if (recorded.appended) tr.setMeta("appendedTransaction", root);
    else root = tr;
    state = state.apply(tr);
  }
  return state.doc.eq(live) ? plugin.getState(state) : undefined;
}

/** `state` with `plugins`, every other plugin's state kept, the history replayed from `recording`. */
function installHistory(state: EditorState, recording: UndoRecording, plugins: readonly Plugin[]): EditorState {
  const config: HistoryConfig = { plugins: [...plugins], history: replayHistory(recording, state.doc) };
  return state.reconfigure(config);
}

export const undoHistory: UndoHistory = { plugins: [plugin, triggerPlugin()], install: installHistory, close: closeHistory, undo, redo };
