// The hover card of chips that stand for a web page (pull requests): a `popover="hint"` shown
// while the chip is hovered or focused, anchored to it with CSS anchor positioning.

const ANCHOR = "--t3-hover-anchor";
/**
 * How long the card stays after the pointer leaves its chip or itself, in ms: time to cross the
 * gap between them (WCAG 1.4.13: the pointer can move onto the card without it closing).
 */
const HIDE_DELAY_MS = 300;

export class HoverCard {
  readonly node: HTMLElement;
  #chip: HTMLElement | null = null;
  #hideTimer: ReturnType<typeof setTimeout> | undefined;
  /** Escape on the page while the card shows (see `show`). */
  #escape = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) this.hide();
  };

  constructor() {
    const node = document.createElement("div");
    node.id = "hover-card";
    node.className = "hover-card";
    node.setAttribute("part", "hover-card");
    // `hint` does not close an open details popover; where it is unknown it acts as `manual`.
    node.setAttribute("popover", "hint");
    node.setAttribute("role", "tooltip");
    node.addEventListener("pointerenter", () => this.#cancelHide());
    node.addEventListener("pointerleave", (event) => {
      const chip = this.#chip;
      if (!(event.relatedTarget instanceof Node && chip?.contains(event.relatedTarget))) this.hideSoon();
    });
    node.addEventListener("toggle", (event) => {
      if ((event as ToggleEvent).newState === "closed") this.#detach();
    });
    this.node = node;
  }

  get chip(): HTMLElement | null {
    return this.#chip;
  }

  show(chip: HTMLElement, content: Node): void {
    this.#cancelHide();
    if (this.#chip === chip) return;
    this.hide();
    this.#detach();
    this.node.replaceChildren(content);
    chip.style.setProperty("anchor-name", ANCHOR);
    chip.setAttribute("aria-describedby", this.node.id);
    this.#chip = chip;
    this.node.showPopover();
    // WCAG 1.4.13 (dismissible): Escape closes the card wherever the focus is. A `hint` popover
    // closes on Escape by itself, but a browser without `hint` shows it as `manual`, which
    // does not.
    chip.ownerDocument.addEventListener("keydown", this.#escape);
  }

  /** Hides the card unless the pointer comes back to it or its chip first. */
  hideSoon(): void {
    this.#cancelHide();
    this.#hideTimer = setTimeout(() => this.hide(), HIDE_DELAY_MS);
  }

  #cancelHide(): void {
    clearTimeout(this.#hideTimer);
    this.#hideTimer = undefined;
  }

  hide(): void {
    this.#cancelHide();
    if (this.node.matches(":popover-open")) this.node.hidePopover();
    this.#detach();
  }

  #detach(): void {
    const chip = this.#chip;
    this.#chip = null;
    if (!chip) return;
    chip.ownerDocument.removeEventListener("keydown", this.#escape);
    chip.style.removeProperty("anchor-name");
    chip.removeAttribute("aria-describedby");
    this.node.replaceChildren();
  }
}
