// Entry bodies of the built-in kinds in the provider envelope (wire.md §c, "Bodies").
import type { ElementDetails, ElementSourceLocation, KnownContextRecord } from "../contract/types.js";

const DEFAULT_FENCE_LANGUAGE = "diff";

/** Two spaces before every line, empty lines included. */
function indent(text: string): string {
  return "  " + text.replaceAll("\n", "\n  ");
}

/** `file`, `file:line` or `file:line:col`; no file means no location, no line means no column. */
function sourceLocation(source: ElementSourceLocation): string | undefined {
  if (!source.fileName) return undefined;
  if (source.lineNumber == null) return source.fileName;
  const column = source.columnNumber != null ? `:${source.columnNumber}` : "";
  return `${source.fileName}:${source.lineNumber}${column}`;
}

/** The lines of an element, shared by `element` records and an annotation's elements. */
function elementLines(element: ElementDetails): string[] {
  const lines = [`url: ${element.pageUrl}`, `tag: ${element.tagName}`];
  if (element.pageTitle) lines.push(`title: ${element.pageTitle}`);
  if (element.selector) lines.push(`selector: ${element.selector}`);
  if (element.componentName) lines.push(`component: ${element.componentName}`);
  const location = element.source ? sourceLocation(element.source) : undefined;
  if (location) lines.push(`source: ${location}`);
  const html = element.htmlPreview.trim();
  if (html) lines.push("html:", indent(html));
  const styles = element.styles.trim();
  if (styles) lines.push("styles:", indent(styles));
  return lines;
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
      return [
        `name: ${record.name}`,
        `mimeType: ${record.mimeType}`,
        `sizeBytes: ${record.sizeBytes}`,
        `attachmentId: ${record.attachmentId}`,
      ].join("\n");
    case "terminal": {
      // Only the captured range: a trailing "\n" in `text` still numbers one empty line.
      const lines = record.text
        .split("\n")
        .slice(0, record.lineEnd - record.lineStart + 1)
        .map((line, index) => `${record.lineStart + index} | ${line}`);
      return [`terminal: ${record.terminalLabel}`, ...lines].join("\n");
    }
    case "element":
      return elementLines(record).join("\n");
    case "preview-annotation": {
      const lines = [`page: ${record.pageTitle?.trim() || record.pageUrl}`, `url: ${record.pageUrl}`];
      const comment = record.comment.trim();
      if (comment) lines.push(`comment: ${comment}`);
      if (record.targetSummary) lines.push(`targets: ${record.targetSummary}`);
      if (record.styleChanges.length > 0) {
        lines.push("requested visual changes:", ...record.styleChanges.map((change) => `- ${change}`));
      }
      if (record.screenshotContextId) lines.push(`screenshot: ref=${record.screenshotContextId}`);
      (record.elements ?? []).forEach((element, index) => {
        lines.push(`element ${index + 1}:`, indent(elementLines(element).join("\n")));
      });
      return lines.join("\n");
    }
    case "review-comment": {
      // `pullRequest` is deliberately not printed: the reference never shows it to a model.
      const lines = [
        `file: ${record.filePath}`,
        `range: ${record.rangeLabel} (${record.startIndex}-${record.endIndex})`,
        `section: ${record.sectionTitle}`,
      ];
      const comment = record.text.trim();
      if (comment) lines.push("comment:", indent(comment));
      if (record.diff.trim()) {
        lines.push(`${record.fenceLanguage ?? DEFAULT_FENCE_LANGUAGE}:`, indent(record.diff.trimEnd()));
      }
      return lines.join("\n");
    }
    case "mention":
      return `path: ${record.path}`;
    case "skill":
      return `name: ${record.name}`;
  }
}
