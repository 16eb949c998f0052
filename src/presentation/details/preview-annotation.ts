import type { PreviewAnnotationContextRecord } from "../../contract/types.js";
import { isSafeMediaUrl } from "../chip-dom.js";
import type { ChipSurface } from "../types.js";
import { appendAll, detailsCard, fieldList, linkWithHost, section } from "./card.js";
import { el } from "./dom.js";
import { elementDetailsNodes } from "./element.js";

/** The image record a screenshot binds to is `image_<annotationId>` when the record does not say (docs/wire-format.md, "Ids"). */
const SCREENSHOT_ID_PREFIX = "image_";

/**
 * The screenshot's URL: `screenshotContextId` (or the rule that mints it) → image record →
 * its attachment's URL. `undefined` when any step is missing or the URL may not be loaded.
 */
export function screenshotUrl(record: PreviewAnnotationContextRecord, surface: ChipSurface): string | undefined {
  const lookup = surface.lookup;
  if (!lookup) return undefined;
  const image = lookup.record(record.screenshotContextId ?? SCREENSHOT_ID_PREFIX + record.annotationId);
  if (image?.kind !== "image" || !("attachmentId" in image) || typeof image.attachmentId !== "string") return undefined;
  const url = lookup.attachment(image.attachmentId)?.url;
  return isSafeMediaUrl(url) ? url : undefined;
}

function screenshot(record: PreviewAnnotationContextRecord, surface: ChipSurface): HTMLElement {
  const url = screenshotUrl(record, surface);
  if (!url) return el("div", "t3-details-empty t3-details-screenshot", "Screenshot unavailable");
  const image = el("img", "t3-details-screenshot");
  image.alt = "Screenshot";
  image.decoding = "async";
  image.src = url;
  return image;
}

function plural(count: number | undefined, one: string, many: string): string | undefined {
  return count ? `${count} ${count === 1 ? one : many}` : undefined;
}

function listOf(items: readonly string[]): HTMLElement {
  const list = el("ul", "t3-details-list");
  for (const item of items) list.append(el("li", undefined, item));
  return list;
}

/** A preview annotation: screenshot, page, comment, targets, requested changes and counts. */
export function renderPreviewAnnotationDetails(record: PreviewAnnotationContextRecord, surface: ChipSurface): HTMLElement {
  const counts = [plural(record.regionCount, "region", "regions"), plural(record.strokeCount, "drawing", "drawings")]
    .filter(Boolean)
    .join(" · ");
  const page = el("span");
  if (record.pageTitle) page.append(el("span", "t3-details-page-title", record.pageTitle), " ");
  if (record.pageUrl) page.append(linkWithHost(record.pageUrl));
  const elements = record.elements ?? [];
  return appendAll(detailsCard("preview-annotation", "Preview annotation"), [
    screenshot(record, surface),
    fieldList([
      ["Page", page.childNodes.length ? page : null],
      ["Comment", record.comment.trim()],
      ["Targets", record.targetSummary],
      ["Counts", counts],
    ]),
    record.styleChanges.length ? section("Requested changes", listOf(record.styleChanges)) : null,
    ...elements.map((details) => section(`<${details.tagName}>`, appendAll(el("div"), elementDetailsNodes(details)))),
  ]);
}
