// Inserting and removing chips with the reference app's spacing (docs/composer.md,
// "Chips"): a leading space unless at a line start or after whitespace, one trailing space that
// consumes one existing space, the caret after it; removal takes one neighbouring space along.
import type { Node as ProseMirrorNode, ResolvedPos } from "prosemirror-model";
import { TextSelection, type EditorState, type Transaction } from "prosemirror-state";
import { lineJoin } from "./line-groups.js";
import { chipPositions } from "./references.js";
import { composerSchema } from "./schema.js";

const SPACE = " ";
/** What counts as whitespace before the caret: the reference's start-of-text, space, \n, \t, \r. */
const LEADING_WHITESPACE = /[ \t\r\n]/;

/** The character just before `$pos` in its line, `""` at a line start, U+FFFC for a chip. */
function charBefore($pos: ResolvedPos): string {
  const node = $pos.nodeBefore;
  if (!node) return "";
  return node.isText ? node.text!.charAt(node.text!.length - 1) : "\ufffc";
}

function charAfter($pos: ResolvedPos): string {
  const node = $pos.nodeAfter;
  if (!node) return "";
  return node.isText ? node.text!.charAt(0) : "\ufffc";
}

/** The nearest position at or before `pos` where inline content can go. */
export function inlinePosition(doc: ProseMirrorNode, pos: number): number {
  const clamped = Math.max(0, Math.min(pos, doc.content.size));
  const $pos = doc.resolve(clamped);
  if ($pos.parent.inlineContent) return clamped;
  return TextSelection.near($pos, -1).head;
}

/** The end of the last line (inside the last line group). */
export function endPosition(doc: ProseMirrorNode): number {
  return doc.content.size - 2;
}

/**
 * Replaces `from`–`to` (an empty range to insert) with `chip` and the spacing around it, and puts
 * the caret after the trailing space. Works on `tr` so that several chips make one undo step.
 */
export function insertChip(tr: Transaction, chip: ProseMirrorNode, from: number, to = from): Transaction {
  const $from = tr.doc.resolve(from);
  const lead = $from.parentOffset > 0 && !LEADING_WHITESPACE.test(charBefore($from)) ? SPACE : "";
  const $to = tr.doc.resolve(to);
  const end = charAfter($to) === SPACE ? to + 1 : to;
  const content = lead ? [composerSchema.text(lead), chip, composerSchema.text(SPACE)] : [chip, composerSchema.text(SPACE)];
  tr.replaceWith(from, end, content);
  return tr.setSelection(TextSelection.create(tr.doc, from + lead.length + chip.nodeSize + SPACE.length));
}

/**
 * Removes every chip of `contextId`, last to first, each with one neighbouring space (the one
 * after it, else the one before). The caret goes to the earliest removal point; when that is
 * the end of the text, trailing whitespace goes too. `null` when there is no such chip.
 */
export function removeChips(state: EditorState, contextId: string): Transaction | null {
  const positions = chipPositions(state.doc, contextId);
  if (positions.length === 0) return null;
  const tr = state.tr;
  let caret = 0;
  for (let index = positions.length - 1; index >= 0; index--) {
    const pos = positions[index]!;
    let from = pos;
    let to = pos + 1;
    if (charAfter(tr.doc.resolve(to)) === SPACE) to++;
    else if (charBefore(tr.doc.resolve(from)) === SPACE) from--;
    tr.delete(from, to);
    caret = from; // positions run backwards, so the last one is the earliest
  }
  caret = trimEndAt(tr, caret);
  tr.setSelection(TextSelection.create(tr.doc, inlinePosition(tr.doc, caret)));
  return tr;
}

/** When `caret` is at the end of the text, removes the whitespace before it, empty lines included. */
function trimEndAt(tr: Transaction, caret: number): number {
  const end = endPosition(tr.doc);
  if (caret < end) return caret;
  let from = end;
  for (;;) {
    const $from = tr.doc.resolve(from);
    if ($from.parentOffset === 0) {
      // The line break before an all-whitespace line goes: on to the previous line's end.
      const join = lineJoin($from, -1);
      if (!join) break;
      from = join.pos - join.depth;
      continue;
    }
    const node = $from.nodeBefore;
    if (!node?.isText || !/\s/.test(node.text!.charAt(node.text!.length - 1))) break;
    from--;
  }
  if (from < end) tr.delete(from, end);
  return from;
}
