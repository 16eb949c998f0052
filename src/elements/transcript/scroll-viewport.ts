// What scrolls the transcript. `<t3-transcript>` is a block that grows with its messages; it
// scrolls in whatever scrolls it: the nearest ancestor (or the element itself) whose
// `overflow-y` is `auto`, `scroll` or `overlay`, else the document. Shadow roots are crossed
// (a transcript inside another component scrolls with that component's box). The viewport is
// that box's visible client area, in the window's coordinates.

const SCROLLING = new Set(["auto", "scroll", "overlay"]);

/** How close to its end, in px, a scroller still counts as at its end (sub-pixel scroll positions). */
const END_SLACK = 2;

/** The parent of `node` in the flat tree: its slot or its shadow root's host, else its parent. */
function flatParent(node: Element): Element | null {
  if (node.assignedSlot) return node.assignedSlot;
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The element that scrolls `from`; `null` for the document. */
export function findScroller(from: Element): HTMLElement | null {
  const doc = from.ownerDocument;
  for (let node: Element | null = from; node; node = flatParent(node)) {
    if (node === doc.documentElement || node === doc.body) return null;
    if (node instanceof HTMLElement && SCROLLING.has(getComputedStyle(node).overflowY)) return node;
  }
  return null;
}

export class ScrollViewport {
  readonly #host: HTMLElement;
  #scroller: HTMLElement | null = null;
  #target: EventTarget | null = null;
  #onScroll: () => void;
  #connection: AbortController | null = null;

  constructor(host: HTMLElement, onScroll: () => void) {
    this.#host = host;
    this.#onScroll = onScroll;
  }

  /** Finds the scroller again and listens to it; cheap enough to call on every redraw. */
  refresh(): void {
    const scroller = findScroller(this.#host);
    const target = scroller ?? this.#host.ownerDocument.defaultView;
    if (this.#connection && target === this.#target) return;
    this.disconnect();
    this.#scroller = scroller;
    this.#target = target;
    this.#connection = new AbortController();
    target?.addEventListener("scroll", () => this.#onScroll(), { passive: true, signal: this.#connection.signal });
  }

  disconnect(): void {
    this.#connection?.abort();
    this.#connection = null;
    this.#target = null;
  }

  /** The visible part of the scroller, top and bottom, in window coordinates. */
  bounds(): { top: number; bottom: number } {
    const view = this.#host.ownerDocument.defaultView;
    const height = view?.innerHeight ?? 0;
    const scroller = this.#scroller;
    if (!scroller) return { top: 0, bottom: height };
    const top = scroller.getBoundingClientRect().top + scroller.clientTop;
    return { top: Math.max(0, top), bottom: Math.min(height, top + scroller.clientHeight) };
  }

  #element(): Element {
    return this.#scroller ?? this.#host.ownerDocument.scrollingElement ?? this.#host.ownerDocument.documentElement;
  }

  /** Whether the scroller shows its very end (a chat at its newest message). */
  atEnd(): boolean {
    const box = this.#element();
    return box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK;
  }

  /** The scroll position, to tell whether something else scrolled since it was read. */
  position(): number {
    return this.#element().scrollTop;
  }

  scrollBy(dy: number): void {
    if (dy !== 0) this.#element().scrollTop += dy;
  }

  scrollToEnd(): void {
    const box = this.#element();
    box.scrollTop = box.scrollHeight;
  }
}
