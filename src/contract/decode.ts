// Decoders that turn untrusted input into contract values or a list of issues, and never throw.
import { getGlobalConfig, type BaseIssue, type GenericSchema, type InferOutput } from "valibot";
import { MessageContextSchema } from "./message-context.js";
import { OutgoingMessageSchema, SentMessageSchema, type OutgoingMessage, type SentMessage } from "./messages.js";
import { ComposerContextRecordSchema } from "./record.js";
import type { ComposerContextRecord, DecodeResult, Issue, MessageContext } from "./types.js";

declare const decodedBrand: unique symbol;

/**
 * A value that a contract decoder produced: a trust boundary has checked it, so code behind the
 * boundary takes it as it is and never decodes it again. The brand exists only for the type
 * checker; `isDecoded` tells at run time. A decoded value is not to be changed afterwards (the
 * readers that trust it cache what they derive from it).
 */
export type Decoded<T> = T & { readonly [decodedBrand]: true };

// The mark the decoders below put on what they return: a private field, stamped on the decoder's
// new object through a base constructor that returns it. Nothing outside this module can read,
// copy or forge it: JSON, structured clones, spreads, comparisons and Proxies do not see it. A
// WeakSet of every decoded record cost more than the decoding itself (docs/performance.md,
// "Decode").
class Stamp {
  constructor(value: object) {
    return value;
  }
}

class DecodedMark extends Stamp {
  readonly #decoded = true;

  static has(value: object): boolean {
    return #decoded in value;
  }
}

/** Marks a value a decoder has just built (always a new object, so never marked yet). */
function mark(value: object): void {
  new DecodedMark(value);
}

/** Whether `value` is an object that a decoder of this module returned (and so needs no decoding). */
export function isDecoded<T extends object>(value: T): value is Decoded<T> {
  return typeof value === "object" && value !== null && DecodedMark.has(value);
}

function markContext(context: MessageContext): void {
  mark(context);
  for (const record of context.records) mark(record);
}

function marked<T extends object>(result: DecodeResult<T>, stamp: (value: T) => void): DecodeResult<Decoded<T>> {
  if (result.success) stamp(result.output);
  return result as DecodeResult<Decoded<T>>;
}

/**
 * Marks a message that a schema embedding `SentMessageSchema` (a live frame) has just decoded.
 * @internal
 */
export function markDecodedMessage(message: OutgoingMessage | SentMessage): void {
  mark(message);
  if (message.context) markContext(message.context);
}

/**
 * Issue messages quote the value they received; a 10 MB string would be quoted whole. Messages
 * are for people, so they are cut here.
 */
const MESSAGE_MAX = 300;

/** What a decoder says when reading the input itself threw (a getter or a Proxy trap). */
const UNREADABLE_MESSAGE = "The input could not be read: a getter or Proxy trap threw while decoding it";

/** A valibot issue as a dotted path (`records.3.lineEnd`, `""` for the root) and a message. */
function toIssue(issue: BaseIssue<unknown>): Issue {
  let path = "";
  if (issue.path) {
    for (const item of issue.path) path += (path === "" ? "" : ".") + String(item.key);
  }
  const message = String(issue.message);
  return { path, message: message.length > MESSAGE_MAX ? message.slice(0, MESSAGE_MAX) + "…" : message };
}

/**
 * Runs `schema` on `input` and reports the outcome as data. Anything the input throws while it
 * is read (getters, Proxy traps, `toJSON`) becomes a failure with one root issue.
 * @internal
 */
export function decodeWith<TSchema extends GenericSchema>(
  schema: TSchema,
  input: unknown,
): DecodeResult<InferOutput<TSchema>> {
  try {
    // What `safeParse` does, without the intermediate result object: decoding is a hot path.
    const dataset = schema["~run"]({ value: input }, getGlobalConfig());
    if (!dataset.issues) return { success: true, output: dataset.value as InferOutput<TSchema> };
    return { success: false, issues: dataset.issues.map(toIssue) };
  } catch {
    return { success: false, issues: [{ path: "", message: UNREADABLE_MESSAGE }] };
  }
}

/**
 * Decodes one v1 record (docs/wire-format.md, "Records"): a known kind, or the unknown-kind form with a `payload`.
 * Trims what the spec trims and drops undeclared properties; the result is a new object of plain
 * data (an unknown record's `payload` is a copy made through its JSON). Never throws: any input,
 * including cyclic objects, Proxies, throwing getters and huge sparse arrays, gives either
 * `{success: true, output}` or `{success: false, issues}` with dotted paths such as `lineEnd`
 * or `pullRequest.number`.
 */
export function decodeComposerContextRecord(input: unknown): DecodeResult<Decoded<ComposerContextRecord>> {
  return marked(decodeWith(ComposerContextRecordSchema, input), mark);
}

/**
 * Decodes the `context` of a message, `{version: 1, records}` (docs/wire-format.md, "Message
 * context"). More than 200 raw
 * records, more than 16,000,000 characters of record JSON, or two surviving records with the same
 * `contextId` fail the whole context; a record that does not decode is silently dropped. The
 * path of a duplicate issue (`records.2.contextId`) indexes the records that survived. Never
 * throws.
 */
export function decodeMessageContext(input: unknown): DecodeResult<Decoded<MessageContext>> {
  return marked(decodeWith(MessageContextSchema, input), markContext);
}

/**
 * Decodes a posted message (`OutgoingMessageSchema`): what a host runs on every send it
 * receives. Issue paths name the field (`clientMessageId`, `context.records.2.contextId`,
 * `attachments.0.attachmentId`). Never throws.
 */
export function decodeOutgoingMessage(input: unknown): DecodeResult<Decoded<OutgoingMessage>> {
  return marked(decodeWith(OutgoingMessageSchema, input), markDecodedMessage);
}

/**
 * Decodes a host's stored copy of a message (`SentMessageSchema`): what a transport runs on the
 * host's answers. Never throws.
 */
export function decodeSentMessage(input: unknown): DecodeResult<Decoded<SentMessage>> {
  return marked(decodeWith(SentMessageSchema, input), markDecodedMessage);
}
