// The media modal: a native <dialog> (focus trap, Escape, top layer) that shows one image or
// video of a gallery at a time; arrow keys and buttons step through it.
import { englishLocalizer, type Localizer } from "../../l10n/localizer.js";
import type { MediaItem } from "./actions.js";

function button(className: string, label: string, text: string): HTMLButtonElement {
  const node = document.createElement("button");
  node.type = "button";
  node.className = className;
  node.setAttribute("part", `modal-${className}`);
  node.setAttribute("aria-label", label);
  node.textContent = text;
  return node;
}

export class MediaModal {
  readonly node: HTMLDialogElement;
  #stage: HTMLElement;
  #caption: HTMLElement;
  #counter: HTMLElement;
  #previous: HTMLButtonElement;
  #next: HTMLButtonElement;
  #items: readonly MediaItem[] = [];
  #index = 0;
  #opener: HTMLElement | null = null;
  #close: HTMLButtonElement;
  #strings: Localizer = englishLocalizer;

  constructor() {
    const node = document.createElement("dialog");
    node.className = "modal";
    node.setAttribute("part", "modal");
    // A click on the backdrop closes it, as Escape does.
    node.setAttribute("closedby", "any");
    this.#stage = document.createElement("div");
    this.#stage.className = "stage";
    this.#stage.setAttribute("part", "modal-stage");
    const bar = document.createElement("div");
    bar.className = "bar";
    this.#caption = document.createElement("span");
    this.#caption.className = "caption";
    this.#counter = document.createElement("span");
    this.#counter.className = "counter";
    this.#previous = button("previous", "Previous", "‹");
    this.#next = button("next", "Next", "›");
    const close = (this.#close = button("close", "Close", "✕"));
    close.autofocus = true;
    bar.append(this.#caption, this.#counter, this.#previous, this.#next, close);
    node.append(this.#stage, bar);
    this.#previous.addEventListener("click", () => this.show(this.#index - 1));
    this.#next.addEventListener("click", () => this.show(this.#index + 1));
    close.addEventListener("click", () => this.close());
    node.addEventListener("keydown", (event) => this.#keydown(event));
    node.addEventListener("close", () => this.#closed());
    // An engine without `closedby` (WebKit 2.50) ignores it: there a click on the backdrop reaches
    // the dialog itself at a point outside its box, and closes it the same way.
    if (!("closedBy" in HTMLDialogElement.prototype)) node.addEventListener("click", (event) => this.#backdropClick(event));
    this.node = node;
  }

  /** Names the buttons and the position in the element's language. */
  localize(strings: Localizer): void {
    if (strings === this.#strings) return;
    this.#strings = strings;
    this.#previous.setAttribute("aria-label", strings.text("previous"));
    this.#next.setAttribute("aria-label", strings.text("next"));
    this.#close.setAttribute("aria-label", strings.text("close"));
    if (this.node.open) this.show(this.#index);
  }

  /** The index shown, or -1 when closed. */
  get index(): number {
    return this.node.open ? this.#index : -1;
  }

  /** What opened the modal and gets the focus back, while it is open. */
  get opener(): HTMLElement | null {
    return this.node.open ? this.#opener : null;
  }

  /** Opens at `index`; focus returns to `opener` when it closes. */
  open(items: readonly MediaItem[], index: number, opener: HTMLElement | null): void {
    if (items.length === 0) return;
    this.#items = items;
    this.#opener = opener;
    this.show(index);
    if (!this.node.open) this.node.showModal();
  }

  /** Shows item `index` (wrapping around). */
  show(index: number): void {
    const count = this.#items.length;
    if (count === 0) return;
    this.#index = ((index % count) + count) % count;
    const item = this.#items[this.#index]!;
    this.#stage.replaceChildren(item.render());
    this.#caption.textContent = item.name;
    this.node.setAttribute("aria-label", item.name);
    this.#counter.textContent = count > 1 ? this.#strings.text("mediaPosition", { index: this.#index + 1, count }) : "";
    this.#previous.hidden = this.#next.hidden = count < 2;
  }

  #backdropClick(event: MouseEvent): void {
    if (event.target !== this.node) return;
    const box = this.node.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) this.close();
  }

  close(): void {
    if (this.node.open) this.node.close();
  }

  #keydown(event: KeyboardEvent): void {
    // The arrows follow the reading direction: in right-to-left text the previous item is on
    // the right (as the buttons, laid out in the inline direction, are).
    const step = getComputedStyle(this.node).direction === "rtl" ? -1 : 1;
    if (event.key === "ArrowLeft") this.show(this.#index - step);
    else if (event.key === "ArrowRight") this.show(this.#index + step);
    else return;
    event.preventDefault();
  }

  #closed(): void {
    // Dropping the media stops a playing video and lets its bytes go.
    this.#stage.replaceChildren();
    this.#items = [];
    const opener = this.#opener;
    this.#opener = null;
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  }
}
