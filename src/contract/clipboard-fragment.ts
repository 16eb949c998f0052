// The clipboard fragment (docs/wire-format.md, "Clipboard fragment"): the records that travel with copied text.
import { exactOptional, literal, object, pipe, string, trim, nonEmpty, unknown } from "valibot";
import { boundedArray } from "./bounded-array.js";
import { dropUndecodable } from "./forward-compatible.js";
import { RECORDS_MAX } from "./limits.js";
import { ComposerContextRecordSchema } from "./record.js";

/** A source id: a trimmed non-empty string, with no length limit. */
const SourceId = pipe(string(), trim(), nonEmpty());

/** Where a fragment was copied from. */
export const ClipboardFragmentSourceSchema = object({
  environmentId: SourceId,
  threadId: exactOptional(SourceId),
  messageId: exactOptional(SourceId),
});

/**
 * `{version: 1, source, records}`. The raw `records` array may have at most 200 entries; entries
 * that do not decode are dropped. Unlike a message context, a fragment has no duplicate-id check
 * and no aggregate size check: only the whole encoded string is limited (by the codec).
 */
export const ClipboardFragmentSchema = object({
  version: literal(1),
  source: ClipboardFragmentSourceSchema,
  records: pipe(boundedArray(unknown(), RECORDS_MAX), dropUndecodable(ComposerContextRecordSchema)),
});
