// A small menu about one chip, shared by the chip menu of a long press (chip-menu.ts) and the
// reveal menu loaded on demand (on-demand/reveal-menu.ts): built and placed the same way, so it
// stays in the first load while the reveal menu itself does not. It is shown under its chip as a
// view's status is (view-status.ts, `showUnder`).
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
