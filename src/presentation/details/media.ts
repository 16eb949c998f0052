import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { isSafeMediaUrl } from "../chip-dom.js";
import type { ChipSurface } from "../types.js";
import { el } from "./dom.js";

/** Whether a MIME type is a video the browser may play. */
export function isVideoMimeType(mimeType: string | undefined): boolean {
  return typeof mimeType === "string" && mimeType.toLowerCase().startsWith("video/");
}

/**
 * The full-size view of an image or a video: an `<img>` or a `<video controls>` from a URL that
 * may be loaded (http, https or an object URL), or a "Preview unavailable" note.
 */
export function mediaView(url: string | undefined, mimeType: string | undefined, name: string): HTMLElement {
  if (!isSafeMediaUrl(url)) return el("div", "t3-media-unavailable", "Preview unavailable");
  if (isVideoMimeType(mimeType)) {
    const video = el("video", "t3-media");
    video.controls = true;
    video.preload = "metadata";
    video.src = url;
    video.setAttribute("aria-label", name);
    return video;
  }
  const image = el("img", "t3-media");
  image.alt = name;
  image.decoding = "async";
  image.src = url;
  return image;
}

/** `renderExpanded` of images and files: the media view of the chip's attachment. */
export function renderMediaExpanded(record: ImageContextRecord | FileContextRecord, surface: ChipSurface): HTMLElement {
  const attachment = surface.attachment;
  return mediaView(attachment?.url, attachment?.mimeType ?? record.mimeType, record.name || record.label);
}
