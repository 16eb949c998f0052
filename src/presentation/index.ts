// The chip presentation layer shared by <t3-composer> and <t3-transcript>.
export { createChipRegistry } from "./registry.js";
export { chipRegistry } from "./shared-registry.js";
export { resolveChip } from "./resolve.js";
export type { ChipReference, ResolvedChip } from "./resolve.js";
export { fillChip, isSafeMediaUrl, maskIcon } from "./chip-dom.js";
export { chipStyles } from "./chip.styles.js";
export { themeStyles } from "./theme.styles.js";
export { UNRESOLVED_TOOLTIP } from "./presenters/unresolved.js";
export type {
  ChipAttachmentState,
  ChipContent,
  ChipDetailsMode,
  ChipExpandedMode,
  ChipPresenter,
  ChipRegistry,
  ChipSurface,
} from "./types.js";
