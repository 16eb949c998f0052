// What happens when a person activates something in the transcript (click, or Enter/Space on
// the focused button): `t3-chip-activate` for chips, then the default action unless canceled.
import "../chip-events.js";
import { emit } from "../events.js";
import { actionOf, chipBinding, type Action } from "./actions.js";
import { chipDetails, chipExpanded } from "./chips.js";
import { toggleExpansion } from "./expansion.js";
import { unchangedFocus } from "../chunks.js";
import type { TranscriptOverlays } from "./overlays.js";

/** The actionable node an event is about, when it lies inside `list`. */
export function actionTarget(event: Event, list: HTMLElement): HTMLElement | null {
  for (const node of event.composedPath()) {
    if (node === list) return null;
    if (node instanceof HTMLElement && actionOf(node)) return node;
  }
  return null;
}

/** Runs the activation of `node` from `host`. */
export function activate(host: HTMLElement, node: HTMLElement, overlays: TranscriptOverlays): void {
  const binding = chipBinding(node);
  if (binding) {
    overlays.views?.hoverCard.hide();
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

// A popover or the modal opens once the overlays chunk is in (overlays.ts): at once, in practice,
// since it is fetched when the transcript is first idle.
function runDefault(node: HTMLElement, action: Action, overlays: TranscriptOverlays): void {
  switch (action.type) {
    case "open":
      // The URL was checked (http, https, or an attachment's object URL) when the chip was drawn.
      window.open(action.url, "_blank", "noopener,noreferrer");
      return;
    case "media":
      overlays.open(node, ({ popover, modal }) => {
        popover.close();
        modal.open(action.items, action.index, node);
      });
      return;
    case "popover":
      overlays.open(node, ({ popover }) => {
        const binding = chipBinding(node);
        const content = binding && chipDetails(binding.chip, binding.surface);
        if (content) popover.toggle(node, content);
      });
      return;
    case "expand":
      expand(node);
      overlays.expansions.toggled(node);
      return;
    case "none":
      return;
  }
}

/** Opens or closes the expansion of an `inline-block` chip. */
export function expand(node: HTMLElement): void {
  const binding = chipBinding(node);
  if (binding) toggleExpansion(node, () => chipExpanded(binding.chip, binding.surface));
}

/**
 * What a chip's hover card shows: the details of a chip that stands for a web page (a pull
 * request), or why an unresolved chip is unavailable (its tooltip, which a keyboard or a finger
 * could not otherwise reach); `null` for other chips.
 */
function cardContent(node: HTMLElement): Node | null {
  const binding = chipBinding(node);
  if (!binding || !hasCard(node)) return null;
  if (binding.href) return chipDetails(binding.chip, binding.surface) ?? null;
  const text = document.createElement("p");
  text.className = "hover-card-text";
  text.textContent = node.title;
  return text;
}

/** Whether `node` is a chip that has a hover card (see `cardContent`), without drawing it. */
function hasCard(node: HTMLElement): boolean {
  const binding = chipBinding(node);
  if (!binding) return false;
  if (binding.href) return binding.chip.presenter.renderDetails !== undefined;
  return !binding.chip.resolved && node.title !== "";
}

/** Shows the hover card of `node` (once the overlays are in, if the chip is still hovered or focused then). */
function showCard(node: HTMLElement, overlays: TranscriptOverlays, still: () => boolean): void {
  overlays.open(
    node,
    ({ hoverCard }) => {
      const content = cardContent(node);
      if (content) hoverCard.show(node, content);
    },
    still,
  );
}

/**
 * Shows or hides a chip's hover card as the pointer or focus enters or leaves it. A finger's
 * pointer events are left to `previewOnTap`: a tap shows the card instead of following the link.
 */
export function hoverChip(event: Event, list: HTMLElement, overlays: TranscriptOverlays, entering: boolean): void {
  if (event instanceof PointerEvent && event.pointerType === "touch") return;
  const node = actionTarget(event, list);
  if (!node || !chipBinding(node)) return;
  const hoverCard = overlays.views?.hoverCard;
  const related = (event as PointerEvent | FocusEvent).relatedTarget;
  // Moving inside the chip, or onto its card (WCAG 1.4.13: the card can be hovered).
  if (related instanceof Node && (node.contains(related) || hoverCard?.node.contains(related))) return;
  if (!entering) {
    // A pointer gets time to cross onto the card; focus moving away is final.
    if (hoverCard?.chip === node) {
      if (event instanceof FocusEvent) hoverCard.hide();
      else hoverCard.hideSoon();
    }
    return;
  }
  if (hasCard(node)) showCard(node, overlays, () => node.isConnected && node.matches(":hover, :focus"));
}

/**
 * A tap on a chip that has a card shows the card first (a phone has no hover); the next tap
 * does what a click does. Returns whether the tap was taken.
 */
export function previewOnTap(node: HTMLElement, overlays: TranscriptOverlays): boolean {
  if (overlays.views?.hoverCard.chip === node || !hasCard(node)) return false;
  showCard(node, overlays, unchangedFocus(node));
  return true;
}
