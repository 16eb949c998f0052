// The unknown-kind form (docs/wire-format.md, "Records", custom kinds): how custom kinds and newer kinds that carry
// a `payload` travel through a build that does not know them.
import {
  _addIssue,
  check,
  literal,
  object,
  pipe,
  regex,
  string,
  trim,
  unknown,
  type BaseIssue,
  type BaseTransformation,
  type OutputDataset,
} from "valibot";
import { boundedJson } from "./json-bound.js";
import { isKnownContextKind } from "./kinds.js";
import { KIND_PATTERN, UNKNOWN_PAYLOAD_MAX } from "./limits.js";
import { ContextIdSchema, LabelSchema } from "./values.js";

/** The issue of a payload with no JSON, or with more than 64,000 characters of it. */
export interface JsonPayloadIssue extends BaseIssue<unknown> {
  readonly kind: "transformation";
  readonly type: "json_payload";
}

/** The transformation `jsonPayload(max)` returns. */
export interface JsonPayloadAction extends BaseTransformation<unknown, unknown, JsonPayloadIssue> {
  readonly type: "json_payload";
  readonly reference: typeof jsonPayload;
  readonly message: string;
}

/**
 * Decodes a payload to the JSON value it serializes to, which must be at most `max` characters
 * of compact JSON. `undefined`, a function or a symbol (no JSON at all), a cycle or a BigInt
 * (`JSON.stringify` throws) fail. Escaping counts: 32,000 `"` characters serialize to 64,002.
 *
 * The output is parsed back from the JSON that was measured, not kept by reference: a payload is
 * data, and a live object (a getter, a Proxy, a `toJSON` that answers differently the next time)
 * could otherwise grow past the bound or throw after it was checked, when the record is
 * projected, stored or cloned. JSON input decodes to an equal value.
 */
export function jsonPayload(max: number): JsonPayloadAction {
  return {
    kind: "transformation",
    type: "json_payload",
    reference: jsonPayload,
    async: false,
    message: `The payload must serialize to at most ${max} JSON characters`,
    "~run"(dataset, config) {
      const json = boundedJson(dataset.value, max);
      if (json === undefined) {
        _addIssue(this, "payload", dataset, config);
        // A failed transformation leaves its output untyped, as valibot's own do.
        const failed = dataset as unknown as OutputDataset<unknown, JsonPayloadIssue>;
        failed.typed = false;
        return failed;
      }
      dataset.value = JSON.parse(json);
      return dataset;
    },
  };
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
 * `kind` and `payload`; `payload` is required (it may be `null`) and decodes to a copy made
 * through its JSON.
 */
export const UnknownContextRecordSchema = object({
  version: literal(1),
  contextId: ContextIdSchema,
  label: LabelSchema,
  kind: OpenKindSchema,
  payload: pipe(unknown(), jsonPayload(UNKNOWN_PAYLOAD_MAX)),
});
