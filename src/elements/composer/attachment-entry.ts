// The attachment entry of an image or file record: its bytes and upload state
// (docs/composer.md, "Uploads"). The draft binds each entry to its record (draft-state.ts); only
// the upload controller (uploads.ts) writes an entry's status.
import { toKindScopedComposerContextId } from "../../codec/ids.js";
import { MIME_TYPE_MAX, NAME_MAX } from "../../contract/limits.js";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { randomToken } from "../../editor/random.js";
import type { ChipAttachmentState } from "../../presentation/types.js";

/** Characters after `att_` in a local attachment id (docs/composer.md, "Uploads"). */
const LOCAL_ID_LENGTH = 16;
const FALLBACK_MIME_TYPE = "application/octet-stream";
const FALLBACK_NAME = "attachment";

export type AttachmentKind = "image" | "file";

export interface AttachmentEntry {
  readonly contextId: string;
  readonly localId: string;
  readonly kind: AttachmentKind;
  /** Bytes that can be uploaded (again); `null` when only the host has them. */
  file: Blob | null;
  /** `uploading` while no upload runs means interrupted: it starts again when the entry is back. */
  status: "uploading" | "ready" | "failed";
  progress: number | undefined;
  /** The host's id, once uploaded. */
  attachmentId: string | undefined;
  /** An object URL of an image's bytes, while the element is connected. */
  url: string | null;
  /**
   * Where the host serves an image that only the host has (a message loaded by `edit()`): its
   * thumbnail loads from there. An http(s) URL from the message's attachments, or `null`.
   */
  hostUrl: string | null;
}

/** A local attachment id, `att_` + 16 random `[a-z0-9]`. */
export function mintLocalId(): string {
  return "att_" + randomToken(LOCAL_ID_LENGTH);
}

/** Images are what browsers can show as one; anything else is a file. */
export function attachmentKind(mimeType: string): AttachmentKind {
  return mimeType.startsWith("image/") ? "image" : "file";
}

/** The record and entry of a newly attached file; the record binds to the local id until uploaded. */
export function attachmentFromFile(file: File): { record: ImageContextRecord | FileContextRecord; entry: AttachmentEntry } {
  const localId = mintLocalId();
  // Files from the platform have names and types of any length; records have bounds.
  const name = (file.name.trim() || FALLBACK_NAME).slice(0, NAME_MAX);
  const mimeType = (file.type.trim() || FALLBACK_MIME_TYPE).slice(0, MIME_TYPE_MAX);
  const kind = attachmentKind(mimeType);
  const contextId = toKindScopedComposerContextId(kind, localId);
  const fields = { version: 1 as const, contextId, label: name, attachmentId: localId, name, mimeType, sizeBytes: file.size };
  const record = kind === "image" ? { ...fields, kind } : { ...fields, kind };
  return { record: Object.freeze(record), entry: newEntry(contextId, localId, kind, file, "uploading") };
}

export function newEntry(
  contextId: string,
  localId: string,
  kind: AttachmentKind,
  file: Blob | null,
  status: AttachmentEntry["status"],
  attachmentId?: string,
): AttachmentEntry {
  return { contextId, localId, kind, file, status, progress: undefined, attachmentId, url: null, hostUrl: null };
}

/** The object URL of an image's bytes, made on first use; else the host's URL of it, if known. */
export function urlOf(entry: AttachmentEntry): string | null {
  if (!entry.url && entry.file && entry.kind === "image") entry.url = URL.createObjectURL(entry.file);
  return entry.url ?? entry.hostUrl;
}

export function releaseUrl(entry: AttachmentEntry): void {
  if (entry.url) URL.revokeObjectURL(entry.url);
  entry.url = null;
}

/** What a chip needs to draw the attachment. */
export function chipState(entry: AttachmentEntry, connected: boolean): ChipAttachmentState {
  const state: ChipAttachmentState = { status: entry.status };
  if (entry.status === "uploading") state.progress = entry.progress ?? 0;
  const url = connected ? urlOf(entry) : null;
  if (url) state.url = url;
  return state;
}
