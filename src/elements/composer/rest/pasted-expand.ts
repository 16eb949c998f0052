// Expand (docs/composer.md, "Large pastes"), in the rest chunk: a pasted block's pieces become
// chips, a step of them per task. Its card and Remove are pasted-block.ts's.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { closeHistory } from "prosemirror-history";
import { createPasted, pastedAttrs, type PastedPiece } from "../../../editor/schema.js";
import { sliceFromText } from "../../../editor/text.js";
import type { Composer } from "../composer.js";
import { PASTE_PIECE_CHARS, PASTE_PIECE_CHIPS, nextTask } from "../paste-chunks.js";
import { blockAt, setPasteProgress } from "../pasted-block.js";

/**
 * How many of `pieces`, from `from` on, one step of Expand inserts: as many as stay within
 * `PASTE_PIECE_CHIPS` chips and `PASTE_PIECE_CHARS` characters, and at least one. (A block is
 * read in smaller pieces than a step of Expand inserts: see paste-chunks.ts.)
 */
function stepOf(pieces: readonly PastedPiece[], from: number): number {
  let to = from + 1;
  let chips = pieces[from]!.references.length;
  let chars = pieces[from]!.text.length;
  for (; to < pieces.length; to++) {
    chips += pieces[to]!.references.length;
    chars += pieces[to]!.text.length;
    if (chips > PASTE_PIECE_CHIPS || chars > PASTE_PIECE_CHARS) break;
  }
  return to;
}

/** Where `block` is in `doc`, or -1. */
function findBlock(doc: ProseMirrorNode, block: ProseMirrorNode): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (node === block) found = pos;
    return found === -1 && !node.isInline;
  });
  return found;
}

/**
 * Expand: the block's pieces become chips, a step of them per task (`stepOf`), each in front of
 * the block, which holds the pieces still to come; every step carries the first one's time, so
 * the history makes one undo step of them. The references stay counted throughout (a chip in, the same reference
 * out of the block), so no record leaves the draft midway. Each step lays out the chips so far:
 * tens of thousands of chips in one line take the browser long, which the button's hint says.
 * Stops if the block goes meanwhile (an undo, a removal).
 */
export async function expandPasted(composer: Composer, pos: number | undefined): Promise<void> {
  let block = blockAt(composer, pos);
  if (!block) return;
  const model = composer.model;
  const { pieces } = pastedAttrs(block);
  const time = Date.now();
  let at = pos!;
  let doc = model.state.doc;
  model.view?.focus();
  setPasteProgress(composer, 0);
  try {
    for (let index = 0; index < pieces.length; ) {
      if (index > 0) await nextTask();
      if (model.state.doc !== doc && (at = findBlock(model.state.doc, block)) === -1) return;
      const next = stepOf(pieces, index);
      const text = pieces.slice(index, next).map((piece) => piece.text).join("");
      const tr = model.state.tr.replace(at, at, sliceFromText(text));
      at = tr.mapping.map(at, 1);
      const rest = pieces.slice(next);
      if (rest.length > 0) tr.replaceWith(at, at + 1, (block = createPasted(rest)));
      else tr.delete(at, at + 1);
      model.apply((index === 0 ? closeHistory(tr) : tr).setTime(time).setMeta("uiEvent", "paste"));
      // A chunk split after the step (chunks.ts) moves the block.
      if (model.state.doc !== tr.doc && rest.length > 0) at = findBlock(model.state.doc, block);
      doc = model.state.doc;
      setPasteProgress(composer, next / pieces.length);
      index = next;
    }
  } finally {
    model.apply(closeHistory(model.state.tr));
    setPasteProgress(composer, null);
  }
}
