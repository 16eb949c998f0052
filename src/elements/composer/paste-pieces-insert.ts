// Inserts a large paste piece by piece (paste-chunks.ts cuts it), each piece in its own task.
import { closeHistory } from "prosemirror-history";
import { TextSelection, type Transaction } from "prosemirror-state";
import { sliceFromText } from "../../editor/text.js";
import type { Composer } from "./composer.js";
import { nextTask } from "./paste-chunks.js";

/**
 * Set on the editable while a paste is going in: the share done (0–1), for styles and tests.
 * (`aria-busy` there says whether a send is under way: the sender owns it.)
 */
const PROGRESS = "data-paste-progress";

function progress(composer: Composer, done: number, total: number): void {
  composer.mount.setAttribute(PROGRESS, (done / total).toFixed(2));
}

/**
 * Inserts `pieces` in order: the first over `tr`'s selection now (`tr` carries the records that
 * join the draft with the chips), each next one in a later task right after the one before (or,
 * if the draft was edited meanwhile, at the selection: nothing is lost). Every piece's
 * transaction carries the first one's time, so the history makes them one undo step. Resolves
 * when the last piece is in.
 * @internal
 */
export async function insertInPieces(composer: Composer, pieces: readonly string[], tr: Transaction, uiEvent: string): Promise<void> {
  const model = composer.model;
  const time = tr.time;
  const mark = (next: Transaction) => next.setTime(time).setMeta("paste", true).setMeta("uiEvent", uiEvent);
  model.apply(closeHistory(mark(tr.replaceSelection(sliceFromText(pieces[0]!)))));
  let end = model.state.selection.to;
  let doc = model.state.doc;
  progress(composer, 1, pieces.length);
  for (let index = 1; index < pieces.length; index++) {
    await nextTask();
    const next = model.state.tr;
    const at = model.state.doc === doc ? end : next.selection.to;
    model.apply(mark(next.setSelection(TextSelection.create(next.doc, at)).replaceSelection(sliceFromText(pieces[index]!))));
    end = model.state.selection.to;
    doc = model.state.doc;
    progress(composer, index + 1, pieces.length);
  }
  model.apply(closeHistory(model.state.tr.scrollIntoView()));
  composer.mount.removeAttribute(PROGRESS);
}
