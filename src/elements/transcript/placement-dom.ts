// The DOM side of placing a long thread's messages (message-list.ts): the spacers that stand for
// the messages left out, each article's place in the thread, and moving nodes into order.
import { setAttributeIfChanged } from "./message-view.js";

/** The class of the boxes that stand for messages left out of the DOM. */
const SPACER_CLASS = "spacer";

/** The spacers of a list, reused from one placement to the next. */
export class Spacers {
  #nodes: HTMLElement[] = [];

  /** The `index`-th spacer, standing for `height` px of messages; hidden from assistive technology. */
  get(index: number, height: number): HTMLElement {
    let spacer = this.#nodes[index];
    if (!spacer) {
      spacer = document.createElement("div");
      spacer.className = SPACER_CLASS;
      spacer.setAttribute("aria-hidden", "true");
      this.#nodes[index] = spacer;
    }
    const value = `${height}px`;
    if (spacer.style.height !== value) spacer.style.height = value;
    return spacer;
  }

  /** Removes the spacers from `count` on. */
  trim(count: number): void {
    for (const spacer of this.#nodes.splice(count)) spacer.remove();
  }
}

/**
 * In a long thread each article says where it stands (`aria-posinset` of `aria-setsize`), so a
 * screen reader can tell the reader how far into the thread it is although most of it is not in
 * the DOM; a short thread (`index` null) has every article and needs neither.
 */
export function position(node: HTMLElement, index: number | null, count: number): void {
  if (index === null) {
    if (node.hasAttribute("aria-posinset")) node.removeAttribute("aria-posinset");
    if (node.hasAttribute("aria-setsize")) node.removeAttribute("aria-setsize");
    return;
  }
  setAttributeIfChanged(node, "aria-posinset", String(index + 1));
  setAttributeIfChanged(node, "aria-setsize", String(count));
}

/** Puts `nodes` in `parent` in this order, moving only those out of place. */
export function arrange(parent: Node, nodes: readonly Node[]): void {
  let cursor = parent.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}
