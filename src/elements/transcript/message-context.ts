// What a message's chips resolve against: its records by id and its attachments by id.
import { needsLegacyUpgrade } from "../../codec/legacy/markers.js";
import { decodeComposerContextRecord, decodeMessageContext, isDecoded } from "../../contract/decode.js";
import { RECORDS_MAX } from "../../contract/limits.js";
import type { TranscriptAttachment } from "../../contract/messages.js";
import type { ComposerContextRecord, MessageContext } from "../../contract/types.js";
import { legacyReader } from "./load-legacy.js";
import type { TranscriptMessage } from "./types.js";

/** A message's text with the records and attachments its chips resolve against. */
export interface ResolvedMessageContext {
  /** The text to render (a legacy message's upgraded text). */
  text: string;
  recordsById: ReadonlyMap<string, ComposerContextRecord>;
  attachmentsById: ReadonlyMap<string, TranscriptAttachment>;
  /** The usable attachments, in message order. */
  attachments: readonly TranscriptAttachment[];
  /**
   * What could not be shown, the first time this context object is read (the transcript reports
   * each in `t3-error` once, not at every redraw): a context that failed as a whole, records that
   * did not decode.
   */
  problems: readonly ContextProblem[];
  /**
   * The message may be legacy text and the legacy reader is not in yet (load-legacy.ts): `text`
   * is the message's text as it was sent, with no records, until it is.
   */
  awaitsReader: boolean;
}

/** One `t3-error` a message's context gives. */
export interface ContextProblem {
  code: "invalid-context" | "invalid-record" | "render-failed";
  message: string;
  cause?: unknown;
}

const issuesText = (issues: readonly { path: string; message: string }[]) =>
  issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ");

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

// Decoding is pure and a context object is not changed once sent: decode each one once.
const decoded = new WeakMap<object, readonly ComposerContextRecord[]>();

/**
 * The records of a message's context that decode (docs/wire-format.md, "Message context"). A
 * context that a decoder returned (a transport's `SentMessage`) is taken as it is. A context that
 * fails as a whole (too many records, duplicate ids) is not thrown away: its records are decoded
 * one by one and the first of each id is kept, so a reader still sees every chip that can be
 * drawn.
 */
function decodeRecords(context: unknown, problems: ContextProblem[]): readonly ComposerContextRecord[] {
  if (!isObject(context)) return [];
  if (isDecoded(context)) return (context as unknown as MessageContext).records;
  const cached = decoded.get(context);
  if (cached) return cached;
  const whole = decodeMessageContext(context);
  const raw = Array.isArray(context.records) ? context.records.slice(0, RECORDS_MAX) : [];
  if (whole.success) {
    // The decoder dropped what it could not read; only then is each record read again, to say why.
    if (raw.length !== whole.output.records.length) reportUndecodable(raw, problems);
    decoded.set(context, whole.output.records);
    return whole.output.records;
  }
  problems.push({ code: "invalid-context", message: `The context fails as a whole (${issuesText(whole.issues)}); its records are read one by one` });
  const records: ComposerContextRecord[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    const one = decodeComposerContextRecord(item);
    if (!one.success || seen.has(one.output.contextId)) continue;
    seen.add(one.output.contextId);
    records.push(one.output);
  }
  reportUndecodable(raw, problems);
  decoded.set(context, records);
  return records;
}

/** An `invalid-record` problem for each entry of `raw` that is not a v1 record. */
function reportUndecodable(raw: readonly unknown[], problems: ContextProblem[]): void {
  raw.forEach((item, index) => {
    const one = decodeComposerContextRecord(item);
    if (!one.success) problems.push({ code: "invalid-record", message: `Record ${index} is not a v1 record and is not shown: ${issuesText(one.issues)}` });
  });
}

function usableAttachment(value: unknown): value is TranscriptAttachment {
  return isObject(value) && typeof value.id === "string" && typeof value.name === "string" && typeof value.mimeType === "string";
}

/**
 * The text and records of a message. A user message goes through `resolveUserMessageContext`:
 * its structured context as it is (decoded), or, without one, its legacy text upgraded in memory
 * (trailing `<terminal_context>` blocks and the like become links and records) once the legacy
 * reader is in; text without a legacy marker is taken as it is without it. Assistant and system
 * messages are never upgraded: their text is the model's, not a legacy composer's.
 */
function contextRecords(
  message: TranscriptMessage,
  problems: ContextProblem[],
): { text: string; records: ReadonlyMap<string, ComposerContextRecord>; awaitsReader: boolean } {
  const context = isObject(message.context) ? { version: 1 as const, records: [...decodeRecords(message.context, problems)] } : undefined;
  const legacy = message.role === "user" && needsLegacyUpgrade({ text: message.text, context });
  const reader = legacyReader.loaded;
  if (legacy && reader) {
    try {
      const resolved = reader.resolveUserMessageContext({ text: message.text, context });
      return { text: resolved.text, records: resolved.recordsById, awaitsReader: false };
    } catch (error) {
      // The upgrade never throws on text; should it, the message still shows as it was sent.
      problems.push({ code: "render-failed", message: "Reading its legacy context failed; it shows as it was sent", cause: error });
    }
  }
  const records = new Map(context?.records.map((record) => [record.contextId, record]));
  return { text: message.text, records, awaitsReader: legacy && !reader };
}

/** Resolves a message's context. Never throws on what the message holds. */
export function resolveMessageContext(message: TranscriptMessage): ResolvedMessageContext {
  const problems: ContextProblem[] = [];
  const { text, records: recordsById, awaitsReader } = contextRecords(message, problems);
  const attachments = (Array.isArray(message.attachments) ? message.attachments : []).filter(usableAttachment);
  const attachmentsById = new Map<string, TranscriptAttachment>();
  for (const attachment of attachments) if (!attachmentsById.has(attachment.id)) attachmentsById.set(attachment.id, attachment);
  return { text, recordsById, attachmentsById, attachments, problems, awaitsReader };
}
