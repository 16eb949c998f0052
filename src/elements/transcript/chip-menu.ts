// What a long press on a chip opens (docs/accessibility.md, "Touch"): the touch screen's answer to
// a right-click menu, in the details popover. It shows the chip's details (a pull request's card,
// a terminal's lines; the chip's name when its kind has none) and a Copy button that copies the
// chip as its reference link with its record. A long press never activates the chip: no
// `t3-chip-activate`, no link followed, no modal.
import { englishLocalizer } from "../../l10n/localizer.js";
import { el } from "../../presentation/details/dom.js";
import { LongPress } from "../long-press.js";
import { chipBinding } from "./actions.js";
import { actionTarget, type Overlays } from "./activation.js";
import { chipDetails } from "./chips.js";
import { copyButtonAt, copyChip, pressCopyButton, type CopySource } from "./copy.js";

/** The menu's Copy button. */
const CHIP_COPY_PART = "chip-copy";

/** Opens the long-press menu of `node`, a chip of the transcript; the open menu stays as it is. */
export function openChipMenu(node: HTMLElement, overlays: Overlays, source: CopySource): void {
  const binding = chipBinding(node);
  if (!binding || overlays.popover.chip === node) return;
  overlays.hoverCard.hide();
  const strings = binding.surface.localizer ?? englishLocalizer;
  const menu = el("div", "chip-menu");
  menu.append(chipDetails(binding.chip, binding.surface) ?? el("p", "t3-details-title", node.getAttribute("aria-label") ?? binding.chip.label));
  const copy = menu.appendChild(el("button", "chip-menu-copy", strings.text("copyChip")));
  copy.type = "button";
  copy.setAttribute("part", CHIP_COPY_PART);
  copy.addEventListener("click", () => {
    copyChip(source, binding.messageId, node).then(
      () => overlays.popover.close(),
      (error: unknown) => {
        console.warn("t3-composer: the clipboard refused the copy", error);
        copy.dataset.copyState = "failed";
      },
    );
  });
  overlays.popover.toggle(node, menu);
}

/**
 * The transcript's long presses in `list`: a chip opens its menu, a message's copy button copies
 * (as a tap does, without the browser's own menu). Elsewhere a long press is the browser's.
 */
export function chipLongPress(list: HTMLElement, overlays: Overlays, source: CopySource): LongPress {
  return new LongPress({
    target: (event) => {
      const copy = copyButtonAt(event);
      if (copy) return copy;
      const node = actionTarget(event, list);
      return node && chipBinding(node) ? node : null;
    },
    press: (target) => {
      if (chipBinding(target)) openChipMenu(target, overlays, source);
      else pressCopyButton(source, target);
    },
  });
}
