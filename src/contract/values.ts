// The shared value types of docs/wire-format.md, "Records", built once and reused by every record schema: a schema
// object is data, so sharing one costs nothing per decode.
import {
  maxLength,
  minValue,
  nonEmpty,
  nullable,
  number,
  pipe,
  regex,
  safeInteger,
  string,
  trim,
} from "valibot";
import { CONTEXT_ID_MAX, CONTEXT_ID_PATTERN, LABEL_MAX, SHORT_MAX } from "./limits.js";

/**
 * A *trimmed non-empty string*: whitespace is trimmed on decode, then the result must be
 * non-empty and at most `max` characters long.
 */
export function trimmedNonEmpty<const TMax extends number>(max: TMax) {
  return pipe(string(), trim(), nonEmpty(), maxLength(max));
}

/** A *bounded string*: not trimmed, may be empty, at most `max` characters. */
export function bounded<const TMax extends number>(max: TMax) {
  return pipe(string(), maxLength(max));
}

/** A *short string*: a bounded string of at most 2,048 characters. */
export const ShortString = bounded(SHORT_MAX);
/** A short string or `null`; the key must still be present. */
export const NullableShortString = nullable(ShortString);

/** A label: not trimmed, may be empty, at most 200 characters. Display text only. */
export const LabelSchema = bounded(LABEL_MAX);

/**
 * A context id (also the attachment id grammar): trimmed, non-empty, at most 128 characters,
 * `[a-z0-9_-]+` in any case. The length is checked before the pattern so a huge string is
 * rejected without scanning it twice.
 */
export const ContextIdSchema = pipe(
  string(),
  trim(),
  nonEmpty(),
  maxLength(CONTEXT_ID_MAX),
  regex(CONTEXT_ID_PATTERN),
);

/** A safe integer ≥ 0. `1.5`, `-1`, `NaN` and `2 ** 60` fail. */
export const NonNegativeInt = pipe(number(), safeInteger(), minValue(0));
/** A safe integer ≥ 1. */
export const PositiveInt = pipe(number(), safeInteger(), minValue(1));
