// The reverse of the legacy upgrade (docs/wire-format.md, "Legacy text"): for a server that does
// not take records, the context travels inside the text in the format the upgrade reads back.
import type {
  ComposerContextRecord,
  ElementContextRecord,
  ElementDetails,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from "../../contract/types.js";
import { escapeAttribute } from "../escape.js";
import { collectComposerContextReferences } from "../references.js";
import { inlineTerminalLabel } from "./terminal-label.js";
import { ELEMENT_TAG, PREVIEW_TAG, REVIEW_TAG, TERMINAL_TAG, closeTag, openTag } from "./tags.js";

const FENCE_MIN = 3;
const BACKTICK_RUN = /`+/g;
const DEFAULT_FENCE_LANGUAGE = "diff";

/** Two spaces before every non-empty line. */
function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? "" : "  " + line))
    .join("\n");
}

/** `<tag>\n…\n</tag>`, or `""` when there is nothing to put inside. */
function block(tag: string, entries: string[]): string {
  const body = entries.filter((entry) => entry !== "").join("\n");
  return body === "" ? "" : `${openTag(tag)}\n${body}\n${closeTag(tag)}`;
}

function terminalEntry(record: TerminalContextRecord): string {
  const range =
    record.lineStart === record.lineEnd ? `line ${record.lineStart}` : `lines ${record.lineStart}-${record.lineEnd}`;
  const lines = record.text
    .split("\n")
    .map((line, index) => `${record.lineStart + index} | ${line}`)
    .join("\n");
  return `- ${record.terminalLabel} ${range}:\n${indent(lines)}`;
}

function elementEntry(element: ElementDetails): string {
  const lines: string[] = [];
  if (element.pageUrl) lines.push(`url: ${element.pageUrl}`);
  if (element.selector) lines.push(`selector: ${element.selector}`);
  const source = element.source;
  if (source?.fileName) {
    // Unlike the provider body, a column without a line is still written.
    const position = [source.lineNumber, source.columnNumber].filter((part) => part != null);
    lines.push(`source: ${[source.fileName, ...position].join(":")}`);
  }
  if (element.htmlPreview) lines.push(`html:\n${indent(element.htmlPreview)}`);
  if (element.styles) lines.push(`styles:\n${indent(element.styles)}`);
  return `- <${element.componentName ?? element.tagName}>:\n${indent(lines.join("\n"))}`;
}

function previewBlock(record: PreviewAnnotationContextRecord): string {
  const lines = [`Id: ${record.annotationId}`, `Page: ${record.pageUrl || record.pageTitle || ""}`];
  if (record.comment) lines.push(`Comment: ${record.comment}`);
  if (record.targetSummary) lines.push(`Targets: ${record.targetSummary}`);
  if (record.styleChanges.length > 0) {
    lines.push("Requested visual changes:", ...record.styleChanges.map((change) => `- ${change}`));
  }
  if (record.elements && record.elements.length > 0) {
    lines.push(openTag(ELEMENT_TAG), record.elements.map(elementEntry).join("\n"), closeTag(ELEMENT_TAG));
  }
  return `${openTag(PREVIEW_TAG)}\n${lines.join("\n")}\n${closeTag(PREVIEW_TAG)}`;
}

/** The whole `<review_comment …>` block, its diff in a fence longer than any backtick run in it. */
function reviewBlock(record: ReviewCommentContextRecord): string {
  const attributes = [
    `sectionId="${escapeAttribute(record.sectionId)}"`,
    `sectionTitle="${escapeAttribute(record.sectionTitle)}"`,
    `filePath="${escapeAttribute(record.filePath)}"`,
    `rangeLabel="${escapeAttribute(record.rangeLabel)}"`,
    `startIndex="${record.startIndex}"`,
    `endIndex="${record.endIndex}"`,
  ].join(" ");
  let longestRun = 0;
  for (const [run] of record.diff.matchAll(BACKTICK_RUN)) longestRun = Math.max(longestRun, run.length);
  const fence = "`".repeat(Math.max(FENCE_MIN, longestRun + 1));
  const body = record.diff
    ? `${record.text}\n\n${fence}${record.fenceLanguage ?? DEFAULT_FENCE_LANGUAGE}\n${record.diff}\n${fence}`
    : record.text;
  return `<${REVIEW_TAG} ${attributes}>\n${body}\n${closeTag(REVIEW_TAG)}`;
}

/** What replaces a link: a review's whole block, a terminal's `@slug:range`, else the label. */
function inlineForm(record: ComposerContextRecord): string {
  if (record.kind === "review-comment") return reviewBlock(record as ReviewCommentContextRecord);
  if (record.kind === "terminal") return inlineTerminalLabel(record as TerminalContextRecord);
  return record.label;
}

const ofKind = <R extends ComposerContextRecord>(records: readonly ComposerContextRecord[], kind: R["kind"]) =>
  records.filter((record) => record.kind === kind) as R[];

/**
 * Writes a canonical message in the format messages had before inline references, for a
 * server that does not take records (a transport whose `capabilities.inlineMessageContext` is
 * `false`). Each link with a record becomes a review comment's whole `<review_comment>` block,
 * a terminal's `@slug:range`, or the record's label; then come one `<terminal_context>` block
 * with every terminal record, one `<element_context>` block with every element record and one
 * `<preview_annotation>` block per annotation, separated by blank lines. Links without a record
 * are kept. Images, files, mentions and skills become plain labels: their payloads are lost.
 *
 * `upgradeLegacyContextMessage` reads the result back to records with the same payloads.
 */
export function serializeLegacyContextMessage(input: {
  text: string;
  records: readonly ComposerContextRecord[];
}): string {
  const recordsById = new Map(input.records.map((record) => [record.contextId, record]));
  let text = "";
  let cursor = 0;
  for (const occurrence of collectComposerContextReferences(input.text)) {
    const record = recordsById.get(occurrence.contextId);
    if (!record) continue;
    text += input.text.slice(cursor, occurrence.start) + inlineForm(record);
    cursor = occurrence.end;
  }
  text += input.text.slice(cursor);
  const blocks = [
    block(TERMINAL_TAG, ofKind<TerminalContextRecord>(input.records, "terminal").map(terminalEntry)),
    block(ELEMENT_TAG, ofKind<ElementContextRecord>(input.records, "element").map(elementEntry)),
    ...ofKind<PreviewAnnotationContextRecord>(input.records, "preview-annotation").map(previewBlock),
  ];
  return [text.trimEnd(), ...blocks].filter((part) => part !== "").join("\n\n");
}
