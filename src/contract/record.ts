// The record union of docs/wire-format.md, "Records": the known kinds first, then the unknown form.
import { lazy } from "valibot";
import {
  ElementContextRecordSchema,
  FileContextRecordSchema,
  ImageContextRecordSchema,
  MentionContextRecordSchema,
  PreviewAnnotationContextRecordSchema,
  ReviewCommentContextRecordSchema,
  SkillContextRecordSchema,
  TerminalContextRecordSchema,
} from "./records.js";
import type { KnownContextKind } from "./types.js";
import { UnknownContextRecordSchema } from "./unknown-record.js";

type KnownRecordSchema =
  | typeof ImageContextRecordSchema
  | typeof FileContextRecordSchema
  | typeof TerminalContextRecordSchema
  | typeof ElementContextRecordSchema
  | typeof PreviewAnnotationContextRecordSchema
  | typeof ReviewCommentContextRecordSchema
  | typeof MentionContextRecordSchema
  | typeof SkillContextRecordSchema;

const KNOWN_RECORD_SCHEMAS: ReadonlyMap<string, KnownRecordSchema> = new Map<KnownContextKind, KnownRecordSchema>([
  ["image", ImageContextRecordSchema],
  ["file", FileContextRecordSchema],
  ["terminal", TerminalContextRecordSchema],
  ["element", ElementContextRecordSchema],
  ["preview-annotation", PreviewAnnotationContextRecordSchema],
  ["review-comment", ReviewCommentContextRecordSchema],
  ["mention", MentionContextRecordSchema],
  ["skill", SkillContextRecordSchema],
]);

/**
 * Picks the one schema that can accept `input`. Trying the union members in order would give the
 * same result, because the members exclude each other: each known schema requires its exact
 * `kind` literal, and the unknown form rejects every known kind (also once trimmed). So a `kind`
 * that is exactly a known literal can only ever pass that kind's schema, and anything else can
 * only pass the unknown form. One map lookup replaces up to nine attempts (valibot's `variant`
 * would still run the eight literal checks, and allocate, for every unknown-kind record).
 */
function schemaForRecord(input: unknown): KnownRecordSchema | typeof UnknownContextRecordSchema {
  if (typeof input === "object" && input !== null) {
    const kind = (input as { kind?: unknown }).kind;
    if (typeof kind === "string") return KNOWN_RECORD_SCHEMAS.get(kind) ?? UnknownContextRecordSchema;
  }
  // Not an object, or no string kind: the unknown form reports what is wrong with it.
  return UnknownContextRecordSchema;
}

/**
 * Any v1 record: one of the eight known kinds, or the unknown-kind form. Dispatches on `kind`.
 * Reading `input.kind` runs a getter or a Proxy trap if the input has one, and those may throw:
 * use `decodeComposerContextRecord` for input that is not plain JSON data.
 */
export const ComposerContextRecordSchema = lazy(schemaForRecord);
