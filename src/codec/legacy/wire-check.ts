// STAND-IN until `decodeComposerContextRecord` (src/contract/decode.ts) lands on main: checks a
// record the legacy upgrade built against the v1 contract (wire.md §a), the way the reference
// does it with `Schema.is`: values are checked as they are, so a "trimmed" string must already
// be trimmed. Only the four kinds the upgrade builds are known here.
import {
  ANNOTATION_ELEMENTS_MAX,
  CONTEXT_ID_MAX,
  CONTEXT_ID_PATTERN,
  ELEMENT_TEXT_MAX,
  FENCE_LANGUAGE_MAX,
  LABEL_MAX,
  NAME_MAX,
  REVIEW_DIFF_MAX,
  REVIEW_TEXT_MAX,
  SHORT_MAX,
  STYLE_CHANGES_MAX,
  TERMINAL_TEXT_MAX,
} from "../../contract/limits.js";
import type { ComposerContextRecord, ElementDetails } from "../../contract/types.js";

type Fields = Record<string, unknown>;

const bounded = (value: unknown, max: number): boolean => typeof value === "string" && value.length <= max;
const trimmed = (value: unknown, max: number): boolean =>
  bounded(value, max) && value !== "" && (value as string).trim() === value;
const shortOrNull = (value: unknown): boolean => value === null || bounded(value, SHORT_MAX);
const count = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const countOrNull = (value: unknown): boolean => value === null || count(value);

function isElement(element: ElementDetails): boolean {
  const source = element.source as Fields | null;
  return (
    bounded(element.pageUrl, SHORT_MAX) &&
    shortOrNull(element.pageTitle) &&
    trimmed(element.tagName, NAME_MAX) &&
    shortOrNull(element.selector) &&
    bounded(element.htmlPreview, ELEMENT_TEXT_MAX) &&
    shortOrNull(element.componentName) &&
    bounded(element.styles, ELEMENT_TEXT_MAX) &&
    (source === null ||
      (shortOrNull(source.functionName) &&
        shortOrNull(source.fileName) &&
        countOrNull(source.lineNumber) &&
        countOrNull(source.columnNumber)))
  );
}

/** Whether the record passes the v1 contract unchanged. @internal */
export function isValidWireRecord(record: ComposerContextRecord): boolean {
  const fields = record as unknown as Fields;
  const common =
    record.version === 1 &&
    trimmed(record.contextId, CONTEXT_ID_MAX) &&
    CONTEXT_ID_PATTERN.test(record.contextId) &&
    bounded(record.label, LABEL_MAX);
  if (!common) return false;
  switch (record.kind) {
    case "terminal":
      return (
        trimmed(fields.terminalId, NAME_MAX) &&
        trimmed(fields.terminalLabel, NAME_MAX) &&
        count(fields.lineStart) &&
        count(fields.lineEnd) &&
        (fields.lineEnd as number) >= (fields.lineStart as number) &&
        bounded(fields.text, TERMINAL_TEXT_MAX)
      );
    case "element":
      return isElement(fields as unknown as ElementDetails);
    case "preview-annotation": {
      const styleChanges = fields.styleChanges as unknown[];
      const elements = fields.elements as ElementDetails[] | undefined;
      return (
        bounded(fields.annotationId, SHORT_MAX) &&
        bounded(fields.pageUrl, SHORT_MAX) &&
        shortOrNull(fields.pageTitle) &&
        bounded(fields.comment, ELEMENT_TEXT_MAX) &&
        bounded(fields.targetSummary, SHORT_MAX) &&
        styleChanges.length <= STYLE_CHANGES_MAX &&
        styleChanges.every((change) => bounded(change, SHORT_MAX)) &&
        (elements === undefined || (elements.length <= ANNOTATION_ELEMENTS_MAX && elements.every(isElement)))
      );
    }
    case "review-comment":
      return (
        trimmed(fields.sectionId, NAME_MAX) &&
        bounded(fields.sectionTitle, SHORT_MAX) &&
        trimmed(fields.filePath, SHORT_MAX) &&
        count(fields.startIndex) &&
        count(fields.endIndex) &&
        (fields.endIndex as number) >= (fields.startIndex as number) &&
        bounded(fields.rangeLabel, SHORT_MAX) &&
        bounded(fields.text, REVIEW_TEXT_MAX) &&
        bounded(fields.diff, REVIEW_DIFF_MAX) &&
        (fields.fenceLanguage === undefined || bounded(fields.fenceLanguage, FENCE_LANGUAGE_MAX))
      );
    default:
      return false;
  }
}
