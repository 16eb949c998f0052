// The overlays chunk (chunks.ts says when it loads): what opens on a chip when a person
// acts on it, in both elements. Everything it holds is reached through this module, and in the
// drop-ins only through a dynamic import.
import { detailsCardStyles } from "../../presentation/details/card.styles.js";
import type { DetailsRenderers } from "../../presentation/details/lazy.js";
import { renderElementDetails } from "../../presentation/details/element.js";
import { renderPreviewAnnotationDetails } from "../../presentation/details/preview-annotation.js";
import { renderReviewDetails } from "../../presentation/details/review-comment.js";
import { renderTerminalDetails } from "../../presentation/details/terminal.js";
import { chipMenuStyles } from "../transcript/chip-menu.styles.js";
import { overlayStyles } from "../transcript/overlays.styles.js";

export { openChipMenu as openComposerChipMenu } from "../composer/chip-menu.js";
export { openChipMenu as openTranscriptChipMenu } from "../transcript/chip-menu.js";
export { DetailsPopover } from "../transcript/details-popover.js";
export { HoverCard } from "../transcript/hover-card.js";
export { MediaModal } from "../transcript/media-modal.js";

/** The built-in presenters' details cards (presentation/details/lazy.ts). */
export const detailsRenderers: DetailsRenderers = {
  terminal: renderTerminalDetails,
  element: renderElementDetails,
  previewAnnotation: renderPreviewAnnotationDetails,
  review: renderReviewDetails,
};

/** The styles of the transcript's overlays and of the details cards in them (transcript/overlays.ts adopts them). */
export const transcriptOverlayStyles = [detailsCardStyles, overlayStyles, chipMenuStyles];
