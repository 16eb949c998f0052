// Undo and redo before the rest chunk is in (docs/composer.md, "Undo"). The history's code
// (prosemirror-history) comes with the rest chunk (rest/undo-history.ts). Until it is in, the
// draft records what the history reads from every transaction since its state was made; the chunk
// replays that record into the history it installs, so what was typed before stays undoable, in
// the same steps. An undo key pressed meanwhile waits for the chunk.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import type { Command, EditorState, Plugin, SelectionBookmark, Transaction } from "prosemirror-state";
import type { Step } from "prosemirror-transform";
import type { Composer } from "./composer.js";

/**
 * The meta of a transaction after which typing starts a new undo step: what `closeHistory` sets,
 * for code that cannot import prosemirror-history (the first load). The draft turns it into
 * `closeHistory` once the history is in, and the replay does where it was recorded.
 */
const CLOSE_HISTORY = "t3-close-history";

/** Marks `tr` as `closeHistory` would (`CLOSE_HISTORY`). */
export function markClose(tr: Transaction): Transaction {
  return tr.setMeta(CLOSE_HISTORY, true);
}

/** Whether `tr` carries the mark. */
export function isMarkedClose(tr: Transaction): boolean {
  return tr.getMeta(CLOSE_HISTORY) === true;
}

/** What the history reads from one applied transaction (prosemirror-history's `applyTransaction`). */
export interface RecordedTransaction {
  readonly steps: readonly Step[];
  readonly time: number;
  /** The selection after it: the one the next transaction starts from. */
  readonly selection: SelectionBookmark;
  readonly addToHistory: boolean | undefined;
  /** The view's composition id, which keeps one input method composition in one step. */
  readonly composition: unknown;
  /** Appended by a plugin to the root transaction recorded before it. */
  readonly appended: boolean;
  readonly close: boolean;
}

/**
 * The most transactions a record holds. Past it, the record starts again from the state then
 * (`UndoRecording.after`): what came before is no longer undoable, as what falls past the
 * history's own depth is not, and the record stays bounded while the rest chunk cannot be fetched.
 */
export const MAX_RECORDED_TRANSACTIONS = 10_000;

/**
 * The transactions applied to a state made without the history, from that state on. Bookmarks,
 * not selections, so the record holds no document but the first.
 */
export class UndoRecording {
  /** `recording` once `state` is what its last transaction made: itself, or a new record from `state` when it is full. */
  static after(recording: UndoRecording, state: EditorState): UndoRecording {
    return recording.transactions.length < MAX_RECORDED_TRANSACTIONS ? recording : new UndoRecording(state);
  }

  readonly doc: ProseMirrorNode;
  readonly selection: SelectionBookmark;
  readonly transactions: RecordedTransaction[] = [];

  constructor(state: EditorState) {
    this.doc = state.doc;
    this.selection = state.selection.getBookmark();
  }

  /** Records what `state.applyTransaction` applied: the root transaction, then the appended ones. */
  record(applied: readonly Transaction[]): void {
    applied.forEach((tr, index) =>
      this.transactions.push({
        steps: tr.steps,
        time: tr.time,
        selection: tr.selection.getBookmark(),
        addToHistory: tr.getMeta("addToHistory") as boolean | undefined,
        composition: tr.getMeta("composition"),
        appended: index > 0,
        close: isMarkedClose(tr),
      }),
    );
  }
}

/** The history, as the rest chunk gives it (rest/undo-history.ts). */
export interface UndoHistory {
  /**
   * The plugins the rest chunk adds to states made from now on: the history's, and the
   * suggestion trigger's (editor/trigger.ts, which nothing needs before the chunk's suggestion
   * list can show). They join the draft's states together, when the history is installed.
   */
  readonly plugins: readonly Plugin[];
  /** `state` with `plugins` (the history among them), its history replayed from `recording`. */
  install(state: EditorState, recording: UndoRecording, plugins: readonly Plugin[]): EditorState;
  close(tr: Transaction): Transaction;
  readonly undo: Command;
  readonly redo: Command;
}

/** Runs undo (or redo) on the composer's view; whether there was something to undo. */
function runUndo(composer: Composer, history: UndoHistory, redo: boolean): boolean {
  const view = composer.model.view;
  return view !== null && (redo ? history.redo : history.undo)(view.state, view.dispatch);
}

/**
 * Mod+Z, Mod+Y, Shift+Mod+Z: at once once the history is in (the draft installs it then);
 * before, once the rest chunk arrives, in order with what else waits for it. The key is taken
 * meanwhile, so that the browser's own undo does not change the editable under ProseMirror.
 */
export function undoKey(composer: Composer, redo: boolean): boolean {
  const history = composer.model.undoHistory();
  if (history) return runUndo(composer, history, redo);
  void composer.rest.run(() => {
    const arrived = composer.model.undoHistory();
    if (arrived) runUndo(composer, arrived, redo);
  });
  return true;
}
