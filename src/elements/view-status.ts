// What stands for a lazy view (chunks.ts) that is not in yet (docs/performance.md, "What the
// drop-ins load later"): a small status that says it loads, then, when its chunk could not be
// fetched, an alert that says so with Try again. Every lazy view a person opens shows this one
// rendering: in the element's template where the view has a place there (the preview panel, the
// budget meter, the transcript's messages), or in a small popover under the chip that opened it
// (the chip menus, the details popover, the hover card, the media modal, the reveal menu).
import { css, html, nothing, render, type TemplateResult } from "lit";
import type { Localizer } from "../l10n/localizer.js";

/** Where a view that is not in yet stands. */
export type ViewLoadState = "loading" | "failed";

/** What the alert's buttons do: `retry` asks for the chunk again; `dismiss`, when given, gives up. */
export interface ViewStatusActions {
  readonly retry: () => void;
  readonly dismiss?: () => void;
}

/**
 * The status of the view named `part`: part `<part>-status` (and `view-status`), a `status` that
 * says it loads, or an `alert` that says it could not be loaded, with a Try again button (part
 * `<part>-retry`) and, with `dismiss`, a Close button (part `<part>-dismiss`).
 */
export function renderViewStatus(strings: Localizer, part: string, state: ViewLoadState, actions: ViewStatusActions): TemplateResult {
  if (state === "loading") return html`<div class="view-status" part="${part}-status view-status" role="status">${strings.text("viewLoading")}</div>`;
  const { retry, dismiss } = actions;
  return html`<div class="view-status" part="${part}-status view-status" role="alert">
    <span>${strings.text("viewLoadFailed")}</span>
    <button type="button" part="${part}-retry view-retry" @click=${retry}>${strings.text("viewRetry")}</button>
    ${dismiss ? html`<button type="button" part="${part}-dismiss view-dismiss" @click=${dismiss}>${strings.text("close")}</button>` : nothing}
  </div>`;
}

/** The status's look, in both elements' own styles (it shows before any chunk is in). */
export const viewStatusStyles = css`
  .view-status {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
    margin-top: calc(var(--_space) / 2);
    font-size: 0.875em;
    color: var(--_muted);
  }
  .view-status[role="alert"] {
    color: var(--_danger);
  }
  .view-status button {
    min-width: 24px;
    min-height: 24px;
    font: inherit;
  }
  .view-status-popover {
    position: fixed;
    inset: auto;
    margin: 4px 0;
    padding: calc(var(--_space) / 2) var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font-family: var(--_font);
  }
  .view-status-popover .view-status {
    margin: 0;
  }
`;

/**
 * Shows `menu`, a popover, under `anchor` from its left edge; above it when there is no room below
 * (a composer at the bottom of the screen, as chat layouts put it), and moved left so that it stays
 * inside the viewport.
 */
export function showUnder(menu: HTMLElement, anchor: Element | null): void {
  menu.showPopover();
  const { left, top, bottom } = anchor?.getBoundingClientRect() ?? { left: 0, top: 0, bottom: 0 };
  const { width, height } = menu.getBoundingClientRect();
  const { innerWidth, innerHeight } = window;
  const below = bottom + height <= innerHeight || top - height < 0;
  menu.style.left = `${Math.max(0, Math.min(left, innerWidth - width))}px`;
  menu.style.top = `${below ? bottom : top - height}px`;
}

/** Where a view opened on a chip shows its status: in `container` (in a shadow root), under `anchor`. */
export interface StatusPlace {
  readonly container: Node;
  readonly anchor: Element | null;
  readonly strings: Localizer;
  /** The view's name in the status's parts (`<part>-status`, `<part>-retry`, `<part>-dismiss`). */
  readonly part: string;
}

/** The status shown in each container: one at a time, a newer one in place of an older one. */
const shown = new WeakMap<Node, StatusPopover>();

/**
 * The status of a view opened on a chip, in a popover of its own under the chip. It is a manual
 * popover: it takes no focus and closes no other popover, and a light dismiss would close it with
 * the very click that opened the view. Escape in it, or its Close button, closes it.
 */
export class StatusPopover {
  readonly #place: StatusPlace;
  readonly #node: HTMLElement;

  constructor(place: StatusPlace) {
    this.#place = place;
    shown.get(place.container)?.remove();
    shown.set(place.container, this);
    const node = (this.#node = document.createElement("div"));
    node.className = "view-status-popover";
    node.popover = "manual";
    node.addEventListener("keydown", (event) => event.key === "Escape" && this.remove());
  }

  /** Whether it is still on the page (neither closed nor replaced by a newer status). */
  get shown(): boolean {
    return this.#node.isConnected;
  }

  /** Shows `state`, with `retry` for a failure. */
  show(state: ViewLoadState, retry: () => void): void {
    const { container, anchor, strings, part } = this.#place;
    render(renderViewStatus(strings, part, state, { retry, dismiss: () => this.remove() }), this.#node);
    if (!this.#node.isConnected) container.appendChild(this.#node);
    if (!this.#node.matches(":popover-open")) showUnder(this.#node, anchor);
  }

  /** Takes it off the page. */
  remove(): void {
    this.#node.remove();
    if (shown.get(this.#place.container) === this) shown.delete(this.#place.container);
  }
}
