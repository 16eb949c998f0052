// What a message's chips resolve against: its records by id and its attachments by id.
import { decodeComposerContextRecord, decodeMessageContext } from "../../contract/decode.js";
import { RECORDS_MAX } from "../../contract/limits.js";
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

// Decoding is pure and a context object is not changed once sent: decode each one once.
const decoded = new WeakMap<object, readonly ComposerContextRecord[]>();

/**
 * The records of a message's context that decode (wire.md §a). A context that fails as a whole
 * (too many records, duplicate ids) is not thrown away: its records are decoded one by one and
 * the first of each id is kept, so a reader still sees every chip that can be drawn.
 */
function decodeRecords(context: unknown): readonly ComposerContextRecord[] {
  if (!isObject(context)) return [];
  const cached = decoded.get(context);
  if (cached) return cached;
  let records: ComposerContextRecord[];
  const whole = decodeMessageContext(context);
  if (whole.success) {
    records = whole.output.records;
  } else {
    const raw = Array.isArray(context.records) ? context.records.slice(0, RECORDS_MAX) : [];
    records = [];
    for (const item of raw) {
      const one = decodeComposerContextRecord(item);
      if (one.success) records.push(one.output);
    }
  }
  decoded.set(context, records);
  return records;
}

function usableAttachment(value: unknown): value is TranscriptAttachment {
  return isObject(value) && typeof value.id === "string" && typeof value.name === "string" && typeof value.mimeType === "string";
}

/**
 * The text and records of a message.
 *
 * TODO(projection): becomes `resolveUserMessageContext(message)` for user messages (structured
 * context as it is, legacy text upgraded in memory) once that codec lands on main.
 */
function contextRecords(message: TranscriptMessage): { text: string; records: readonly ComposerContextRecord[] } {
  return { text: message.text, records: decodeRecords(message.context) };
}

/** Resolves a message's context. Never throws on what the message holds. */
export function resolveMessageContext(message: TranscriptMessage): ResolvedMessageContext {
  const { text, records } = contextRecords(message);
  const recordsById = new Map<string, ComposerContextRecord>();
  for (const record of records) if (!recordsById.has(record.contextId)) recordsById.set(record.contextId, record);
  const attachments = (Array.isArray(message.attachments) ? message.attachments : []).filter(usableAttachment);
  const attachmentsById = new Map<string, TranscriptAttachment>();
  for (const attachment of attachments) if (!attachmentsById.has(attachment.id)) attachmentsById.set(attachment.id, attachment);
  return { text, recordsById, attachmentsById, attachments };
}
