// What a long press on a chip opens (docs/accessibility.md, "Touch"), in the overlays chunk
// (chunks.ts; chip-press.ts watches the gesture): the touch screen's answer to a right-click
// menu, in the details popover. It shows the chip's details (a pull request's card,
// a terminal's lines; the chip's name when its kind has none) and a Copy button that copies the
// chip as its reference link with its record. A long press never activates the chip: no
// `t3-chip-activate`, no link followed, no modal.
import type { Localizer } from "../../l10n/localizer.js";
import { el } from "../../presentation/details/dom.js";
import type { OverlayViews } from "./overlays.js";

/** The menu's Copy button. */
const CHIP_COPY_PART = "chip-copy";

/** What the menu of a chip shows and does, worked out by the gesture's side (chip-press.ts). */
export interface ChipMenuContent {
  /** The chip's details, or `undefined` when its kind has none (its name shows instead). */
  details: Node | undefined;
  /** The chip's name. */
  name: string;
  strings: Localizer;
  /** Copies the chip. */
  copy(): Promise<void>;
}

/** Opens the long-press menu of `node`, a chip of the transcript; the open menu stays as it is. */
export function openChipMenu(node: HTMLElement, overlays: OverlayViews, content: ChipMenuContent): void {
  if (overlays.popover.chip === node) return;
  overlays.hoverCard.hide();
  const menu = el("div", "chip-menu");
  menu.append(content.details ?? el("p", "t3-details-title", content.name));
  const copy = menu.appendChild(el("button", "chip-menu-copy", content.strings.text("copyChip")));
  copy.type = "button";
  copy.setAttribute("part", CHIP_COPY_PART);
  copy.addEventListener("click", () => {
    content.copy().then(
      () => overlays.popover.close(),
      (error: unknown) => {
        console.warn("t3-composer: the clipboard refused the copy", error);
        copy.dataset.copyState = "failed";
      },
    );
  });
  overlays.popover.toggle(node, menu);
}
