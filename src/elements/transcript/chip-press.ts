// The transcript's long presses (docs/accessibility.md, "Touch"), watched from the first touch: a
// chip's opens its menu (chip-menu.ts, in the overlays chunk: chunks.ts), a message's copy
// button's copies. A long press never activates the chip.
import { englishLocalizer } from "../../l10n/localizer.js";
import { LongPress } from "../long-press.js";
import { chipBinding } from "./actions.js";
import { actionTarget } from "./activation.js";
import { chipDetails } from "./chips.js";
import { copyButtonAt, copyChip, pressCopyButton, type CopySource } from "./copy.js";
import type { TranscriptOverlays } from "./overlays.js";

/** Opens the menu of `node`, a chip, once the overlays are in (chip-menu.ts). */
function openMenu(node: HTMLElement, overlays: TranscriptOverlays, source: CopySource): void {
  overlays.open(node, (views, parts) => {
    const binding = chipBinding(node);
    if (!binding) return;
    parts.openTranscriptChipMenu(node, views, {
      details: chipDetails(binding.chip, binding.surface),
      name: node.getAttribute("aria-label") ?? binding.chip.label,
      strings: binding.surface.localizer ?? englishLocalizer,
      copy: () => copyChip(source, binding.messageId, node),
    });
  });
}

/**
 * The transcript's long presses in `list`: a chip opens its menu, a message's copy button copies
 * (as a tap does, without the browser's own menu). Elsewhere a long press is the browser's.
 */
export function chipLongPress(list: HTMLElement, overlays: TranscriptOverlays, source: CopySource): LongPress {
  return new LongPress({
    target: (event) => {
      const copy = copyButtonAt(event);
      if (copy) return copy;
      const node = actionTarget(event, list);
      return node && chipBinding(node) ? node : null;
    },
    press: (target) => {
      if (chipBinding(target)) openMenu(target, overlays, source);
      else pressCopyButton(source, target);
    },
  });
}
