import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { englishLocalizer } from "../../l10n/localizer.js";
import { middleTruncate } from "../labels.js";
import { maskIcon } from "../chip-dom.js";
import { renderMediaExpanded } from "../details/media.js";
import type { ChipPresenter, ChipSurface } from "../types.js";

const sizeOf = (bytes: number, surface: ChipSurface | undefined) => (surface?.localizer ?? englishLocalizer).bytes(bytes);

/** Images: a thumbnail chip with the middle-truncated name; clicking opens the media modal. */
export const imagePresenter: ChipPresenter<ImageContextRecord> = {
  label: (record) => middleTruncate(record.name || record.label),
  tooltip: (record, surface) => `${record.name} · ${sizeOf(record.sizeBytes, surface)}`,
  details: "tooltip",
  expanded: "modal",
  renderExpanded: renderMediaExpanded,
};

/** Files: a file icon with the name and size; videos preview, other files open or download. */
export const filePresenter: ChipPresenter<FileContextRecord> = {
  label: (record) => middleTruncate(record.name || record.label),
  icon: () => maskIcon("file"),
  tooltip: (record, surface) => `${record.name} · ${record.mimeType} · ${sizeOf(record.sizeBytes, surface)}`,
  details: "tooltip",
  expanded: "modal",
  renderExpanded: renderMediaExpanded,
};
