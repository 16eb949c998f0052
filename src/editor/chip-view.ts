// The DOM of a chip in the editor. The drawing itself is the caller's (the element draws every
// chip through the presentation registry); this view only owns the uneditable span and tells the
// caller when a chip appears, changes or goes.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import type { NodeView, NodeViewConstructor } from "prosemirror-view";
import { chipAttrs, type ChipAttrs } from "./schema.js";

/** Draws chips. `mount` fills a new span, `unmount` forgets it. */
export interface ChipPainter {
  mount(dom: HTMLElement, attrs: ChipAttrs): void;
  unmount(dom: HTMLElement, attrs: ChipAttrs): void;
}

function sameAttrs(a: ChipAttrs, b: ChipAttrs): boolean {
  return a.kind === b.kind && a.contextId === b.contextId && a.label === b.label && a.referenceId === b.referenceId;
}

class ChipView implements NodeView {
  readonly dom: HTMLElement;
  #attrs: ChipAttrs;
  readonly #painter: ChipPainter;

  constructor(node: ProseMirrorNode, painter: ChipPainter) {
    this.#painter = painter;
    this.#attrs = chipAttrs(node);
    this.dom = document.createElement("span");
    this.dom.contentEditable = "false";
    painter.mount(this.dom, this.#attrs);
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type.name !== "chip") return false;
    const attrs = chipAttrs(node);
    if (!sameAttrs(attrs, this.#attrs)) {
      this.#painter.unmount(this.dom, this.#attrs);
      this.#attrs = attrs;
      this.#painter.mount(this.dom, attrs);
    }
    return true;
  }

  // The painter redraws the chip's insides (upload progress, a record arriving): that is never
  // an edit for ProseMirror to read back.
  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.#painter.unmount(this.dom, this.#attrs);
  }
}

/** The node view constructor for chips. */
export function chipNodeView(painter: ChipPainter): NodeViewConstructor {
  return (node) => new ChipView(node, painter);
}
