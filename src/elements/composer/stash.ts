// `stash()` and `restore()` (docs/composer.md, "Drafts"): the draft taken out as a plain entry,
// and put back through the paste importer (paste-import.ts).
import { newEntry, type AttachmentEntry } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { restoreText } from "./paste-import.js";
import { liveAttachments, liveRecords } from "./draft-state.js";
import { decodedRecord } from "./record-check.js";
import type { ComposerStashEntry } from "./types.js";
import { shelfImages, valueOf } from "./value.js";

/**
 * The bytes and upload state behind the images and files of each entry `stash()` returned, so
 * that restoring that entry on this page brings back what the records alone cannot: an upload
 * that had not finished, the bytes a retry needs. An entry that went through JSON has only its
 * records, bound to the host ids they carry.
 */
const stashedAttachments = new WeakMap<object, readonly AttachmentEntry[]>();

/** `stash()`: the draft as an entry (text, referenced records and shelf images); the composer empties. */
export function stashDraft(composer: Composer): ComposerStashEntry {
  const entry = draftEntry(composer);
  composer.model.replace("", []);
  return entry;
}

/** The draft as a stash entry, left as it is; restoring the very entry on this page brings back its uploads. */
export function draftEntry(composer: Composer): ComposerStashEntry {
  const draft = composer.model.draft;
  const value = valueOf(composer.model.state.doc, liveRecords(draft));
  const records = [...(value.context?.records ?? []), ...shelfImages(draft)];
  const attachments = liveAttachments(draft).map((entry) => ({
    ...newEntry(entry.contextId, entry.localId, entry.kind, entry.file, entry.status, entry.attachmentId),
    hostUrl: entry.hostUrl,
  }));
  const entry: ComposerStashEntry = { version: 1, text: value.text, records, createdAt: new Date().toISOString() };
  stashedAttachments.set(entry, attachments);
  return entry;
}

/** An attachment as it comes back: an upload that had not finished starts again (if it has its bytes). */
function restoredEntry(entry: AttachmentEntry): AttachmentEntry {
  const status = entry.status === "uploading" && !entry.file ? "failed" : entry.status;
  const restored = newEntry(entry.contextId, entry.localId, entry.kind, entry.file, status, status === "ready" ? entry.attachmentId : undefined);
  restored.hostUrl = entry.hostUrl;
  return restored;
}

/**
 * `restore(entry)`: through the paste importer (paste-import.ts), replacing the draft. A wrong
 * argument throws at once; invalid records are dropped.
 */
export function restoreStash(composer: Composer, entry: unknown): void {
  const candidate = entry as Partial<ComposerStashEntry> | null;
  if (!candidate || typeof candidate !== "object" || candidate.version !== 1 || typeof candidate.text !== "string") {
    throw new TypeError(`restore: expected a stash entry { version: 1, text, records }, got ${JSON.stringify(entry) ?? String(entry)}`);
  }
  const records = Array.isArray(candidate.records) ? candidate.records.map(decodedRecord).filter((record) => record !== null) : [];
  const entries = new Map((stashedAttachments.get(candidate) ?? []).map((stashed) => [stashed.contextId, restoredEntry(stashed)]));
  const text = candidate.text;
  // Uploads that had not finished start again (uploads.ts).
  restoreText(composer, text, records, entries);
}
