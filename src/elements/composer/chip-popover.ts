// A small menu about one chip, shared by the chip menu of a long press (chip-menu.ts) and the
// reveal menu loaded on demand (on-demand/reveal-menu.ts): built and placed the same way, so it
// stays in the first load while the reveal menu itself does not.
import type { ComposerHost } from "./wiring.js";

/** What chip-popover.ts uses of its composer (wiring.ts). */
export interface ChipPopoverParts {
  readonly host: ComposerHost;
}

/**
 * A menu about a chip (`part` and class `part`, looking like the confirm dialog), in place of an
 * earlier one of the same part: a `popover="auto"` dialog at the end of the shadow root, named by
 * its first paragraph, `label`. Shown by the caller; removed when it closes.
 */
export function createChipPopover(composer: ChipPopoverParts, part: string, label: string): HTMLElement {
  const root = composer.host.shadowRoot!;
  root.querySelector(`.${part}`)?.remove();
  const menu = root.appendChild(document.createElement("div"));
  menu.className = `confirm ${part}`;
  menu.setAttribute("part", part);
  menu.setAttribute("role", "dialog");
  menu.popover = "auto";
  const name = menu.appendChild(document.createElement("p"));
  name.id = `t3-${part}-label`;
  name.textContent = label;
  menu.setAttribute("aria-labelledby", name.id);
  menu.addEventListener("toggle", (event) => (event as ToggleEvent).newState === "closed" && menu.remove());
  return menu;
}

/**
 * Shows a menu of `createChipPopover` under `anchor`, from its left edge; above it when there is no
 * room below (a composer at the bottom of the screen, as chat layouts put it), and moved left so
 * that it stays inside the viewport.
 */
export function showChipPopover(menu: HTMLElement, anchor: Element | null): void {
  menu.showPopover();
  const { left, top, bottom } = anchor?.getBoundingClientRect() ?? { left: 0, top: 0, bottom: 0 };
  const { width, height } = menu.getBoundingClientRect();
  const { innerWidth, innerHeight } = window;
  const below = bottom + height <= innerHeight || top - height < 0;
  menu.style.left = `${Math.max(0, Math.min(left, innerWidth - width))}px`;
  menu.style.top = `${below ? bottom : top - height}px`;
}
