// The saved form of a draft under `draft-key` (docs/composer.md, "Drafts"): its text, records
// and which uploads finished. Bytes are not saved (they do not fit), so an upload that had not
// finished comes back failed, to be attached again or removed: visible, never silently lost. A
// draft whose send went out unanswered keeps that send's `clientMessageId`, so that sending it
// again after a reload is stored once. What is in storage is untrusted: the page shares it.
import type { ComposerContextRecord } from "../../contract/types.js";
import type { PastedRange } from "../../editor/text.js";
import { newEntry, type AttachmentEntry, type AttachmentKind } from "./attachment-entry.js";
import { decodedRecord } from "./record-check.js";
import { MESSAGE_ID_PATTERN } from "./send.js";

/**
 * Whether something is saved under `prefix` + `key` beside the draft (a queue, an edit mode), so
 * that the code which reads it back is worth loading; whether it reads back is that code's to say.
 * `false` without a key, or where storage is denied. Never throws.
 */
export function isStored(prefix: string, key: string | null): key is string {
  try {
    return key !== null && localStorage.getItem(prefix + key) !== null;
  } catch {
    return false;
  }
}

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
  /** Where pasted blocks lie in `text`, `[start, end]` each, in order (docs/composer.md, "Large pastes"). */
  pasted?: [number, number][];
  savedAt: string;
}

/** A draft as it comes back from storage: decoded, ready to replace the composer's. */
export interface RestoredDraft {
  text: string;
  records: ComposerContextRecord[];
  entries: Map<string, AttachmentEntry>;
  clientMessageId: string | null;
  /** Where pasted blocks lie in `text`: checked to be in order, apart and inside it (else none). */
  pasted: PastedRange[];
}

/** The JSON saved for a draft, or `null` for an empty one (its entry is removed). */
export function serializeDraft(
  text: string,
  records: readonly ComposerContextRecord[],
  attachments: readonly AttachmentEntry[],
  clientMessageId: string | null,
  pasted: readonly PastedRange[] = [],
): string | null {
  if (text === "" && records.length === 0) return null;
  const stored = attachments.map((entry) => {
    const saved: StoredAttachment = { contextId: entry.contextId, localId: entry.localId, kind: entry.kind, ready: entry.status === "ready" };
    if (entry.status === "ready" && entry.attachmentId) saved.attachmentId = entry.attachmentId;
    return saved;
  });
  const draft: StoredDraft = { version: DRAFT_VERSION, text, records: [...records], attachments: stored, savedAt: new Date().toISOString() };
  if (clientMessageId) draft.clientMessageId = clientMessageId;
  if (pasted.length > 0) draft.pasted = pasted.map(({ start, end }) => [start, end]);
  return JSON.stringify(draft);
}

/** Reads a saved draft; throws a TypeError (to be reported, never to escape) when it is not one. */
export function parseDraft(raw: string): RestoredDraft {
  const draft = JSON.parse(raw) as Partial<StoredDraft> | null;
  if (draft?.version !== DRAFT_VERSION || typeof draft.text !== "string") throw new TypeError("not a saved draft");
  const records = (Array.isArray(draft.records) ? draft.records : []).map(decodedRecord).filter((record) => record !== null);
  const entries = new Map<string, AttachmentEntry>();
  for (const stored of Array.isArray(draft.attachments) ? (draft.attachments as unknown[]) : []) {
    const { contextId, localId, kind, ready, attachmentId } = (stored ?? {}) as Partial<StoredAttachment>;
    if (typeof contextId !== "string" || typeof localId !== "string") continue;
    if (kind !== "image" && kind !== "file") continue;
    const id = ready && typeof attachmentId === "string" ? attachmentId : undefined;
    entries.set(contextId, newEntry(contextId, localId, kind, null, id ? "ready" : "failed", id));
  }
  const clientMessageId = typeof draft.clientMessageId === "string" && MESSAGE_ID_PATTERN.test(draft.clientMessageId) ? draft.clientMessageId : null;
  return { text: draft.text, records, entries, clientMessageId, pasted: savedRanges(draft.pasted, draft.text.length) };
}

/** Saved block ranges, if they are whole numbers, in order, apart and within `length`; else none (the text stays as it is). */
function savedRanges(saved: unknown, length: number): PastedRange[] {
  if (!Array.isArray(saved)) return [];
  const ranges: PastedRange[] = [];
  let after = 0;
  for (const range of saved as unknown[]) {
    const [start, end] = Array.isArray(range) ? (range as unknown[]) : [];
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < after || (end as number) <= (start as number) || (end as number) > length) return [];
    ranges.push({ start: start as number, end: (after = end as number) });
  }
  return ranges;
}
