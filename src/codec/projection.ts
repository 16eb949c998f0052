// Provider projection (wire.md §c): what a model reads. Each reference becomes a readable marker
// in place, and one trailing `<t3_context version="1">` envelope carries each referenced
// payload once, in first-reference order.
import { asKnownContextRecord } from "../contract/kinds.js";
import type { ComposerContextRecord } from "../contract/types.js";
import { escapeAttribute, escapeEnvelopeTags } from "./escape.js";
import { formatEntryBody } from "./projection-bodies.js";
import { collectComposerContextReferences } from "./references.js";

const ENVELOPE_TAG = "t3_context";
const ENTRY_TAG = "context";
const ENVELOPE_OPEN = `<${ENVELOPE_TAG} version="1">`;
const ENVELOPE_CLOSE = `</${ENVELOPE_TAG}>`;

/** Options of {@link projectComposerContextForProvider}. */
export interface ProjectionOptions {
  /**
   * The entry body of a custom-kind record (any kind outside the eight built-in ones). Return
   * `undefined` to keep the default, the compact JSON of `payload`. The result is escaped like
   * every other body.
   */
  entryBody?: ((record: ComposerContextRecord) => string | undefined) | undefined;
}

const MARKER_BREAKERS = /[\r\n;\]]/g;
const WHITESPACE_RUN = /\s+/g;
// True when cleaning would change the label: a breaker, any whitespace other than one space
// between words, or a space at either end (the collector's 200-unit cut can leave one).
const MARKER_LABEL_UNCLEAN = /[\r\n;\]]|[^\S ]| {2}|^ | $/;

/** `Preview annotation` for `preview-annotation`: dashes become spaces, first letter upper. */
function displayName(kind: string): string {
  const spaced = kind.replaceAll("-", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** `[Image: shot.png; ref=ctx_1]`: the occurrence's label, the record's kind when known. */
function formatMarker(kind: string, label: string, contextId: string): string {
  const clean = MARKER_LABEL_UNCLEAN.test(label)
    ? label.replace(MARKER_BREAKERS, " ").replace(WHITESPACE_RUN, " ").trim()
    : label;
  return `[${displayName(kind)}: ${escapeEnvelopeTags(clean)}; ref=${contextId}]`;
}

function entryBody(record: ComposerContextRecord, options: ProjectionOptions): string {
  const known = asKnownContextRecord(record);
  if (known) return formatEntryBody(known);
  const custom = options.entryBody?.(record);
  if (custom !== undefined) return custom;
  // A record without `payload` never passes the contract; "null" beats printing "undefined".
  return JSON.stringify((record as { payload?: unknown }).payload) ?? "null";
}

/** One entry; `record` is `undefined` when the id has no record or more than one. */
function formatEntry(
  kind: string,
  contextId: string,
  record: ComposerContextRecord | undefined,
  options: ProjectionOptions,
): string {
  const open = `<${ENTRY_TAG} kind="${escapeAttribute(kind)}" id="${escapeAttribute(contextId)}"`;
  if (!record) return `${open} unavailable="true"/>`;
  return `${open}>\n${escapeEnvelopeTags(entryBody(record, options))}\n</${ENTRY_TAG}>`;
}

/**
 * Projects a message for a model provider: each reference link becomes a marker such as
 * `[Image: shot.png; ref=ctx_1]`, and a trailing `<t3_context version="1">` envelope holds one
 * entry per referenced id, in first-reference order. An id with no record, or with more than one
 * record, gets an `unavailable="true"` entry. Records no link references are left out. Captured
 * text in labels and bodies is escaped so it cannot close or forge the envelope.
 *
 * Returns `text` unchanged when it holds no reference link, even if there are records.
 */
export function projectComposerContextForProvider(
  input: { text: string; records: readonly ComposerContextRecord[] },
  options: ProjectionOptions = {},
): string {
  const { text } = input;
  const occurrences = collectComposerContextReferences(text);
  if (occurrences.length === 0) return text;
  // `null` marks an ambiguous id: callers may skip validation, so duplicates are checked here.
  const recordsById = new Map<string, ComposerContextRecord | null>();
  for (const record of input.records) {
    recordsById.set(record.contextId, recordsById.has(record.contextId) ? null : record);
  }
  const entries: string[] = [];
  const written = new Set<string>();
  let body = "";
  let cursor = 0;
  for (const occurrence of occurrences) {
    const record = recordsById.get(occurrence.contextId) ?? undefined;
    const kind = record?.kind ?? occurrence.kind;
    body += text.slice(cursor, occurrence.start) + formatMarker(kind, occurrence.label, occurrence.contextId);
    cursor = occurrence.end;
    if (written.has(occurrence.contextId)) continue;
    written.add(occurrence.contextId);
    entries.push(formatEntry(kind, occurrence.contextId, record, options));
  }
  body += text.slice(cursor);
  return `${body}\n\n${ENVELOPE_OPEN}\n${entries.join("\n")}\n${ENVELOPE_CLOSE}`;
}
