// The details popover of terminal, element, review-comment and preview-annotation chips: one
// native `popover="auto"` element (top layer, light dismiss, Escape), placed under its chip with
// CSS anchor positioning. No geometry is computed here.
import type { Localizer } from "../../l10n/localizer.js";

/** What a Tab can stop at inside the popover. */
const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]), [tabindex]";

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
    node.addEventListener("keydown", (event) => this.#keydown(event));
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

  /**
   * Tab order as a disclosure's (WAI-ARIA APG): the popover sits between its chip and what
   * follows the chip. Tab past its last stop closes it and moves on from the chip; Shift+Tab
   * before its first goes back to the chip. The popover lives at the end of the shadow root
   * (and in the top layer), so without this, Tab would leave the transcript.
   */
  #keydown(event: KeyboardEvent): void {
    const chip = this.#chip;
    // WebKitGTK names Shift+Tab "Unidentified" (GTK's own key for it is ISO_Left_Tab); its `code`
    // is still the Tab key's.
    const tab = event.key === "Tab" || (event.key === "Unidentified" && event.code === "Tab");
    if (!tab || event.altKey || event.ctrlKey || event.metaKey || !chip?.isConnected) return;
    const stops = [...this.node.querySelectorAll<HTMLElement>(TABBABLE)].filter((node) => node.tabIndex >= 0 && !node.closest("[hidden], [inert]"));
    const active = (this.node.getRootNode() as ShadowRoot | Document).activeElement;
    if (event.shiftKey) {
      if (active !== this.node && active !== stops[0]) return;
      event.preventDefault();
      chip.focus();
      return;
    }
    if (stops.length > 0 && active !== stops[stops.length - 1]) return;
    // Focus goes to the chip without canceling the key: the browser then moves on from there.
    this.#returnFocus = false;
    chip.focus();
    this.close();
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
