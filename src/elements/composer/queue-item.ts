// One queued follow-up (docs/composer.md, "Queued follow-ups"): a draft taken out of the editor
// when Enter was pressed while the host was busy, waiting its turn to be sent. It keeps what the
// message needs (its `clientMessageId`, minted when it was queued, the text and records) and what
// taking it back needs (shelf images, the attachment entries with their bytes and uploads). Its
// images and files bind to the host's ids at its send, since their uploads may still be running
// when it is queued. Saved, it is a saved draft (draft-storage.ts): host ids, never bytes.
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import { collectComposerContextReferences } from "../../codec/references.js";
import type { ComposerContextRecord, FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import type { ComposerError } from "../../transport/errors.js";
import type { OutgoingMessage } from "../../transport/types.js";
import type { AttachmentEntry } from "./attachment-entry.js";
import type { DraftModel } from "./draft.js";
import { liveAttachments } from "./draft-state.js";
import { parseDraft, serializeDraft } from "./draft-storage.js";
import { outgoingMessage, type MessageParts } from "./message.js";
import { shelfImages } from "./value.js";
import type { ComposerValue } from "./types.js";

/** What queue-item.ts uses of its composer (wiring.ts). */
export interface QueueItemParts extends MessageParts {
  readonly model: DraftModel;
}

/** The longest queue kept, and read back from storage (which is untrusted and could hold any number). */
export const QUEUE_MAX = 100;

export interface QueuedMessage {
  readonly clientMessageId: string;
  readonly text: string;
  /** The records the text references, in first-reference order. */
  readonly records: readonly ComposerContextRecord[];
  /** Images on the shelf that no chip references: they go with the message and back with a take-back. */
  readonly shelf: readonly ComposerContextRecord[];
  /** The attachment entry of each image and file record, by context id. */
  readonly entries: ReadonlyMap<string, AttachmentEntry>;
  /** Whether its send runs. */
  sending: boolean;
  /** Why its last send failed; it waits at the head for a retry. */
  error: ComposerError | null;
}

/** A queued follow-up as `composer.queue` and `t3-queue-change` give it. */
export interface ComposerQueuedMessage {
  clientMessageId: string;
  /** What the message would carry now: canonical text, and `context` when it references records. */
  value: ComposerValue;
  /** `queued` while it waits, `sending` while its send runs, `failed` once a send failed (it waits for a retry). */
  status: "queued" | "sending" | "failed";
  /** The failure's code and message, when `status` is `failed`. */
  error?: { code: string; message: string };
}

type AttachmentRecord = ImageContextRecord | FileContextRecord;

const isAttachmentRecord = (record: ComposerContextRecord): record is AttachmentRecord => record.kind === "image" || record.kind === "file";

function newItem(clientMessageId: string, text: string, records: readonly ComposerContextRecord[], shelf: readonly ComposerContextRecord[], entries: ReadonlyMap<string, AttachmentEntry>): QueuedMessage {
  return { clientMessageId, text, records, shelf, entries, sending: false, error: null };
}

/** The draft as a queued message under `clientMessageId`, or `null` when there is nothing to send. */
export function queuedFromDraft(composer: QueueItemParts, clientMessageId: string): QueuedMessage | null {
  // The message's own rules (expired terminal excerpts dropped) apply at queue time: what is queued is what goes.
  const message = outgoingMessage(composer, clientMessageId);
  if (!message) return null;
  const draft = composer.model.draft;
  const entries = new Map(liveAttachments(draft).map((entry) => [entry.contextId, entry]));
  return newItem(clientMessageId, message.text, message.context?.records ?? [], shelfImages(draft), entries);
}

/** Every record of the item: the referenced ones, then the shelf. */
export function recordsOf(item: QueuedMessage): ComposerContextRecord[] {
  return [...item.records, ...item.shelf];
}

/** A record bound to its entry's host id, once its upload finished. */
function bound(record: ComposerContextRecord, entries: ReadonlyMap<string, AttachmentEntry>): ComposerContextRecord {
  const attachmentId = entries.get(record.contextId)?.attachmentId;
  if (!isAttachmentRecord(record) || attachmentId === undefined || record.attachmentId === attachmentId) return record;
  return Object.freeze({ ...record, attachmentId });
}

/** The item with its images and files bound to the host's ids: for a take-back and for saving. */
export function boundRecords(item: QueuedMessage): ComposerContextRecord[] {
  return recordsOf(item).map((record) => bound(record, item.entries));
}

/** The message of an item whose uploads are done, as `send()` would have built it from the draft. */
export function messageOf(item: QueuedMessage): OutgoingMessage {
  // Every image and file, as `draftAttachments` lists them: one the host inserted has no entry.
  const attachments = boundRecords(item)
    .filter(isAttachmentRecord)
    .map((record) => ({ localId: item.entries.get(record.contextId)?.localId ?? producerIdFromComposerContextId(record.kind, record.contextId), attachmentId: record.attachmentId }));
  const message: OutgoingMessage = { clientMessageId: item.clientMessageId, text: item.text, attachments };
  if (item.records.length > 0) message.context = { version: 1, records: item.records.map((record) => bound(record, item.entries)) };
  return message;
}

/** What the upload controller keeps running for the item: each entry with its record. */
export function heldOf(item: QueuedMessage): { entry: AttachmentEntry; record: AttachmentRecord }[] {
  return recordsOf(item).flatMap((record) => {
    const entry = item.entries.get(record.contextId);
    return entry && isAttachmentRecord(record) ? [{ entry, record }] : [];
  });
}

export function publicOf(item: QueuedMessage): ComposerQueuedMessage {
  const records = boundRecords(item).slice(0, item.records.length);
  const value: ComposerValue = records.length > 0 ? { text: item.text, context: { version: 1, records } } : { text: item.text };
  const status = item.sending ? "sending" : item.error ? "failed" : "queued";
  const queued: ComposerQueuedMessage = { clientMessageId: item.clientMessageId, value, status };
  if (item.error && !item.sending) queued.error = { code: item.error.code, message: item.error.message };
  return queued;
}

/** The saved form of an item: a saved draft (draft-storage.ts) whose `clientMessageId` is the item's. */
export function storedItem(item: QueuedMessage): unknown {
  const json = serializeDraft(item.text, boundRecords(item), [...item.entries.values()], item.clientMessageId);
  return json === null ? null : (JSON.parse(json) as unknown);
}

/**
 * An item read back from storage, or `null` when it is not one (untrusted: never throws). Its
 * images and files come back bound to their host ids, or failed when their upload had not
 * finished (there are no bytes to upload again: taking the message back lets them be attached
 * again). A saved id that is not the composer's is replaced by `mint()`.
 */
export function parseStoredItem(stored: unknown, mint: () => string): QueuedMessage | null {
  let saved: ReturnType<typeof parseDraft>;
  try {
    saved = parseDraft(JSON.stringify(stored));
  } catch {
    return null;
  }
  const byId = new Map(saved.records.map((record) => [record.contextId, record]));
  const referenced = new Map<string, ComposerContextRecord>();
  for (const { contextId } of collectComposerContextReferences(saved.text)) {
    const record = byId.get(contextId);
    if (record) referenced.set(contextId, record);
  }
  const shelf = saved.records.filter((record) => record.kind === "image" && !referenced.has(record.contextId));
  const records = [...referenced.values()];
  const entries = new Map([...records, ...shelf].flatMap((record) => {
    const entry = saved.entries.get(record.contextId);
    return entry ? [[record.contextId, entry] as const] : [];
  }));
  if (saved.text.trim() === "" && records.length === 0 && entries.size === 0) return null;
  return newItem(saved.clientMessageId ?? mint(), saved.text, records, shelf, entries);
}
