// The v1 record contract written with Effect Schema 4, the library T3 Code's own contract uses
// (wire.md §a, with this build's eight known kinds). It is the benchmark's reference point and the
// oracle of the differential test (test/unit/records.differential.test.ts): it is written the way
// Effect users write a contract, one Struct per kind in a Union, not tuned for speed.
//
// One deliberate difference from T3 Code's source: optional fields use `optionalKey` where T3 Code
// uses `optional`, because this SDK rejects an explicit `undefined` (its types are exact-optional).
// JSON cannot carry `undefined`, so on the wire the two agree.
import { Option, Schema } from "effect";

const KNOWN_KINDS = [
  "image",
  "file",
  "terminal",
  "element",
  "preview-annotation",
  "review-comment",
  "mention",
  "skill",
] as const;

const TrimmedNonEmpty = Schema.Trim.check(Schema.isNonEmpty());
const trimmedNonEmpty = (max: number) => TrimmedNonEmpty.check(Schema.isMaxLength(max));
const bounded = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Short = bounded(2048);
const NullableShort = Schema.NullOr(Short);
const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));
const PositiveInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1));
const ContextId = trimmedNonEmpty(128).check(Schema.isPattern(/^[a-z0-9_-]+$/i));
const Label = bounded(200);

const base = { version: Schema.Literal(1), contextId: ContextId, label: Label } as const;

const attachment = {
  attachmentId: ContextId,
  name: trimmedNonEmpty(255),
  mimeType: trimmedNonEmpty(100),
  sizeBytes: NonNegativeInt,
} as const;

const Source = Schema.Struct({
  functionName: NullableShort,
  fileName: NullableShort,
  lineNumber: Schema.NullOr(NonNegativeInt),
  columnNumber: Schema.NullOr(NonNegativeInt),
});

const ElementDetails = Schema.Struct({
  pageUrl: Short,
  pageTitle: NullableShort,
  tagName: trimmedNonEmpty(255),
  selector: NullableShort,
  htmlPreview: bounded(8000),
  componentName: NullableShort,
  source: Schema.NullOr(Source),
  styles: bounded(8000),
});

const Image = Schema.Struct({ ...base, kind: Schema.Literal("image"), ...attachment });
const File = Schema.Struct({ ...base, kind: Schema.Literal("file"), ...attachment });

const Terminal = Schema.Struct({
  ...base,
  kind: Schema.Literal("terminal"),
  terminalId: trimmedNonEmpty(255),
  terminalLabel: trimmedNonEmpty(255),
  lineStart: NonNegativeInt,
  lineEnd: NonNegativeInt,
  text: bounded(64_000),
}).check(Schema.makeFilter((record) => record.lineEnd >= record.lineStart));

const Element = Schema.Struct({ ...base, kind: Schema.Literal("element"), ...ElementDetails.fields });

const PreviewAnnotation = Schema.Struct({
  ...base,
  kind: Schema.Literal("preview-annotation"),
  annotationId: Short,
  pageUrl: Short,
  pageTitle: NullableShort,
  comment: bounded(8000),
  targetSummary: Short,
  styleChanges: Schema.Array(Short).check(Schema.isMaxLength(200)),
  elements: Schema.optionalKey(Schema.Array(ElementDetails).check(Schema.isMaxLength(50))),
  elementIds: Schema.optionalKey(Schema.Array(Short).check(Schema.isMaxLength(50))),
  regionCount: Schema.optionalKey(NonNegativeInt),
  strokeCount: Schema.optionalKey(NonNegativeInt),
  styleChangeDetails: Schema.optionalKey(
    Schema.Array(
      Schema.Struct({
        targetId: Short,
        selector: NullableShort,
        property: Short,
        previousValue: bounded(8000),
        value: bounded(8000),
      }),
    ).check(Schema.isMaxLength(200)),
  ),
  screenshotContextId: Schema.optionalKey(ContextId),
});

const PullRequest = Schema.Struct({
  number: PositiveInt,
  title: Short,
  url: Short,
  headBranch: Short,
  baseBranch: Short,
  state: Schema.Literals(["open", "closed", "merged"]),
  isDraft: Schema.Boolean,
});

const ReviewComment = Schema.Struct({
  ...base,
  kind: Schema.Literal("review-comment"),
  sectionId: trimmedNonEmpty(255),
  sectionTitle: Short,
  filePath: trimmedNonEmpty(2048),
  startIndex: NonNegativeInt,
  endIndex: NonNegativeInt,
  rangeLabel: Short,
  text: bounded(16_000),
  diff: bounded(32_000),
  fenceLanguage: Schema.optionalKey(bounded(64)),
  pullRequest: Schema.optionalKey(PullRequest),
}).check(Schema.makeFilter((record) => record.endIndex >= record.startIndex));

const Mention = Schema.Struct({ ...base, kind: Schema.Literal("mention"), path: trimmedNonEmpty(2048) });
const Skill = Schema.Struct({ ...base, kind: Schema.Literal("skill"), name: trimmedNonEmpty(255) });

const NOT_KNOWN = new RegExp(`^(?!(?:${KNOWN_KINDS.join("|")})$)`);

const Unknown = Schema.Struct({
  ...base,
  kind: TrimmedNonEmpty.check(Schema.isPattern(/^[a-z][a-z0-9-]{0,39}$/), Schema.isPattern(NOT_KNOWN)),
  payload: Schema.Unknown.check(
    Schema.makeFilter((payload) => {
      try {
        const json = JSON.stringify(payload);
        return json !== undefined && json.length <= 64_000;
      } catch {
        return false;
      }
    }),
  ),
});

/** The record union, known kinds first. */
export const EffectRecord = Schema.Union([
  Image,
  File,
  Terminal,
  Element,
  PreviewAnnotation,
  ReviewComment,
  Mention,
  Skill,
  Unknown,
]);

const decodeRecordOption = Schema.decodeUnknownOption(EffectRecord);

/** Decodes one record with Effect Schema; `undefined` when it fails. */
export function decodeRecordWithEffect(input: unknown): unknown {
  return Option.getOrUndefined(decodeRecordOption(input));
}

/** The message context's raw shape: version, and the two checks on the raw array. */
const RawMessageContext = Schema.Struct({
  version: Schema.Literal(1),
  records: Schema.Array(Schema.Unknown).check(
    Schema.isMaxLength(200),
    Schema.makeFilter((records) => {
      try {
        return JSON.stringify(records).length <= 16_000_000;
      } catch {
        return false;
      }
    }),
  ),
});

const decodeMessageContextOption = Schema.decodeUnknownOption(RawMessageContext);

/**
 * Decodes a message context the way the reference does: raw checks, then each record decoded
 * and failures dropped, then unique ids. `undefined` when it fails.
 */
export function decodeMessageContextWithEffect(input: unknown): unknown {
  const raw = Option.getOrUndefined(decodeMessageContextOption(input));
  if (raw === undefined) return undefined;
  const records: { contextId: string }[] = [];
  for (const entry of raw.records) {
    const decoded = decodeRecordOption(entry);
    if (Option.isSome(decoded)) records.push(decoded.value);
  }
  if (new Set(records.map((record) => record.contextId)).size !== records.length) return undefined;
  return { version: 1, records };
}
