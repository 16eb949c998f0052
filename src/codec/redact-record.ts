// Redacting a record's captured text (docs/secrets.md, "What is redacted"): a terminal excerpt's
// text, a review comment's body and diff, an element's HTML, an annotation's comment and its
// elements' HTML. Other fields (paths, labels, URLs of the page) are not captured text.
import { asKnownContextRecord } from "../contract/kinds.js";
import { ELEMENT_TEXT_MAX, REVIEW_DIFF_MAX, REVIEW_TEXT_MAX, TERMINAL_TEXT_MAX } from "../contract/limits.js";
import type { ComposerContextRecord, ElementDetails } from "../contract/types.js";
import { checkRedactionResult, redactSecrets, type RedactionResult } from "./redact.js";

/** What redacts one text: `redactSecrets` with some rules, or a host's own function. */
export type TextRedactor = (text: string) => RedactionResult;

/** A record with its captured text redacted, and how many spans were hidden. */
export interface RedactedRecord {
  readonly record: ComposerContextRecord;
  readonly hidden: number;
}

/**
 * One field, redacted. A marker can be longer than what it hides (`pwd=ab`), so a field at its
 * limit is cut there: the record still decodes, and what is cut is the end of the text, never a
 * secret shown.
 */
function field(redact: TextRedactor, text: string, max: number, count: { hidden: number }): string {
  const result = checkRedactionResult(redact(text));
  count.hidden += result.hits.length;
  return result.text.length > max ? result.text.slice(0, max) : result.text;
}

function element<T extends ElementDetails>(redact: TextRedactor, details: T, count: { hidden: number }): T {
  return { ...details, htmlPreview: field(redact, details.htmlPreview, ELEMENT_TEXT_MAX, count) };
}

/**
 * `record` with the secrets in its captured text hidden by `redact` (default: the built-in
 * rules). A record of another kind, or one with nothing to hide, comes back as it was given.
 */
export function redactContextRecord(record: ComposerContextRecord, redact: TextRedactor = (text) => redactSecrets(text)): RedactedRecord {
  const known = asKnownContextRecord(record);
  const count = { hidden: 0 };
  let redacted: ComposerContextRecord = record;
  switch (known?.kind) {
    case "terminal":
      redacted = { ...known, text: field(redact, known.text, TERMINAL_TEXT_MAX, count) };
      break;
    case "review-comment":
      redacted = { ...known, text: field(redact, known.text, REVIEW_TEXT_MAX, count), diff: field(redact, known.diff, REVIEW_DIFF_MAX, count) };
      break;
    case "element":
      redacted = element(redact, known, count);
      break;
    case "preview-annotation": {
      const comment = field(redact, known.comment, ELEMENT_TEXT_MAX, count);
      redacted = known.elements ? { ...known, comment, elements: known.elements.map((details) => element(redact, details, count)) } : { ...known, comment };
      break;
    }
  }
  return count.hidden === 0 ? { record, hidden: 0 } : { record: redacted, hidden: count.hidden };
}
