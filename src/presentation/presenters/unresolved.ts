import type { FallbackPresenter } from "../types.js";

/** The tooltip of an unresolved chip in each surface (docs/transcript.md, "Chips"). */
export const UNRESOLVED_TOOLTIP = {
  composer: "This context is no longer available. Remove it or attach it again.",
  transcript: "This context is no longer available.",
} as const;

/**
 * The fallback chip: a missing record, a kind without a presenter, or a payload that fails its
 * schema. Dashed, with a dashed-circle icon; it still copies as its canonical link.
 */
export const unresolvedPresenter: FallbackPresenter = {
  details: "tooltip",
  tooltip: (_record, surface) => surface.localizer?.text(surface.name === "composer" ? "unavailableComposer" : "unavailableTranscript") ?? UNRESOLVED_TOOLTIP[surface.name],
  expanded: "none",
};
