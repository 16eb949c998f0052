// What happens when a person activates something in the transcript (click, or Enter/Space on
// the focused button): `t3-chip-activate` for chips, then the default action unless canceled.
import "../chip-events.js";
import { emit } from "../events.js";
import { actionOf, chipBinding, type Action } from "./actions.js";
import { chipDetails, chipExpanded } from "./chips.js";
import { toggleExpansion } from "./expansion.js";
import type { DetailsPopover } from "./details-popover.js";
import type { HoverCard } from "./hover-card.js";
import type { MediaModal } from "./media-modal.js";

/** The overlays a transcript owns. */
export interface Overlays {
  popover: DetailsPopover;
  hoverCard: HoverCard;
  modal: MediaModal;
}

/** The actionable node an event is about, when it lies inside `list`. */
export function actionTarget(event: Event, list: HTMLElement): HTMLElement | null {
  for (const node of event.composedPath()) {
    if (node === list) return null;
    if (node instanceof HTMLElement && actionOf(node)) return node;
  }
  return null;
}

/** Runs the activation of `node` from `host`. */
export function activate(host: HTMLElement, node: HTMLElement, overlays: Overlays): void {
  const binding = chipBinding(node);
  if (binding) {
    overlays.hoverCard.hide();
    const { chip } = binding;
    const proceed = emit(
      host,
      "t3-chip-activate",
      { record: chip.record, kind: chip.kind, contextId: chip.contextId, surface: "transcript", messageId: binding.messageId },
      { cancelable: true },
    );
    if (!proceed) return;
  }
  runDefault(node, actionOf(node)!, overlays);
}

function runDefault(node: HTMLElement, action: Action, overlays: Overlays): void {
  switch (action.type) {
    case "open":
      // The URL was checked (http, https, or an attachment's object URL) when the chip was drawn.
      window.open(action.url, "_blank", "noopener,noreferrer");
      return;
    case "media":
      overlays.popover.close();
      overlays.modal.open(action.items, action.index, node);
      return;
    case "popover": {
      const binding = chipBinding(node);
      const content = binding && chipDetails(binding.chip, binding.surface);
      if (content) overlays.popover.toggle(node, content);
      return;
    }
    case "expand": {
      const binding = chipBinding(node);
      if (binding) toggleExpansion(node, () => chipExpanded(binding.chip, binding.surface));
      return;
    }
    case "none":
      return;
  }
}

/**
 * Shows or hides the hover card of a chip that stands for a web page (a pull request), as the
 * pointer or focus enters or leaves it.
 */
export function hoverChip(event: Event, list: HTMLElement, hoverCard: HoverCard, entering: boolean): void {
  const node = actionTarget(event, list);
  const binding = node ? chipBinding(node) : undefined;
  if (!node || !binding?.href) return;
  const related = (event as PointerEvent | FocusEvent).relatedTarget;
  if (related instanceof Node && node.contains(related)) return; // moving inside the chip
  if (!entering) {
    if (hoverCard.chip === node) hoverCard.hide();
    return;
  }
  const content = chipDetails(binding.chip, binding.surface);
  if (content) hoverCard.show(node, content);
}
