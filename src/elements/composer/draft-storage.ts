// `draft-key` (ui.md point 14): the draft survives a reload in localStorage, with its records and
// which uploads finished. Bytes are not saved (they do not fit), so an upload that had not
// finished comes back failed, to be attached again or removed: visible, never silently lost.
// A draft whose send went out unanswered keeps that send's `clientMessageId`, so that sending it
// again after a reload is stored once.
import type { ComposerContextRecord } from "../../contract/types.js";
import { emit } from "../events.js";
import { newEntry, type AttachmentEntry, type AttachmentKind } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { adoptMessageId, MESSAGE_ID_PATTERN, pendingMessageId } from "./message.js";
import { ownRecord } from "./record-check.js";
import { replaceDraft, valueOf } from "./value.js";

/** Drafts live under `t3-composer:draft:<draft-key>`. */
export const DRAFT_STORAGE_PREFIX = "t3-composer:draft:";
const DRAFT_VERSION = 1;

interface StoredAttachment {
  contextId: string;
  localId: string;
  kind: AttachmentKind;
  /** Only a finished upload is ready after a reload. */
  ready: boolean;
  attachmentId?: string;
}

interface StoredDraft {
  version: typeof DRAFT_VERSION;
  text: string;
  records: ComposerContextRecord[];
  attachments: StoredAttachment[];
  /** The id of a send of this very draft that went out and was not answered. */
  clientMessageId?: string;
  savedAt: string;
}

function storageFailed(core: ComposerCore, message: string, cause: unknown): void {
  emit(core.host, "t3-error", { code: "storage-failed", message, cause });
}

/**
 * Saves the draft under the element's `draft-key` (an empty draft removes the entry). Returns the
 * saved draft's size in characters (0 when nothing was written): what the next save will cost.
 */
export function saveDraft(core: ComposerCore, key = core.host.draftKey): number {
  if (!key) return 0;
  const value = valueOf(core.state.doc, core.records.live);
  const records = value.context?.records.slice() ?? [];
  for (const record of core.records.live.values()) {
    if (record.kind === "image" && core.counts.count(record.contextId) === 0) records.push(record); // the shelf
  }
  const attachments: StoredAttachment[] = [...core.attachments.values()].map((entry) => {
    const stored: StoredAttachment = { contextId: entry.contextId, localId: entry.localId, kind: entry.kind, ready: entry.status === "ready" };
    if (entry.status === "ready" && entry.attachmentId) stored.attachmentId = entry.attachmentId;
    return stored;
  });
  let written = 0;
  try {
    if (value.text === "" && records.length === 0) {
      localStorage.removeItem(DRAFT_STORAGE_PREFIX + key);
    } else {
      const draft: StoredDraft = { version: DRAFT_VERSION, text: value.text, records, attachments, savedAt: new Date().toISOString() };
      const clientMessageId = pendingMessageId(core);
      if (clientMessageId) draft.clientMessageId = clientMessageId;
      const json = JSON.stringify(draft);
      written = json.length;
      localStorage.setItem(DRAFT_STORAGE_PREFIX + key, json);
    }
    core.loadedKey = key;
  } catch (error) {
    storageFailed(core, `The draft could not be saved under "${key}".`, error);
  }
  return written;
}

function readDraft(core: ComposerCore, key: string): StoredDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(DRAFT_STORAGE_PREFIX + key);
  } catch (error) {
    storageFailed(core, `The draft under "${key}" could not be read.`, error);
    return null;
  }
  if (raw === null) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (draft?.version !== DRAFT_VERSION || typeof draft.text !== "string") throw new TypeError("not a saved draft");
    return {
      ...draft,
      records: Array.isArray(draft.records) ? draft.records : [],
      attachments: Array.isArray(draft.attachments) ? draft.attachments : [],
    } as StoredDraft;
  } catch (error) {
    // Storage is shared with the page: what is there is untrusted and may be anything.
    storageFailed(core, `The draft under "${key}" is unreadable and was ignored.`, error);
    return null;
  }
}

/** Replaces the draft with the one saved under `key`; `false` when there is none. */
export function restoreDraft(core: ComposerCore, key: string): boolean {
  const draft = readDraft(core, key);
  if (!draft) return false;
  const records = draft.records.map(ownRecord).filter((record) => record !== null);
  const entries = new Map<string, AttachmentEntry>();
  for (const stored of draft.attachments) {
    if (!stored || typeof stored.contextId !== "string" || typeof stored.localId !== "string") continue;
    if (stored.kind !== "image" && stored.kind !== "file") continue;
    const attachmentId = stored.ready && typeof stored.attachmentId === "string" ? stored.attachmentId : undefined;
    entries.set(stored.contextId, newEntry(stored.contextId, stored.localId, stored.kind, null, attachmentId ? "ready" : "failed", attachmentId));
  }
  replaceDraft(core, draft.text, records, entries);
  if (typeof draft.clientMessageId === "string" && MESSAGE_ID_PATTERN.test(draft.clientMessageId)) adoptMessageId(core, draft.clientMessageId);
  core.loadedKey = key;
  return true;
}

/**
 * `draft-key` changed. The draft so far belongs to the old key, so it is saved there first; then
 * the new key's draft loads (an empty draft if it has none). Setting a first key keeps the draft
 * when nothing is saved under it: it becomes that key's draft.
 */
export function switchDraftKey(core: ComposerCore, previous: string | null, next: string | null): void {
  if (previous) saveDraft(core, previous);
  if (next && !restoreDraft(core, next) && previous) replaceDraft(core, "", []);
  core.loadedKey = next;
}
