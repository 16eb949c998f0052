// The virtual window of a long thread (docs/transcript.md, "Long threads"). Past
// `VIRTUALIZE_AFTER` messages only the ones near the viewport are in the DOM, plus the pinned
// ones (pins.ts); spacers sized from the measured heights (an estimate for the others) stand for
// the rest, so the scrollbar keeps its size and position. In every thread, long or short, what
// is on screen stays put when something above it changes height or older messages are
// prepended (the browser's own scroll anchoring is turned off for the transcript: it cannot see
// through the spacers), and a scroller at its end stays at its end while a reply streams.
import type { MessageList, Placement } from "./message-list.js";
import { MessageOffsets } from "./message-window.js";
import type { PinnedSpan } from "./pins.js";
import { ScrollViewport } from "./scroll-viewport.js";

/** Threads up to this many messages keep every message in the DOM. */
export const VIRTUALIZE_AFTER = 200;
/** The height of a message never measured, in px, until some are: then their mean. */
const ESTIMATED_HEIGHT = 80;
/** How far past each edge of the viewport messages are drawn, as a share of its height… */
const OVERSCAN_RATIO = 0.5;
/** …and at least this many px, so a small box still draws a few messages ahead. */
const MIN_OVERSCAN = 300;
/** A viewport shorter than this (a hidden or collapsed transcript) is taken as this tall. */
const MIN_VIEWPORT = 200;
/** Draw and measure rounds in one pass; estimates settle in one or two. */
const MAX_ROUNDS = 3;
/** The attribute on the list while it is virtual (its articles then lay out in full). */
const VIRTUAL_ATTRIBUTE = "data-virtual";

/** A message on screen and where its top was, relative to the viewport's top. */
interface Anchor {
  id: string;
  offset: number;
}

export interface VirtualHooks {
  /** Draws what the list holds until `deadline` or until `enough` holds of the article just drawn; `true` when all is drawn. */
  draw(deadline: number, enough?: (drawn: HTMLElement) => boolean): boolean;
  /** The messages to keep in the DOM. */
  pins(): PinnedSpan[];
  /** Asks for a pass (a scroll in a long thread, a size change). */
  request(): void;
}

export class VirtualList {
  readonly #list: MessageList;
  readonly #hooks: VirtualHooks;
  readonly #viewport: ScrollViewport;
  #sizes: ResizeObserver | null = null;
  /** Whether the scroller stays at its end when the thread grows; decided at the first draw. */
  #stuck: boolean | undefined;
  /** Where the screen was after the last pass or scroll: what a size change must keep. */
  #anchor: Anchor | null = null;
  /** The scroll position `#anchor` was read at. */
  #anchorPosition = 0;
  /** A message to bring into the DOM and into view at the next pass. */
  #reveal: number | undefined;
  /** A scroll moved the viewport of a long thread: the window must follow. */
  #moved = false;
  #busy = false;
  /** The offsets of the last `#offsets()`, for the list's version they were computed for. */
  #offsetsCache: { version: number; offsets: MessageOffsets } | null = null;
  /** Whether the last pass drew everything: a window still being drawn may still move. */
  #complete = false;
  /** The animation frame that handles the sizes the ResizeObserver reported, when one is due. */
  #resizeFrame = 0;
  /** The articles the ResizeObserver reported since that frame last ran: the ones it measures. */
  #resized = new Set<Element>();

  constructor(host: HTMLElement, list: MessageList, hooks: VirtualHooks) {
    this.#list = list;
    this.#hooks = hooks;
    this.#viewport = new ScrollViewport(host, () => this.#scrolled());
  }

  connect(): void {
    this.#viewport.refresh();
    // The sizes are handled in the next frame, not in the observer's callback: keeping the screen
    // in place there scrolls, which changes the size of messages that content-visibility skipped,
    // and sizes changed during the callback are reported as an uncaught "ResizeObserver loop
    // completed with undelivered notifications" error (Firefox raises it at the page's window).
    if (typeof ResizeObserver === "function") this.#sizes = new ResizeObserver((entries) => this.#resizeSoon(entries));
    for (const { node } of this.#list.placedViews()) this.#sizes?.observe(node);
  }

  disconnect(): void {
    // Nothing waits for a window that no longer shows (`updateComplete` asks `stale`).
    this.#moved = false;
    this.#reveal = undefined;
    // Back in a document, the window is placed anew: the viewport may not be the same.
    this.#complete = false;
    this.#viewport.disconnect();
    this.#sizes?.disconnect();
    this.#sizes = null;
    cancelAnimationFrame(this.#resizeFrame);
    this.#resizeFrame = 0;
  }

  get virtual(): boolean {
    return this.#list.count > VIRTUALIZE_AFTER;
  }

  /** Whether a pass is due although no message changed (the window must move, or sizes changed). */
  get stale(): boolean {
    return this.#moved || this.#reveal !== undefined || this.#resizeFrame !== 0;
  }

  /** Brings message `index` into the DOM at the next pass, and into view; returns it after the pass. */
  reveal(index: number): void {
    this.#reveal = index;
  }

  /** Places, draws and measures, keeping the screen where it was; `true` when all is drawn. */
  pass(deadline: number): boolean {
    // Sizes the observer reported since the last pass put the screen back first: the pass reads
    // whether the reader is at the end, which they may have moved.
    if (this.#resizeFrame !== 0) {
      cancelAnimationFrame(this.#resizeFrame);
      this.#resizeFrame = 0;
      this.#keepAfterResize();
    }
    this.#busy = true;
    try {
      const moved = this.#moved;
      if (!moved) this.#viewport.refresh();
      this.#moved = false;
      if (this.#stuck === undefined && this.#list.count > 0) this.#stuck = this.virtual || this.#viewport.atEnd();
      else if (this.#stuck) this.#stuck = this.#viewport.atEnd();
      this.#list.node.toggleAttribute(VIRTUAL_ATTRIBUTE, this.virtual);
      const reveal = this.#reveal;
      this.#reveal = undefined;
      let done: boolean;
      if (reveal === undefined && !moved && this.#complete && this.#list.sameOrder) done = this.#inPlacePass(deadline);
      else done = this.virtual ? this.#virtualPass(reveal, deadline) : this.#fullPass(deadline, reveal);
      this.#complete = done;
      this.#settled();
      return done;
    } finally {
      this.#busy = false;
    }
  }

  #fullPass(deadline: number, reveal: number | undefined): boolean {
    const anchor = this.#capture();
    this.#observe(this.#list.place(null));
    const done = this.#hooks.draw(deadline);
    this.#measure();
    if (reveal !== undefined) this.#bringIntoView(reveal);
    else this.#keep(anchor);
    return done;
  }

  // Only the content of messages changed since a pass that drew everything (a reply streams, a
  // stored copy replaces its optimistic one): the same messages stay in the DOM, and the pass
  // costs one layout, to go back to the end or to the anchor. The spacers keep the estimates
  // they were sized with until the window next moves. A message that shrank may leave part of
  // the viewport without messages: then the window is placed again.
  #inPlacePass(deadline: number): boolean {
    const anchor = this.#stuck ? null : this.#capture();
    const done = this.#hooks.draw(deadline);
    // Only what was drawn again can have changed size here: a message that changed otherwise (an
    // image loaded) is the ResizeObserver's to report.
    const shrank = this.#measure("drawn") < 0;
    this.#keep(anchor);
    if (done && shrank && this.virtual) return this.#virtualPass(undefined, deadline);
    return done;
  }

  // A window is drawn in slices too, newest message first: the newest screenful paints before
  // the margins are drawn. A message asked for by a key or `scrollToMessage` is drawn at once.
  // A thread that opens at its end (nothing of it in the DOM yet) ends its first slice as soon as
  // the newest messages fill the viewport: the first frame shows them, and the margins, sized
  // from an estimate until then, come in the next slices.
  #virtualPass(reveal: number | undefined, deadline: number): boolean {
    let anchor = this.#capture();
    let offsets = this.#offsets();
    const opening = reveal === undefined && this.#stuck === true && this.#list.placedViews().length === 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const indices = this.#want(offsets, anchor, round === 0 ? reveal : undefined);
      if (indices.length > 0 && indices[0]! < this.#list.unmatched) {
        // The window reaches messages of a thread set at once that are not checked yet: check
        // them all now (which may leave some out), and place the window from the start.
        this.#list.settle();
        return this.#virtualPass(reveal, deadline);
      }
      this.#observe(this.#list.place(placement(offsets, indices)));
      const done = this.#hooks.draw(reveal === undefined ? deadline : Infinity, opening && round === 0 ? this.#fills() : undefined);
      // After a jump nothing drawn was on screen: what is there now, laid out with the estimates
      // the reader's scroll position was made with, is what the measured heights must not move.
      anchor ??= this.#capture();
      if (this.#measure()) {
        offsets = this.#offsets();
        this.#list.place(placement(offsets, indices));
      }
      if (round === 0 && reveal !== undefined) this.#bringIntoView(reveal);
      else this.#keep(anchor);
      if (!done) return false;
      anchor = this.#capture();
      if (sameIndices(indices, this.#want(offsets, anchor, undefined))) break;
    }
    return true;
  }

  /** Whether the articles from one just drawn to the last cover the viewport: drawn newest first, they are all drawn. */
  #fills(): (drawn: HTMLElement) => boolean {
    const { top, bottom } = this.#viewport.bounds();
    const height = Math.max(bottom - top, MIN_VIEWPORT);
    return (drawn) => {
      const last = this.#list.placedViews().at(-1)?.node;
      return !last || last.getBoundingClientRect().bottom - drawn.getBoundingClientRect().top >= height;
    };
  }

  /** Scrolls the least that shows message `index` whole (or its top, when taller than the viewport). */
  #bringIntoView(index: number): void {
    const node = this.#list.placedViews().find((view) => view.index === index)?.node;
    if (!node) return;
    const { top, bottom } = this.#viewport.bounds();
    const rect = node.getBoundingClientRect();
    if (rect.top < top || rect.height > bottom - top) this.#viewport.scrollBy(rect.top - top);
    else if (rect.bottom > bottom) this.#viewport.scrollBy(rect.bottom - bottom);
    this.#stuck = this.#viewport.atEnd();
  }

  // A view of the list's heights (message-window.ts), made again only when a height was measured
  // or the thread changed (`MessageList.version`): the gap is a style read, and a scroll frame of
  // a 10,000-message thread asks for the offsets several times.
  #offsets(): MessageOffsets {
    const version = this.#list.version;
    if (this.#offsetsCache?.version === version) return this.#offsetsCache.offsets;
    const heights = this.#list.heights();
    const gap = parseFloat(getComputedStyle(this.#list.node).rowGap) || 0;
    const offsets = new MessageOffsets(heights, heights.mean(ESTIMATED_HEIGHT), gap);
    this.#offsetsCache = { version, offsets };
    return offsets;
  }

  /** The messages to place: those near the viewport (where the anchor says it is), the pinned, the revealed. */
  #want(offsets: MessageOffsets, anchor: Anchor | null, reveal: number | undefined): number[] {
    const { top, bottom } = this.#viewport.bounds();
    const height = Math.max(bottom - top, MIN_VIEWPORT);
    const anchorIndex = anchor ? this.#list.indexOf(anchor.id) : -1;
    let from: number;
    if (reveal !== undefined) from = offsets.top(reveal);
    else if (this.#stuck) from = offsets.total - height;
    else if (anchorIndex >= 0) from = offsets.top(anchorIndex) - anchor!.offset;
    else from = top - this.#list.node.getBoundingClientRect().top;
    const overscan = Math.max(MIN_OVERSCAN, height * OVERSCAN_RATIO);
    const [first, end] = offsets.range(from - overscan, from + height + overscan);
    const wanted = new Set<number>();
    for (let i = first; i < end; i++) wanted.add(i);
    if (reveal !== undefined) wanted.add(reveal);
    for (const [a, b] of this.#hooks.pins()) {
      const i = this.#list.indexOf(a);
      const j = this.#list.indexOf(b);
      if (i < 0 || j < 0) continue;
      for (let k = Math.min(i, j); k <= Math.max(i, j); k++) wanted.add(k);
    }
    return [...wanted].sort((x, y) => x - y);
  }

  /**
   * Records the heights of placed articles: of every one, of those drawn since the last measure
   * (`"drawn"`), or of those in a set, which it empties. Returns `0` when none changed, else the
   * sign of the change: `-1` when one of them shrank, `1` when they only grew or were measured
   * first.
   */
  #measure(which?: "drawn" | Set<Element>): number {
    const drawn = this.#list.takeDrawn();
    let change = 0;
    for (const { index, node } of which === "drawn" ? drawn : this.#list.placedViews()) {
      if (which instanceof Set && !which.has(node)) continue;
      const before = this.#list.heightAt(index);
      const height = node.getBoundingClientRect().height;
      if (!this.#list.measured(index, height)) continue;
      if (before !== undefined && height < before) change = -1;
      else if (change === 0) change = 1;
    }
    if (which instanceof Set) which.clear();
    return change;
  }

  /** The first placed message on screen, and where its top is. */
  #capture(): Anchor | null {
    const views = this.#list.placedViews();
    const { top, bottom } = this.#viewport.bounds();
    let low = 0;
    let high = views.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (views[mid]!.node.getBoundingClientRect().bottom <= top) low = mid + 1;
      else high = mid;
    }
    const view = views[low];
    if (!view) return null;
    const rect = view.node.getBoundingClientRect();
    if (rect.top >= bottom) return null;
    return { id: view.id, offset: rect.top - top };
  }

  /** Scrolls back to where the screen was: the end for a stuck scroller, else the anchor's place. */
  #keep(anchor: Anchor | null): void {
    if (this.#stuck) {
      if (!this.#viewport.atEnd()) this.#viewport.scrollToEnd();
      return;
    }
    if (!anchor) return;
    const node = this.#list.placedViews().find((view) => view.id === anchor.id)?.node;
    if (!node) return;
    this.#viewport.scrollBy(node.getBoundingClientRect().top - this.#viewport.bounds().top - anchor.offset);
  }

  #settled(): void {
    if (this.#list.count > 0) this.#stuck = this.#viewport.atEnd();
    // A scroller stuck at its end goes back to its end after a size change (`#keep`), so it
    // needs no anchor; skipping the search saves a streamed reply's every update its reads.
    this.#anchor = this.#stuck ? null : this.#capture();
    this.#anchorPosition = this.#viewport.position();
  }

  #observe({ added, removed }: { added: HTMLElement[]; removed: HTMLElement[] }): void {
    for (const node of removed) this.#sizes?.unobserve(node);
    for (const node of added) this.#sizes?.observe(node);
  }

  #scrolled(): void {
    if (this.#busy) return;
    this.#stuck = this.#viewport.atEnd();
    // The echo of a scroll the last pass made itself (to the end while a reply streams, or to keep
    // the anchor): the window was placed for this very position, so there is nothing to move.
    if (this.#complete && this.#viewport.position() === this.#anchorPosition) return;
    if (!this.virtual) {
      this.#anchor = this.#capture();
      this.#anchorPosition = this.#viewport.position();
      return;
    }
    this.#moved = true;
    this.#hooks.request();
  }

  // A drawn message changed size without a pass (an image loaded, a block expanded, the width
  // changed): the screen goes back to where the last pass or scroll left it.
  #resizeSoon(entries: ResizeObserverEntry[]): void {
    for (const { target } of entries) this.#resized.add(target);
    this.#resizeFrame ||= requestAnimationFrame(() => {
      this.#resizeFrame = 0;
      // In a long thread, sizes that changed may bring other messages into the viewport: the
      // window moves at the pass asked for below.
      if (this.#keepAfterResize() && this.virtual) this.#moved = true;
      // Asked for even when no size changed (a first report of a size the pass measured already):
      // whoever awaited the thread meanwhile (`updateComplete` saw `stale`) hears back only after
      // a pass, which costs nothing when none is due.
      this.#hooks.request();
    });
  }

  /**
   * Measures the messages the ResizeObserver reported and keeps the screen where it was; `false`
   * when nothing changed. A streamed reply's every update is reported, and the other articles on
   * screen need no reads then.
   */
  #keepAfterResize(): boolean {
    if (this.#busy || !this.#measure(this.#resized)) return false;
    // A scroll that its event has not reported yet (a script's or the reader's) wins: the anchor
    // was read before it.
    if (this.#viewport.position() === this.#anchorPosition) this.#keep(this.#anchor);
    this.#settled();
    return true;
  }
}

function placement(offsets: MessageOffsets, indices: readonly number[]): Placement {
  return { indices, span: (from, to) => offsets.span(from, to) };
}

function sameIndices(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
