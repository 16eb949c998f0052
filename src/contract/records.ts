// The eight known record kinds of docs/wire-format.md, "Records", one valibot object schema each. `object` keeps only
// the declared keys, so undeclared properties (`sourceRevision`, `extra`, …) are dropped on decode.
import {
  boolean,
  exactOptional,
  literal,
  nullable,
  object,
  picklist,
  pipe,
} from "valibot";
import { boundedArray } from "./bounded-array.js";
import { orderedRange } from "./ordered-range.js";
import {
  ANNOTATION_ELEMENTS_MAX,
  ELEMENT_TEXT_MAX,
  FENCE_LANGUAGE_MAX,
  MIME_TYPE_MAX,
  NAME_MAX,
  REVIEW_DIFF_MAX,
  REVIEW_TEXT_MAX,
  SHORT_MAX,
  STYLE_CHANGES_MAX,
  TERMINAL_TEXT_MAX,
} from "./limits.js";
import {
  bounded,
  ContextIdSchema,
  LabelSchema,
  NonNegativeInt,
  NullableShortString,
  PositiveInt,
  ShortString,
  trimmedNonEmpty,
} from "./values.js";

/** The fields every record has, besides `kind`. */
const base = {
  version: literal(1),
  contextId: ContextIdSchema,
  label: LabelSchema,
} as const;

const Name = trimmedNonEmpty(NAME_MAX);
const Path = trimmedNonEmpty(SHORT_MAX);

/** `image` and `file` share these: the binding to an uploaded attachment. */
const attachmentFields = {
  attachmentId: ContextIdSchema,
  name: Name,
  mimeType: trimmedNonEmpty(MIME_TYPE_MAX),
  sizeBytes: NonNegativeInt,
} as const;

/** An `image` record. */
export const ImageContextRecordSchema = object({ ...base, kind: literal("image"), ...attachmentFields });

/** A `file` record. */
export const FileContextRecordSchema = object({ ...base, kind: literal("file"), ...attachmentFields });

/** Where a component was defined: all four keys present, each may be `null`. */
export const ElementSourceLocationSchema = object({
  functionName: NullableShortString,
  fileName: NullableShortString,
  lineNumber: nullable(NonNegativeInt),
  columnNumber: nullable(NonNegativeInt),
});

/** The element details shared by `element` records and `preview-annotation.elements[]`. */
const elementDetailsFields = {
  pageUrl: ShortString,
  pageTitle: NullableShortString,
  tagName: Name,
  selector: NullableShortString,
  htmlPreview: bounded(ELEMENT_TEXT_MAX),
  componentName: NullableShortString,
  source: nullable(ElementSourceLocationSchema),
  styles: bounded(ELEMENT_TEXT_MAX),
} as const;

/** A picked page element, without the record fields. */
export const ElementDetailsSchema = object(elementDetailsFields);

/** A `terminal` record. Fails unless `lineEnd >= lineStart` (reported at `lineEnd`). */
export const TerminalContextRecordSchema = pipe(
  object({
    ...base,
    kind: literal("terminal"),
    terminalId: Name,
    terminalLabel: Name,
    lineStart: NonNegativeInt,
    lineEnd: NonNegativeInt,
    text: bounded(TERMINAL_TEXT_MAX),
  }),
  orderedRange("lineStart", "lineEnd", "lineEnd must be at least lineStart"),
);

/** An `element` record. */
export const ElementContextRecordSchema = object({ ...base, kind: literal("element"), ...elementDetailsFields });

/** One requested style change of a preview annotation. */
export const StyleChangeDetailSchema = object({
  targetId: ShortString,
  selector: NullableShortString,
  property: ShortString,
  previousValue: bounded(ELEMENT_TEXT_MAX),
  value: bounded(ELEMENT_TEXT_MAX),
});

/** A `preview-annotation` record. */
export const PreviewAnnotationContextRecordSchema = object({
  ...base,
  kind: literal("preview-annotation"),
  annotationId: ShortString,
  pageUrl: ShortString,
  pageTitle: NullableShortString,
  comment: bounded(ELEMENT_TEXT_MAX),
  targetSummary: ShortString,
  styleChanges: boundedArray(ShortString, STYLE_CHANGES_MAX),
  elements: exactOptional(boundedArray(ElementDetailsSchema, ANNOTATION_ELEMENTS_MAX)),
  elementIds: exactOptional(boundedArray(ShortString, ANNOTATION_ELEMENTS_MAX)),
  styleChangeDetails: exactOptional(boundedArray(StyleChangeDetailSchema, STYLE_CHANGES_MAX)),
  screenshotContextId: exactOptional(ContextIdSchema),
  regionCount: exactOptional(NonNegativeInt),
  strokeCount: exactOptional(NonNegativeInt),
});

/** A pull-request snapshot carried by a review comment. There is no `"draft"` state. */
export const PullRequestMetadataSchema = object({
  number: PositiveInt,
  title: ShortString,
  url: ShortString,
  headBranch: ShortString,
  baseBranch: ShortString,
  state: picklist(["open", "closed", "merged"]),
  isDraft: boolean(),
});

/** A `review-comment` record. Fails unless `endIndex >= startIndex` (reported at `endIndex`). */
export const ReviewCommentContextRecordSchema = pipe(
  object({
    ...base,
    kind: literal("review-comment"),
    sectionId: Name,
    sectionTitle: ShortString,
    filePath: Path,
    startIndex: NonNegativeInt,
    endIndex: NonNegativeInt,
    rangeLabel: ShortString,
    text: bounded(REVIEW_TEXT_MAX),
    diff: bounded(REVIEW_DIFF_MAX),
    fenceLanguage: exactOptional(bounded(FENCE_LANGUAGE_MAX)),
    pullRequest: exactOptional(PullRequestMetadataSchema),
  }),
  orderedRange("startIndex", "endIndex", "endIndex must be at least startIndex"),
);

/** A `mention` record (`@path`). */
export const MentionContextRecordSchema = object({ ...base, kind: literal("mention"), path: Path });

/** A `skill` record (`$name`). */
export const SkillContextRecordSchema = object({ ...base, kind: literal("skill"), name: Name });
