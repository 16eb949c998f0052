// The DOM of a pasted block in the editor (docs/composer.md, "Large pastes"): an uneditable span
// whose card the caller draws. Its buttons are the card's own: ProseMirror leaves their events
// alone, so a click on Expand neither selects the block nor moves the caret first.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import type { NodeView, NodeViewConstructor } from "prosemirror-view";
import { isPasted, pastedAttrs, type PastedAttrs, type PastedPiece } from "./schema.js";

/** Draws pasted blocks. `getPos` finds the block in the current document (`undefined`: it is gone). */
export interface PastedPainter {
  mount(dom: HTMLElement, attrs: PastedAttrs, getPos: () => number | undefined): void;
}

class PastedView implements NodeView {
  readonly dom: HTMLElement;
  readonly #pieces: readonly PastedPiece[];

  constructor(node: ProseMirrorNode, getPos: () => number | undefined, painter: PastedPainter) {
    this.#pieces = pastedAttrs(node).pieces;
    this.dom = document.createElement("span");
    this.dom.contentEditable = "false";
    painter.mount(this.dom, pastedAttrs(node), getPos);
  }

  // A block never changes: one with other pieces is another block, drawn anew.
  update(node: ProseMirrorNode): boolean {
    return isPasted(node) && pastedAttrs(node).pieces === this.#pieces;
  }

  ignoreMutation(): boolean {
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof Element && event.target.closest("button") !== null;
  }
}

/** The node view constructor for pasted blocks. */
export function pastedNodeView(painter: PastedPainter): NodeViewConstructor {
  return (node, _view, getPos) => new PastedView(node, getPos, painter);
}
