// The draft's attachments as the `attachments` property shows them, and `stash()` / `restore()`.
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import type { ComposerCore } from "./core.js";
import { ownRecord } from "./record-check.js";
import type { ComposerStashEntry, DraftAttachment } from "./types.js";
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

/** `stash()`: the draft as an entry (text, referenced records and shelf images); the composer empties. */
export function stashDraft(core: ComposerCore): ComposerStashEntry {
  const value = valueOf(core.state.doc, core.records.live);
  const records = value.context?.records.slice() ?? [];
  for (const record of core.records.live.values()) {
    if (record.kind === "image" && core.counts.count(record.contextId) === 0) records.push(record);
  }
  replaceDraft(core, "", []);
  return { version: 1, text: value.text, records, createdAt: new Date().toISOString() };
}

/**
 * `restore(entry)`: a wrong argument throws; invalid records are dropped.
 * TODO(clipboard, issue 5): go through the paste importer, which fetches images and files again
 * under new local ids; until then the records come back as they were stashed.
 */
export function restoreStash(core: ComposerCore, entry: unknown): void {
  const candidate = entry as Partial<ComposerStashEntry> | null;
  if (!candidate || typeof candidate !== "object" || candidate.version !== 1 || typeof candidate.text !== "string") {
    throw new TypeError(`restore: expected a stash entry { version: 1, text, records }, got ${JSON.stringify(entry) ?? String(entry)}`);
  }
  const records = Array.isArray(candidate.records) ? candidate.records.map(ownRecord).filter((record) => record !== null) : [];
  replaceDraft(core, candidate.text, records);
}
