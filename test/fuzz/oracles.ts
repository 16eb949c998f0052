// Straightforward implementations of docs/wire-format.md, written from the prose with its own patterns and
// no care for speed: the fuzz properties compare the codec with them output for output.
import type {
  ComposerContextRecord,
  ContextOccurrence,
  ElementDetails,
  KnownContextRecord,
  ProjectionOptions,
} from "../../src/codec/index.js";
import { asKnownContextRecord, sanitizeComposerContextLabel } from "../../src/codec/index.js";
// The hardening beyond the reference rule (docs/security.md) has its own tests
// (test/unit/codec/envelope-forging.test.ts); the oracle takes it from the codec and checks the rest.
import { escapeEnvelopeTags, escapeMarkerPunctuation } from "../../src/codec/escape.js";

/** docs/wire-format.md, "Reference links": the collector's global pattern, and the href grammar. */
const LINK = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;
const KIND = /^[a-z][a-z0-9-]{0,39}$/;
const ID = /^[a-z0-9_-]{1,128}$/i;

/** `collectComposerContextReferences` as docs/wire-format.md, "Reference links" states it. */
export function oracleReferences(text: string): ContextOccurrence[] {
  return [...text.matchAll(LINK)].flatMap((match) => {
    const parts = match[3]!.slice("t3-context://v1/".length).split("/");
    if (parts.length !== 2 || !KIND.test(parts[0]!) || !ID.test(parts[1]!)) return [];
    return [
      {
        kind: parts[0]!,
        contextId: parts[1]!,
        label: sanitizeComposerContextLabel(match[2]!, parts[0]!),
        image: match[1] === "!",
        source: match[0],
        start: match.index,
        end: match.index + match[0].length,
      },
    ];
  });
}

/** `toComposerContextId` as docs/wire-format.md, "Ids" states it. */
export function oracleContextId(producerId: string): string {
  if (/^[a-z0-9_-]{1,128}$/i.test(producerId)) return producerId;
  let slug = producerId.replace(/[^a-z0-9_-]+/gi, "-");
  while (slug.startsWith("-")) slug = slug.slice(1);
  while (slug.endsWith("-")) slug = slug.slice(0, -1);
  slug = slug.slice(0, 48) || "ctx";
  let forward = 0x811c9dc5;
  let backward = 0x9dc5811c;
  for (let index = 0; index < producerId.length; index++) forward = Math.imul(forward ^ producerId.charCodeAt(index), 0x01000193) >>> 0;
  for (let index = producerId.length - 1; index >= 0; index--) backward = Math.imul(backward ^ producerId.charCodeAt(index), 0x01000193) >>> 0;
  const hex = (value: number) => value.toString(16).padStart(8, "0");
  return `${slug}-${hex(forward)}${hex(backward)}`;
}

/** docs/wire-format.md, "Provider projection": every `<` that opens or closes a `context` or `t3_context` tag, and its look-alikes. */
const escapeTags = escapeEnvelopeTags;
/** docs/security.md: a one-line field's line breaks written as visible escapes. */
const BREAK_NAMES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\v": "\\v", "\f": "\\f", "\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const one = (value: string) => value.replace(/[\n\r\v\f\u0085\u2028\u2029]/g, (char) => BREAK_NAMES[char]!);
const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The tags an envelope reader would see: `<context`, `</context`, `<t3_context`, `</t3_context`. */
export function envelopeTags(text: string): string[] {
  return (text.match(/<\/?(?:t3_)?context\b/gi) ?? []).map((tag) => tag.toLowerCase());
}

const indent = (text: string) => text.split("\n").map((line) => "  " + line).join("\n");

function elementLines(element: ElementDetails): string[] {
  const lines = [`url: ${one(element.pageUrl)}`, `tag: ${one(element.tagName)}`];
  if (element.pageTitle) lines.push(`title: ${one(element.pageTitle)}`);
  if (element.selector) lines.push(`selector: ${one(element.selector)}`);
  if (element.componentName) lines.push(`component: ${one(element.componentName)}`);
  const source = element.source;
  if (source?.fileName) {
    const line = source.lineNumber === null ? "" : `:${source.lineNumber}${source.columnNumber === null ? "" : `:${source.columnNumber}`}`;
    lines.push(`source: ${one(source.fileName)}${line}`);
  }
  if (element.htmlPreview.trim() !== "") lines.push("html:", indent(element.htmlPreview.trim()));
  if (element.styles.trim() !== "") lines.push("styles:", indent(element.styles.trim()));
  return lines;
}

/** The table "Bodies" of docs/wire-format.md, "Provider projection". */
function knownBody(record: KnownContextRecord): string {
  switch (record.kind) {
    case "image":
    case "file":
      return `name: ${one(record.name)}\nmimeType: ${one(record.mimeType)}\nsizeBytes: ${record.sizeBytes}\nattachmentId: ${one(record.attachmentId)}`;
    case "terminal": {
      const count = record.lineEnd - record.lineStart + 1;
      const lines = record.text.split("\n").filter((_, index) => index < count);
      return [`terminal: ${one(record.terminalLabel)}`, ...lines.map((line, index) => `${record.lineStart + index} | ${line}`)].join("\n");
    }
    case "element":
      return elementLines(record).join("\n");
    case "preview-annotation": {
      const lines = [`page: ${one((record.pageTitle ?? "").trim() || record.pageUrl)}`, `url: ${one(record.pageUrl)}`];
      if (record.comment.trim() !== "") lines.push(`comment: ${record.comment.trim()}`);
      if (record.targetSummary !== "") lines.push(`targets: ${one(record.targetSummary)}`);
      if (record.styleChanges.length > 0) lines.push("requested visual changes:", ...record.styleChanges.map((change) => `- ${one(change)}`));
      if (record.screenshotContextId) lines.push(`screenshot: ref=${one(record.screenshotContextId)}`);
      (record.elements ?? []).forEach((element, index) => lines.push(`element ${index + 1}:`, indent(elementLines(element).join("\n"))));
      return lines.join("\n");
    }
    case "review-comment": {
      const lines = [`file: ${one(record.filePath)}`, `range: ${one(record.rangeLabel)} (${record.startIndex}-${record.endIndex})`, `section: ${one(record.sectionTitle)}`];
      if (record.text.trim() !== "") lines.push("comment:", indent(record.text.trim()));
      if (record.diff.trim() !== "") lines.push(`${one(record.fenceLanguage ?? "diff")}:`, indent(record.diff.trimEnd()));
      return lines.join("\n");
    }
    case "mention":
      return `path: ${one(record.path)}`;
    case "skill":
      return `name: ${one(record.name)}`;
  }
}

const displayName = (kind: string) => {
  const spaced = kind.replaceAll("-", " ");
  return spaced.slice(0, 1).toUpperCase() + spaced.slice(1);
};

/** `projectComposerContextForProvider` as docs/wire-format.md, "Provider projection" states it, step by step. */
export function oracleProjection(input: { text: string; records: readonly ComposerContextRecord[] }, options: ProjectionOptions = {}): string {
  const occurrences = oracleReferences(input.text);
  if (occurrences.length === 0) return input.text;
  const byId = new Map<string, ComposerContextRecord | null>();
  for (const record of input.records) byId.set(record.contextId, byId.has(record.contextId) ? null : record);
  const recordOf = (id: string) => byId.get(id) ?? undefined;
  let body = "";
  let cursor = 0;
  for (const occurrence of occurrences) {
    const kind = recordOf(occurrence.contextId)?.kind ?? occurrence.kind;
    const label = escapeTags(escapeMarkerPunctuation(occurrence.label.replace(/[\r\n;\]]/g, " ").replace(/\s+/g, " ").trim()));
    body += input.text.slice(cursor, occurrence.start) + `[${displayName(kind)}: ${label}; ref=${occurrence.contextId}]`;
    cursor = occurrence.end;
  }
  body += input.text.slice(cursor);
  const entries: string[] = [];
  const seen = new Set<string>();
  for (const occurrence of occurrences) {
    if (seen.has(occurrence.contextId)) continue;
    seen.add(occurrence.contextId);
    const record = recordOf(occurrence.contextId);
    const open = `<context kind="${escapeAttribute(record?.kind ?? occurrence.kind)}" id="${escapeAttribute(occurrence.contextId)}"`;
    if (!record) {
      entries.push(`${open} unavailable="true"/>`);
      continue;
    }
    const known = asKnownContextRecord(record);
    const text = known ? knownBody(known) : (options.entryBody?.(record) ?? JSON.stringify((record as { payload?: unknown }).payload) ?? "null");
    entries.push(`${open}>\n${escapeTags(text)}\n</context>`);
  }
  return `${body}\n\n<t3_context version="1">\n${entries.join("\n")}\n</t3_context>`;
}
