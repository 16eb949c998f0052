// The `context` of a message (docs/wire-format.md, "Message context").
import { literal, object, pipe, unknown } from "valibot";
import { boundedArray } from "./bounded-array.js";
import { dropUndecodable, jsonLengthAtMost, uniqueContextIds } from "./forward-compatible.js";
import { RECORDS_JSON_MAX, RECORDS_MAX } from "./limits.js";
import { ComposerContextRecordSchema } from "./record.js";
import type { ComposerContextRecord } from "./types.js";

/**
 * `{version: 1, records}`. The records are checked in the spec's order:
 * 1. the raw array has at most 200 entries, and `JSON.stringify` of it is at most 16,000,000
 *    characters (either failure fails the whole context);
 * 2. each entry is decoded, and entries that fail are silently dropped (forward compatibility:
 *    a newer build's kinds must not break an older reader);
 * 3. the surviving records have unique `contextId`s (a duplicate fails the whole context; a
 *    malformed duplicate was dropped in step 2 and does not count).
 */
export const MessageContextSchema = object({
  version: literal(1),
  records: pipe(
    boundedArray(unknown(), RECORDS_MAX),
    jsonLengthAtMost(RECORDS_JSON_MAX),
    dropUndecodable(ComposerContextRecordSchema),
    uniqueContextIds<ComposerContextRecord>(),
  ),
});
