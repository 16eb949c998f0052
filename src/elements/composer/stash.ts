// The draft's attachments as the `attachments` property shows them, and `stash()` / `restore()`.
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import { newEntry, type AttachmentEntry } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { restoreText } from "./paste-import.js";
import { ownRecord } from "./record-check.js";
import type { ComposerStashEntry, DraftAttachment } from "./types.js";
import { startUpload } from "./uploads.js";
import { replaceDraft, valueOf } from "./value.js";

/** `attachments`: every image and file record of the draft with its upload state. */
export function draftAttachments(core: ComposerCore): DraftAttachment[] {
  const list: DraftAttachment[] = [];
  for (const record of core.records.live.values()) {
    if (record.kind !== "image" && record.kind !== "file") continue;
    const { contextId, name, mimeType, sizeBytes, attachmentId } = record as ImageContextRecord | FileContextRecord;
    const entry = core.attachments.get(contextId);
    const status = entry?.status ?? "ready";
    const attachment: DraftAttachment = {
      localId: entry?.localId ?? producerIdFromComposerContextId(record.kind, contextId),
      name,
      mimeType,
      sizeBytes,
      status,
      referenced: core.counts.count(contextId) > 0,
    };
    if (status === "uploading") attachment.progress = entry?.progress ?? 0;
    if (status === "ready") attachment.attachmentId = entry?.attachmentId ?? attachmentId;
    list.push(attachment);
  }
  return list;
}

/**
 * The bytes and upload state behind the images and files of each entry `stash()` returned, so
 * that restoring that entry on this page brings back what the records alone cannot: an upload
 * that had not finished, the bytes a retry needs. An entry that went through JSON has only its
 * records, bound to the host ids they carry.
 */
const stashedAttachments = new WeakMap<object, readonly AttachmentEntry[]>();

/** `stash()`: the draft as an entry (text, referenced records and shelf images); the composer empties. */
export function stashDraft(core: ComposerCore): ComposerStashEntry {
  const value = valueOf(core.state.doc, core.records.live);
  const records = value.context?.records.slice() ?? [];
  for (const record of core.records.live.values()) {
    if (record.kind === "image" && core.counts.count(record.contextId) === 0) records.push(record);
  }
  const attachments = [...core.attachments.values()].map((entry) =>
    newEntry(entry.contextId, entry.localId, entry.kind, entry.file, entry.status, entry.attachmentId),
  );
  replaceDraft(core, "", []);
  const entry: ComposerStashEntry = { version: 1, text: value.text, records, createdAt: new Date().toISOString() };
  stashedAttachments.set(entry, attachments);
  return entry;
}

/** An attachment as it comes back: an upload that had not finished starts again (if it has its bytes). */
function restoredEntry(entry: AttachmentEntry): AttachmentEntry {
  const status = entry.status === "uploading" && !entry.file ? "failed" : entry.status;
  return newEntry(entry.contextId, entry.localId, entry.kind, entry.file, status, status === "ready" ? entry.attachmentId : undefined);
}

/**
 * `restore(entry)`: through the paste importer (paste-import.ts), replacing the draft. A wrong
 * argument throws; invalid records are dropped.
 */
export function restoreStash(core: ComposerCore, entry: unknown): void {
  const candidate = entry as Partial<ComposerStashEntry> | null;
  if (!candidate || typeof candidate !== "object" || candidate.version !== 1 || typeof candidate.text !== "string") {
    throw new TypeError(`restore: expected a stash entry { version: 1, text, records }, got ${JSON.stringify(entry) ?? String(entry)}`);
  }
  const records = Array.isArray(candidate.records) ? candidate.records.map(ownRecord).filter((record) => record !== null) : [];
  const entries = new Map((stashedAttachments.get(candidate) ?? []).map((stashed) => [stashed.contextId, restoredEntry(stashed)]));
  restoreText(core, candidate.text, records, entries);
  for (const restored of core.attachments.values()) {
    if (restored.status === "uploading" && !restored.controller && core.connected) startUpload(core, restored);
  }
}
