// A pasted block (docs/composer.md, "Large pastes"): a paste too large to lay out as chips stays
// collapsed, one card in the draft that serializes, copies, saves and sends as the chips would.
// Here: its card, Remove, and the progress attribute a large paste or an expansion sets while it
// works. Expand (the chips, a piece per task, one undo step) is in the rest chunk
// (rest/pasted-expand.ts): a click on it before the chunk is in expands the block once it is.
import { Slice, type Node as ProseMirrorNode } from "prosemirror-model";
import type { PastedPainter } from "../../editor/pasted-view.js";
import { createPasted, isPasted, type PastedAttrs, type PastedPiece } from "../../editor/schema.js";
import { docFromSegments, type PastedRange } from "../../editor/text.js";
import type { Composer } from "./composer.js";
import { pastedPiecesNow } from "./paste-slices.js";

/**
 * Set on the editable while a large paste is read or a block expands: the share done (0–1), for
 * styles and tests. (`aria-busy` there says whether a send is under way: the sender owns it.)
 */
const PROGRESS = "data-paste-progress";
const PROGRESS_DIGITS = 2;
/** How deep a slice holding one pasted block is open at each end: its chunk and its line. */
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
    void composer.rest.run((rest) => rest.expandPasted(composer, pos));
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
