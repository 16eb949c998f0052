// Decoders that turn untrusted input into contract values or a list of issues, and never throw.
import { getGlobalConfig, type BaseIssue, type GenericSchema, type InferOutput } from "valibot";
import { MessageContextSchema } from "./message-context.js";
import { ComposerContextRecordSchema } from "./record.js";
import type { ComposerContextRecord, DecodeResult, Issue, MessageContext } from "./types.js";

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
 * Decodes one v1 record (wire.md §a): a known kind, or the unknown-kind form with a `payload`.
 * Trims what the spec trims and drops undeclared properties; the result is a new object of plain
 * data (an unknown record's `payload` is a copy made through its JSON). Never throws: any input,
 * including cyclic objects, Proxies, throwing getters and huge sparse arrays, gives either
 * `{success: true, output}` or `{success: false, issues}` with dotted paths such as `lineEnd`
 * or `pullRequest.number`.
 */
export function decodeComposerContextRecord(input: unknown): DecodeResult<ComposerContextRecord> {
  return decodeWith(ComposerContextRecordSchema, input);
}

/**
 * Decodes the `context` of a message, `{version: 1, records}` (wire.md §a). More than 200 raw
 * records, more than 16,000,000 characters of record JSON, or two surviving records with the same
 * `contextId` fail the whole context; a record that does not decode is silently dropped. The
 * path of a duplicate issue (`records.2.contextId`) indexes the records that survived. Never
 * throws.
 */
export function decodeMessageContext(input: unknown): DecodeResult<MessageContext> {
  return decodeWith(MessageContextSchema, input);
}
