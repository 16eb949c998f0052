// A pasted block (docs/composer.md, "Large pastes"): a paste too large to lay out as chips stays
// collapsed, one card in the draft that serializes, copies, saves and sends as the chips would.
// Here: its card, Remove, and the progress attribute a large paste or an expansion sets while it
// works, and Expand: its pieces become chips, a step of them per task, in one undo step.
import { Slice, type Node as ProseMirrorNode } from "prosemirror-model";
import { closeHistory } from "prosemirror-history";
import type { PastedPainter } from "../../editor/pasted-view.js";
import { createPasted, isPasted, pastedAttrs, type PastedAttrs, type PastedPiece } from "../../editor/schema.js";
import { docFromSegments, sliceFromText, type PastedRange } from "../../editor/text.js";
import type { Composer } from "./composer.js";
import { PASTE_PIECE_CHARS, PASTE_PIECE_CHIPS, nextTask } from "./paste-pieces.js";
import { pastedPiecesNow } from "./paste-slices.js";

/**
 * Set on the editable while a large paste is read or a block expands: the share done (0–1), for
 * styles and tests. (`aria-busy` there says whether a send is under way: the sender owns it.)
 */
const PROGRESS = "data-paste-progress";
const PROGRESS_DIGITS = 2;
/** How deep a slice holding one pasted block is open at each end: its group of lines (src/editor/chunks.ts) and its line. */
const BLOCK_SLICE_DEPTH = 2;

/** Sets the progress attribute (`null` removes it). */
export function setPasteProgress(composer: Composer, share: number | null): void {
  if (share === null) composer.mount.removeAttribute(PROGRESS);
  else composer.mount.setAttribute(PROGRESS, share.toFixed(PROGRESS_DIGITS));
}

/** How many references a block holds (with repeats) and its size in bytes. */
export function pastedSize({ pieces }: PastedAttrs): { references: number; bytes: number } {
  let references = 0;
  let bytes = 0;
  for (const piece of pieces) {
    references += piece.references.length;
    bytes += piece.bytes;
  }
  return { references, bytes };
}

function button(text: string, part: string, action: () => void): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.setAttribute("part", part);
  element.textContent = text;
  element.addEventListener("click", (event) => {
    event.preventDefault();
    action();
  });
  return element;
}

/** Fills a block's card: what it holds, Expand and Remove. */
function drawPasted(composer: Composer, dom: HTMLElement, attrs: PastedAttrs, getPos: () => number | undefined): void {
  const strings = composer.host.localizer;
  const { references, bytes } = pastedSize(attrs);
  const summary = strings.text("pastedBlock", { count: references, size: strings.bytes(bytes) });
  dom.className = "pasted";
  dom.setAttribute("part", "pasted-block");
  dom.setAttribute("role", "group");
  dom.setAttribute("aria-label", summary);
  const label = document.createElement("span");
  label.className = "pasted-summary";
  label.textContent = summary;
  const expand = button(strings.text("pastedExpand"), "pasted-expand", () => {
    const pos = getPos();
    void expandPasted(composer, pos);
  });
  expand.title = strings.text("pastedExpandHint");
  expand.setAttribute("aria-description", expand.title);
  const remove = button(strings.text("remove"), "pasted-remove", () => removePasted(composer, getPos()));
  dom.replaceChildren(label, expand, remove);
}

/**
 * The document of `text` whose `ranges` (in order, apart, inside it) are pasted blocks: a saved
 * draft restored. Its blocks are cut at once: a saved draft is at most what storage holds (a few
 * megabytes), and a restore is one task anyway.
 */
export function docWithBlocks(text: string, ranges: readonly PastedRange[]): ProseMirrorNode {
  const segments: (string | ProseMirrorNode)[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    segments.push(text.slice(at, start), createPasted(pastedPiecesNow(text.slice(start, end))));
    at = end;
  }
  segments.push(text.slice(at));
  return docFromSegments(segments);
}

/** One pasted block of `pieces`, as a slice to put over a selection. */
export function pastedSlice(pieces: PastedPiece[]): Slice {
  return new Slice(docFromSegments([createPasted(pieces)]).content, BLOCK_SLICE_DEPTH, BLOCK_SLICE_DEPTH);
}

/** The painter the editor draws blocks with. */
export function pastedPainter(composer: Composer): PastedPainter {
  return { mount: (dom, attrs, getPos) => drawPasted(composer, dom, attrs, getPos) };
}

/** The block at `pos`, or `null`. */
export function blockAt(composer: Composer, pos: number | undefined): ProseMirrorNode | null {
  const node = pos === undefined ? null : composer.model.state.doc.nodeAt(pos);
  return isPasted(node) ? node : null;
}

/** Remove: the block goes, as one undo step; the caret stays where it was. */
export function removePasted(composer: Composer, pos: number | undefined): void {
  if (!blockAt(composer, pos)) return;
  composer.model.edit(composer.model.state.tr.delete(pos!, pos! + 1));
  composer.model.view?.focus();
}

/**
 * How many of `pieces`, from `from` on, one step of Expand inserts: as many as stay within
 * `PASTE_PIECE_CHIPS` chips and `PASTE_PIECE_CHARS` characters, and at least one. (A block is
 * read in smaller pieces than a step of Expand inserts: see paste-pieces.ts.)
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
