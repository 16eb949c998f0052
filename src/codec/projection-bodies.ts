// Entry bodies of the built-in kinds in the provider envelope (docs/wire-format.md, "Provider projection").
//
// Fields that are one line by nature (names, paths, URLs, labels, titles) go through `one`, which
// writes their line breaks as visible escapes (docs/security.md): a forged line cannot start inside
// them. Multi-line content (terminal text, HTML, styles, comments, diffs) is numbered or indented.
//
// Built by appending lines to one string rather than joining arrays of them: a message can
// reference up to 200 records, a benchmark's 2,000, and arrays, `map` and `join` per body were a
// tenth of the projection's time.
import type { ElementDetails, ElementSourceLocation, KnownContextRecord } from "../contract/types.js";
import { singleLine as one } from "./escape.js";

const DEFAULT_FENCE_LANGUAGE = "diff";
const INDENT = "  ";

/** Two spaces before every line, empty lines included. */
function indent(text: string): string {
  return INDENT + text.replaceAll("\n", "\n" + INDENT);
}

/** `file`, `file:line` or `file:line:col`; no file means no location, no line means no column. */
function sourceLocation(source: ElementSourceLocation): string {
  if (!source.fileName) return "";
  if (source.lineNumber == null) return one(source.fileName);
  const column = source.columnNumber != null ? `:${source.columnNumber}` : "";
  return `${one(source.fileName)}:${source.lineNumber}${column}`;
}

/** The lines of an element, shared by `element` records and an annotation's elements. */
function elementBody(element: ElementDetails): string {
  let body = `url: ${one(element.pageUrl)}\ntag: ${one(element.tagName)}`;
  if (element.pageTitle) body += `\ntitle: ${one(element.pageTitle)}`;
  if (element.selector) body += `\nselector: ${one(element.selector)}`;
  if (element.componentName) body += `\ncomponent: ${one(element.componentName)}`;
  const location = element.source ? sourceLocation(element.source) : "";
  if (location) body += `\nsource: ${location}`;
  const html = element.htmlPreview.trim();
  if (html) body += `\nhtml:\n${indent(html)}`;
  const styles = element.styles.trim();
  if (styles) body += `\nstyles:\n${indent(styles)}`;
  return body;
}

/** `terminal: <label>`, then the captured range's lines numbered from `lineStart`. */
function terminalBody(label: string, text: string, lineStart: number, lineEnd: number): string {
  // Only the captured range: a trailing "\n" in `text` still numbers one empty line, and
  // missing lines are not padded.
  const lines = text.split("\n").slice(0, lineEnd - lineStart + 1);
  let body = `terminal: ${one(label)}`;
  for (let index = 0; index < lines.length; index++) body += `\n${lineStart + index} | ${lines[index]}`;
  return body;
}

/**
 * The unescaped entry body of a built-in record: the payload a model needs, including the
 * authoritative path or name behind a display label.
 * @internal
 */
export function formatEntryBody(record: KnownContextRecord): string {
  switch (record.kind) {
    case "image":
    case "file":
      return `name: ${one(record.name)}\nmimeType: ${one(record.mimeType)}\nsizeBytes: ${record.sizeBytes}\nattachmentId: ${one(record.attachmentId)}`;
    case "terminal":
      return terminalBody(record.terminalLabel, record.text, record.lineStart, record.lineEnd);
    case "element":
      return elementBody(record);
    case "preview-annotation": {
      let body = `page: ${one(record.pageTitle?.trim() || record.pageUrl)}\nurl: ${one(record.pageUrl)}`;
      const comment = record.comment.trim();
      if (comment) body += `\ncomment: ${comment}`;
      if (record.targetSummary) body += `\ntargets: ${one(record.targetSummary)}`;
      if (record.styleChanges.length > 0) {
        body += "\nrequested visual changes:";
        for (const change of record.styleChanges) body += `\n- ${one(change)}`;
      }
      if (record.screenshotContextId) body += `\nscreenshot: ref=${one(record.screenshotContextId)}`;
      const elements = record.elements ?? [];
      for (let index = 0; index < elements.length; index++) body += `\nelement ${index + 1}:\n${indent(elementBody(elements[index]!))}`;
      return body;
    }
    case "review-comment": {
      // `pullRequest` is deliberately not printed: the reference never shows it to a model.
      let body = `file: ${one(record.filePath)}\nrange: ${one(record.rangeLabel)} (${record.startIndex}-${record.endIndex})\nsection: ${one(record.sectionTitle)}`;
      const comment = record.text.trim();
      if (comment) body += `\ncomment:\n${indent(comment)}`;
      if (record.diff.trim()) body += `\n${one(record.fenceLanguage ?? DEFAULT_FENCE_LANGUAGE)}:\n${indent(record.diff.trimEnd())}`;
      return body;
    }
    case "mention":
      return `path: ${one(record.path)}`;
    case "skill":
      return `name: ${one(record.name)}`;
  }
}
