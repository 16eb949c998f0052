// What a message's chips resolve against: its records by id and its attachments by id.
import type { ComposerContextRecord } from "../../contract/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";
import type { TranscriptMessage } from "./types.js";

/** A message's text with the records and attachments its chips resolve against. */
export interface ResolvedMessageContext {
  /** The text to render (a legacy message's upgraded text). */
  text: string;
  recordsById: ReadonlyMap<string, ComposerContextRecord>;
  attachmentsById: ReadonlyMap<string, TranscriptAttachment>;
  /** The usable attachments, in message order. */
  attachments: readonly TranscriptAttachment[];
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

// Records arrive from a host's store: keep the ones whose identity fields can be read, so a
// broken record degrades to an unresolved chip instead of a render error. Deeper fields are
// read by presenters, which every caller guards.
function usableRecord(value: unknown): value is ComposerContextRecord {
  return isObject(value) && value.version === 1 && typeof value.contextId === "string" && typeof value.kind === "string" && typeof value.label === "string";
}

function usableAttachment(value: unknown): value is TranscriptAttachment {
  return isObject(value) && typeof value.id === "string" && typeof value.name === "string" && typeof value.mimeType === "string";
}

/**
 * The structured context of a message, as it is.
 *
 * TODO(projection): becomes `resolveUserMessageContext(message)` for user messages (structured
 * context as it is, legacy text upgraded in memory) once that codec lands on main.
 */
function contextRecords(message: TranscriptMessage): { text: string; records: readonly unknown[] } {
  const records = isObject(message.context) && Array.isArray(message.context.records) ? message.context.records : [];
  return { text: message.text, records };
}

/** Resolves a message's context. Never throws on what the message holds. */
export function resolveMessageContext(message: TranscriptMessage): ResolvedMessageContext {
  const { text, records } = contextRecords(message);
  const recordsById = new Map<string, ComposerContextRecord>();
  for (const record of records) {
    // The first record of an id wins, as the decoder rejects duplicates anyway.
    if (usableRecord(record) && !recordsById.has(record.contextId)) recordsById.set(record.contextId, record);
  }
  const attachments = (Array.isArray(message.attachments) ? message.attachments : []).filter(usableAttachment);
  const attachmentsById = new Map<string, TranscriptAttachment>();
  for (const attachment of attachments) if (!attachmentsById.has(attachment.id)) attachmentsById.set(attachment.id, attachment);
  return { text, recordsById, attachmentsById, attachments };
}
