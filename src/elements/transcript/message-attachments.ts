// A message's attachments: where their bytes load from, the image gallery strip and the row of
// files that no chip references (docs/transcript.md, "Attachments").
import { isSafeMediaUrl } from "../../presentation/chip-dom.js";
import type { Localizer } from "../../l10n/localizer.js";
import { middleTruncate } from "../../presentation/labels.js";
import { isVideoMimeType, mediaView } from "../../presentation/details/media.js";
import type { ChipAttachmentState } from "../../presentation/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";
import { setAction, type MediaItem } from "./actions.js";

/** The host's answer to "where is this attachment?"; see `T3TranscriptElement.resolveAttachmentUrl`. */
export type AttachmentUrlResolver = (attachmentId: string) => string | undefined;

/** What the gallery and the file row are drawn with. */
interface DrawDeps {
  resolveAttachmentUrl: AttachmentUrlResolver | undefined;
  strings: Localizer;
}

/** Whether an attachment is an image (it goes to the gallery strip). */
export function isImageAttachment(attachment: TranscriptAttachment): boolean {
  return attachment.mimeType.toLowerCase().startsWith("image/");
}

/**
 * Where an attachment loads from: the host's resolver first (it knows its own routes), then the
 * message's `url`. Only http, https and object URLs are returned, made absolute against the
 * page (a host may answer with a path of its own origin).
 */
export function attachmentUrl(attachment: TranscriptAttachment, resolve: AttachmentUrlResolver | undefined): string | undefined {
  let url: unknown;
  try {
    url = resolve?.(attachment.id);
  } catch (error) {
    console.error("t3-composer: resolveAttachmentUrl threw", error);
  }
  if (typeof url !== "string") url = attachment.url;
  return typeof url === "string" && isSafeMediaUrl(url) ? new URL(url, document.baseURI).href : undefined;
}

/** The chip surface's view of an attachment of a sent message: always ready. */
export function attachmentState(attachment: TranscriptAttachment, resolve: AttachmentUrlResolver | undefined): ChipAttachmentState {
  const url = attachmentUrl(attachment, resolve);
  return {
    status: "ready",
    mimeType: attachment.mimeType,
    ...(url !== undefined && { url }),
    ...(typeof attachment.sizeBytes === "number" && { sizeBytes: attachment.sizeBytes }),
  };
}

/** A gallery or modal item for an attachment. */
export function mediaItem(attachment: TranscriptAttachment, resolve: AttachmentUrlResolver | undefined): MediaItem {
  const url = attachmentUrl(attachment, resolve);
  return { name: attachment.name, render: () => mediaView(url, attachment.mimeType, attachment.name) };
}

/** The strip of a message's images; each thumbnail opens the media modal at its image. */
export function renderGallery(images: readonly TranscriptAttachment[], items: readonly MediaItem[], { resolveAttachmentUrl: resolve, strings }: DrawDeps): HTMLElement | null {
  if (images.length === 0) return null;
  const strip = document.createElement("div");
  strip.className = "gallery";
  strip.setAttribute("part", "gallery");
  images.forEach((image, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "gallery-item";
    button.setAttribute("part", "gallery-item");
    button.setAttribute("aria-label", strings.text("openImage", { name: image.name }));
    button.setAttribute("aria-haspopup", "dialog");
    const url = attachmentUrl(image, resolve);
    if (url) {
      const thumb = document.createElement("img");
      thumb.alt = "";
      thumb.decoding = "async";
      thumb.loading = "lazy";
      thumb.src = url;
      button.append(thumb);
    } else {
      button.textContent = middleTruncate(image.name, 16);
    }
    setAction(button, { type: "media", items, index });
    strip.append(button);
  });
  return strip;
}

/** The row of files no chip references: a video previews in the modal, other files open. */
export function renderFileRow(files: readonly TranscriptAttachment[], { resolveAttachmentUrl: resolve, strings }: DrawDeps): HTMLElement | null {
  if (files.length === 0) return null;
  const row = document.createElement("div");
  row.className = "files";
  row.setAttribute("part", "files");
  for (const file of files) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "file";
    button.setAttribute("part", "file");
    const icon = document.createElement("span");
    icon.className = "t3-chip-icon";
    icon.dataset.icon = "file";
    icon.setAttribute("aria-hidden", "true");
    const name = document.createElement("span");
    name.className = "file-name";
    name.textContent = middleTruncate(file.name);
    button.append(icon, name);
    if (typeof file.sizeBytes === "number") {
      const size = document.createElement("span");
      size.className = "file-size";
      size.textContent = strings.bytes(file.sizeBytes);
      // A space between name and size, so the visible text reads as the name says it.
      button.append(" ", size);
    }
    const url = attachmentUrl(file, resolve);
    if (isVideoMimeType(file.mimeType)) {
      setAction(button, { type: "media", items: [mediaItem(file, resolve)], index: 0 });
      button.setAttribute("aria-haspopup", "dialog");
    } else if (url) {
      setAction(button, { type: "open", url });
    } else {
      button.disabled = true;
    }
    // The name begins with what the button shows, name then size, and says "file" last (WCAG 2.5.3).
    const size = typeof file.sizeBytes === "number" ? strings.bytes(file.sizeBytes) : undefined;
    button.setAttribute("aria-label", strings.text("openFile", { name: size ? strings.text("nameAndDetail", { name: file.name, detail: size }) : file.name }));
    row.append(button);
  }
  return row;
}
