// The chip presentation layer shared by <t3-composer> and <t3-transcript>.
export { createChipRegistry } from "./registry.js";
export { chipRegistry } from "./shared-registry.js";
export { resolveChip } from "./resolve.js";
export type { ChipReference, ResolvedChip } from "./resolve.js";
export { fillChip, isSafeMediaUrl, maskIcon } from "./chip-dom.js";
export { chipStyles } from "./chip.styles.js";
export { themeStyles } from "./theme.styles.js";
export { entryBodyFromRegistry } from "./entry-body.js";
export { liveHttpUrl } from "./details/dom.js";
export { isVideoMimeType, mediaView } from "./details/media.js";
export { UNRESOLVED_TOOLTIP } from "./presenters/unresolved.js";
export type {
  ChipAttachmentState,
  ChipContent,
  ChipDetailsMode,
  ChipExpandedMode,
  ChipLookup,
  ChipPresenter,
  ChipRegistry,
  ChipSurface,
  FallbackPresenter,
  UnresolvedContextRecord,
} from "./types.js";
