import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { formatBytes, middleTruncate } from "../labels.js";
import { maskIcon } from "../chip-dom.js";
import { renderMediaExpanded } from "../details/media.js";
import type { ChipPresenter } from "../types.js";

/** Images: a thumbnail chip with the middle-truncated name; clicking opens the media modal. */
export const imagePresenter: ChipPresenter<ImageContextRecord> = {
  label: (record) => middleTruncate(record.name || record.label),
  tooltip: (record) => `${record.name} · ${formatBytes(record.sizeBytes)}`,
  details: "tooltip",
  expanded: "modal",
  renderExpanded: renderMediaExpanded,
};

/** Files: a file icon with the name and size; videos preview, other files open or download. */
export const filePresenter: ChipPresenter<FileContextRecord> = {
  label: (record) => middleTruncate(record.name || record.label),
  icon: () => maskIcon("file"),
  tooltip: (record) => `${record.name} · ${record.mimeType} · ${formatBytes(record.sizeBytes)}`,
  details: "tooltip",
  expanded: "modal",
  renderExpanded: renderMediaExpanded,
};
