// The details popover of terminal, element, review-comment and preview-annotation chips: one
// native `popover="auto"` element (top layer, light dismiss, Escape), placed under its chip with
// CSS anchor positioning. No geometry is computed here.
import type { Localizer } from "../../l10n/localizer.js";

/** The anchor name the open popover's chip carries; tree-scoped to the shadow root. */
const ANCHOR = "--t3-details-anchor";

export class DetailsPopover {
  readonly node: HTMLElement;
  /** The popover's name when its chip has none. */
  #fallbackName = "Details";
  #chip: HTMLElement | null = null;
  #returnFocus = false;

  constructor() {
    const node = document.createElement("div");
    node.id = "details";
    node.className = "popover";
    node.setAttribute("part", "popover");
    node.setAttribute("popover", "auto");
    node.setAttribute("role", "dialog");
    node.tabIndex = -1;
    node.addEventListener("beforetoggle", (event) => this.#beforeToggle(event as ToggleEvent));
    node.addEventListener("toggle", (event) => this.#toggled(event as ToggleEvent));
    this.node = node;
  }

  /** Takes the fallback name from the element's strings. */
  localize(strings: Localizer): void {
    this.#fallbackName = strings.text("details");
  }

  /** The chip whose popover is open, if any. */
  get chip(): HTMLElement | null {
    return this.#chip;
  }

  /** Opens `content` for `chip`; activating the chip of the open popover closes it instead. */
  toggle(chip: HTMLElement, content: Node): void {
    if (this.#chip === chip) {
      this.close();
      return;
    }
    this.close();
    this.#detach();
    this.node.replaceChildren(content);
    this.node.setAttribute("aria-label", chip.getAttribute("aria-label") ?? this.#fallbackName);
    chip.style.setProperty("anchor-name", ANCHOR);
    chip.setAttribute("aria-expanded", "true");
    chip.setAttribute("aria-controls", this.node.id);
    this.#chip = chip;
    this.node.showPopover();
    // Focus moves into the popover so a screen reader reads it and Tab walks its links; Escape
    // (or a click elsewhere) closes it and focus goes back to the chip.
    this.node.focus({ preventScroll: true });
  }

  close(): void {
    if (this.node.matches(":popover-open")) this.node.hidePopover();
  }

  #beforeToggle(event: ToggleEvent): void {
    if (event.newState !== "closed") return;
    const root = this.node.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    this.#returnFocus = active === this.node || (active !== null && this.node.contains(active));
  }

  #toggled(event: ToggleEvent): void {
    if (event.newState !== "closed") return;
    const chip = this.#detach();
    this.node.replaceChildren();
    if (chip?.isConnected && this.#returnFocus) chip.focus({ preventScroll: true });
    this.#returnFocus = false;
  }

  #detach(): HTMLElement | null {
    const chip = this.#chip;
    this.#chip = null;
    if (chip) {
      chip.style.removeProperty("anchor-name");
      chip.setAttribute("aria-expanded", "false");
      chip.removeAttribute("aria-controls");
    }
    return chip;
  }
}
