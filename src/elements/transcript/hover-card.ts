// The hover card of chips that stand for a web page (pull requests): a `popover="hint"` shown
// while the chip is hovered or focused, anchored to it with CSS anchor positioning.

const ANCHOR = "--t3-hover-anchor";

export class HoverCard {
  readonly node: HTMLElement;
  #chip: HTMLElement | null = null;

  constructor() {
    const node = document.createElement("div");
    node.id = "hover-card";
    node.className = "hover-card";
    node.setAttribute("part", "hover-card");
    // `hint` does not close an open details popover; where it is unknown it acts as `manual`.
    node.setAttribute("popover", "hint");
    node.setAttribute("role", "tooltip");
    node.addEventListener("toggle", (event) => {
      if ((event as ToggleEvent).newState === "closed") this.#detach();
    });
    this.node = node;
  }

  get chip(): HTMLElement | null {
    return this.#chip;
  }

  show(chip: HTMLElement, content: Node): void {
    if (this.#chip === chip) return;
    this.hide();
    this.#detach();
    this.node.replaceChildren(content);
    chip.style.setProperty("anchor-name", ANCHOR);
    chip.setAttribute("aria-describedby", this.node.id);
    this.#chip = chip;
    this.node.showPopover();
  }

  hide(): void {
    if (this.node.matches(":popover-open")) this.node.hidePopover();
    this.#detach();
  }

  #detach(): void {
    const chip = this.#chip;
    this.#chip = null;
    if (!chip) return;
    chip.style.removeProperty("anchor-name");
    chip.removeAttribute("aria-describedby");
    this.node.replaceChildren();
  }
}
