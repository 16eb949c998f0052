// Asking for older pages: when the oldest message drawn scrolls into view (in whatever scrolls
// the transcript: the page, or a container around it), the transcript fires `t3-load-older`
// with that message's id; the page fetches the page before it (`GET …/messages?before=`) and
// hands it to `prependMessages`. An IntersectionObserver sees the edge without a scroll listener
// on every ancestor, and kept apart from message-list.ts so the list's drawing stays its own.
import { emit } from "../events.js";

/** `t3-load-older`: the oldest message shown came into view. */
export interface LoadOlderDetail {
  /** The id of the oldest message shown: the `before` of the page to fetch. */
  before: string;
}

declare global {
  interface HTMLElementEventMap {
    "t3-load-older": CustomEvent<LoadOlderDetail>;
  }
}

/** Watches the oldest message's article (while it is in the DOM) and tells `host` when it comes into view. */
export class OlderPagesWatch {
  readonly #host: HTMLElement;
  readonly #oldest: () => Element | null;
  #observer: IntersectionObserver | null = null;
  #watched: Element | null = null;

  constructor(host: HTMLElement, oldest: () => Element | null) {
    this.#host = host;
    this.#oldest = oldest;
  }

  connect(): void {
    if (typeof IntersectionObserver !== "function") return;
    this.#observer = new IntersectionObserver((entries) => {
      const first = entries.find((entry) => entry.isIntersecting && entry.target === this.#watched);
      const before = (first?.target as HTMLElement | undefined)?.dataset.messageId;
      if (before !== undefined) emit(this.#host, "t3-load-older", { before });
    });
    this.update();
  }

  /** After a redraw: watches the oldest message now drawn, if it changed. */
  update(): void {
    const first = this.#oldest();
    if (!this.#observer || first === this.#watched) return;
    if (this.#watched) this.#observer.unobserve(this.#watched);
    this.#watched = first;
    if (first) this.#observer.observe(first);
  }

  disconnect(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#watched = null;
  }
}
