// Inserts a large paste piece by piece (paste-chunks.ts cuts it), each piece in its own task.
import { closeHistory } from "prosemirror-history";
import { TextSelection, type Transaction } from "prosemirror-state";
import { sliceFromText } from "../../editor/text.js";
import type { ComposerCore } from "./core.js";
import { applyTransaction } from "./dispatch.js";
import { nextTask } from "./paste-chunks.js";

/**
 * Set on the editable while a paste is going in: the share done (0–1), for styles and tests.
 * (`aria-busy` there says whether a send is under way: suggestions.ts owns it.)
 */
const PROGRESS = "data-paste-progress";

function progress(core: ComposerCore, done: number, total: number): void {
  core.mount.setAttribute(PROGRESS, (done / total).toFixed(2));
}

/**
 * Inserts `pieces` in order: the first over `tr`'s selection now, each next one in a later task
 * right after the one before (or, if the draft was edited meanwhile, at the selection: nothing is
 * lost). Every piece's transaction carries the first one's time, so the history makes them one
 * undo step. Resolves when the last piece is in.
 * @internal
 */
export async function insertInPieces(core: ComposerCore, pieces: readonly string[], tr: Transaction, uiEvent: string): Promise<void> {
  const time = tr.time;
  const mark = (next: Transaction) => next.setTime(time).setMeta("paste", true).setMeta("uiEvent", uiEvent);
  applyTransaction(core, closeHistory(mark(tr.replaceSelection(sliceFromText(pieces[0]!)))));
  let end = core.state.selection.to;
  let doc = core.state.doc;
  progress(core, 1, pieces.length);
  for (let index = 1; index < pieces.length; index++) {
    await nextTask();
    const next = core.state.tr;
    const at = core.state.doc === doc ? end : next.selection.to;
    applyTransaction(core, mark(next.setSelection(TextSelection.create(next.doc, at)).replaceSelection(sliceFromText(pieces[index]!))));
    end = core.state.selection.to;
    doc = core.state.doc;
    progress(core, index + 1, pieces.length);
  }
  applyTransaction(core, closeHistory(core.state.tr.scrollIntoView()));
  core.mount.removeAttribute(PROGRESS);
}
