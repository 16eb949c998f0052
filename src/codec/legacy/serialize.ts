// The reverse of the legacy upgrade (docs/wire-format.md, "Legacy text"): for a server that does
// not take records, the context travels inside the text in the format the upgrade reads back.
// Every captured value is escaped (capture-escape.ts): none can close its block or open another.
import type {
  ComposerContextRecord,
  ElementContextRecord,
  ElementDetails,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from "../../contract/types.js";
import { escapeAttribute } from "../escape.js";
import { escapeCaptured as text_, escapeCapturedLine as line_ } from "./capture-escape.js";
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
  const lines = text_(record.text)
    .split("\n")
    .map((line, index) => `${record.lineStart + index} | ${line}`)
    .join("\n");
  return `- ${line_(record.terminalLabel)} ${range}:\n${indent(lines)}`;
}

function elementEntry(element: ElementDetails): string {
  const lines: string[] = [];
  if (element.pageUrl) lines.push(`url: ${line_(element.pageUrl)}`);
  if (element.selector) lines.push(`selector: ${line_(element.selector)}`);
  const source = element.source;
  if (source?.fileName) {
    // Unlike the provider body, a column without a line is still written.
    const position = [source.lineNumber, source.columnNumber].filter((part) => part != null);
    lines.push(`source: ${[line_(source.fileName), ...position].join(":")}`);
  }
  if (element.htmlPreview) lines.push(`html:\n${indent(text_(element.htmlPreview))}`);
  if (element.styles) lines.push(`styles:\n${indent(text_(element.styles))}`);
  return `- <${line_(element.componentName ?? element.tagName)}>:\n${indent(lines.join("\n"))}`;
}

function previewBlock(record: PreviewAnnotationContextRecord): string {
  const lines = [`Id: ${line_(record.annotationId)}`, `Page: ${line_(record.pageUrl || record.pageTitle || "")}`];
  if (record.comment) lines.push(`Comment: ${line_(record.comment)}`);
  if (record.targetSummary) lines.push(`Targets: ${line_(record.targetSummary)}`);
  if (record.styleChanges.length > 0) {
    lines.push("Requested visual changes:", ...record.styleChanges.map((change) => `- ${line_(change)}`));
  }
  if (record.elements && record.elements.length > 0) {
    lines.push(openTag(ELEMENT_TAG), record.elements.map(elementEntry).join("\n"), closeTag(ELEMENT_TAG));
  }
  return `${openTag(PREVIEW_TAG)}\n${lines.join("\n")}\n${closeTag(PREVIEW_TAG)}`;
}

/** An attribute value: one line, no tag of the format, then the attribute escape. */
const attribute = (value: string) => escapeAttribute(line_(value));

/** The whole `<review_comment …>` block, its diff in a fence longer than any backtick run in it. */
function reviewBlock(record: ReviewCommentContextRecord): string {
  const attributes = [
    `sectionId="${attribute(record.sectionId)}"`,
    `sectionTitle="${attribute(record.sectionTitle)}"`,
    `filePath="${attribute(record.filePath)}"`,
    `rangeLabel="${attribute(record.rangeLabel)}"`,
    `startIndex="${record.startIndex}"`,
    `endIndex="${record.endIndex}"`,
  ].join(" ");
  let longestRun = 0;
  const diff = text_(record.diff);
  for (const [run] of diff.matchAll(BACKTICK_RUN)) longestRun = Math.max(longestRun, run.length);
  const fence = "`".repeat(Math.max(FENCE_MIN, longestRun + 1));
  const body = diff
    ? `${text_(record.text)}\n\n${fence}${line_(record.fenceLanguage ?? DEFAULT_FENCE_LANGUAGE)}\n${diff}\n${fence}`
    : text_(record.text);
  return `<${REVIEW_TAG} ${attributes}>\n${body}\n${closeTag(REVIEW_TAG)}`;
}

/** What replaces a link: a review's whole block, a terminal's `@slug:range`, else the label. */
function inlineForm(record: ComposerContextRecord): string {
  if (record.kind === "review-comment") return reviewBlock(record as ReviewCommentContextRecord);
  if (record.kind === "terminal") return text_(inlineTerminalLabel(record as TerminalContextRecord));
  return text_(record.label);
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
