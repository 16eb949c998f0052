// The unknown-kind form (wire.md §a, "Unknown kinds"): how custom kinds and newer kinds that carry
// a `payload` travel through a build that does not know them.
import { check, literal, object, pipe, regex, string, trim, unknown } from "valibot";
import { isKnownContextKind } from "./kinds.js";
import { KIND_PATTERN, UNKNOWN_PAYLOAD_MAX } from "./limits.js";
import { ContextIdSchema, LabelSchema } from "./values.js";

/**
 * Whether `payload` serializes to compact JSON of at most 64,000 characters. `undefined`, a
 * function or a symbol (no JSON at all), a cycle or a BigInt (`JSON.stringify` throws) fail.
 * Escaping counts: 32,000 `"` characters serialize to 64,002.
 */
export function isBoundedJsonPayload(payload: unknown): boolean {
  // A string can be measured without serializing it: its JSON is at least length + 2.
  if (typeof payload === "string" && payload.length > UNKNOWN_PAYLOAD_MAX) return false;
  try {
    const json: string | undefined = JSON.stringify(payload);
    return json !== undefined && json.length <= UNKNOWN_PAYLOAD_MAX;
  } catch {
    return false;
  }
}

/**
 * An open kind: trimmed, `^[a-z][a-z0-9-]{0,39}$`, and not exactly one of the eight known kinds
 * (so a malformed known record fails its own schema instead of sliding through as unknown).
 */
export const OpenKindSchema = pipe(
  string(),
  trim(),
  regex(KIND_PATTERN),
  check((kind) => !isKnownContextKind(kind), "A known kind cannot use the unknown-record form"),
);

/**
 * A record of a kind this build does not know. It keeps exactly `version`, `contextId`, `label`,
 * `kind` and `payload`; `payload` is required (it may be `null`) and is kept by reference.
 */
export const UnknownContextRecordSchema = object({
  version: literal(1),
  contextId: ContextIdSchema,
  label: LabelSchema,
  kind: OpenKindSchema,
  payload: pipe(
    unknown(),
    check(isBoundedJsonPayload, `The payload must serialize to at most ${UNKNOWN_PAYLOAD_MAX} JSON characters`),
  ),
});
