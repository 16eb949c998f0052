// Provider projection (wire.md §c): what a model reads. Each reference becomes a readable marker
// in place, and one trailing `<t3_context version="1">` envelope carries each referenced
// payload once, in first-reference order.
import { asKnownContextRecord } from "../contract/kinds.js";
import type { ComposerContextRecord } from "../contract/types.js";
import { escapeAttribute, escapeEnvelopeTags } from "./escape.js";
import { formatEntryBody } from "./projection-bodies.js";
import { visitComposerContextReferences } from "./references.js";

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

/** What the projection knows of one context id. */
interface Slot {
  /** `undefined` when no record, or more than one, has this id. */
  record: ComposerContextRecord | undefined;
  /** The kind the last marker of this id showed, and its display name. */
  kind: string;
  name: string;
  written: boolean;
}

/** `Preview annotation` for `preview-annotation`: dashes become spaces, first letter upper. */
function displayName(kind: string): string {
  const spaced = kind.replaceAll("-", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The marker's label: CR, LF, `;` and `]` become spaces, whitespace collapses, ends are trimmed.
 * The label comes from the collector, already sanitized (single spaces, no line breaks or
 * brackets, no leading space), so only a `;` or a space left by the 200-unit cut can change it.
 */
function markerLabel(label: string): string {
  if (!label.includes(";") && !label.endsWith(" ")) return label;
  return label.replace(MARKER_BREAKERS, " ").replace(WHITESPACE_RUN, " ").trim();
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
  // One lookup per link: the record of an id, its marker name, and whether its entry is written.
  // Callers may skip validation, so an id with two records is ambiguous here: no record at all.
  const slots = new Map<string, Slot>();
  for (const record of input.records) {
    const slot = slots.get(record.contextId);
    if (slot) slot.record = undefined;
    else slots.set(record.contextId, { record, kind: record.kind, name: displayName(record.kind), written: false });
  }
  const entries: string[] = [];
  let body = "";
  let cursor = 0;
  visitComposerContextReferences(text, (linkKind, contextId, label, _image, start, end) => {
    let slot = slots.get(contextId);
    if (!slot) slots.set(contextId, (slot = { record: undefined, kind: linkKind, name: displayName(linkKind), written: false }));
    // The record's kind when there is one, else this link's (display names are cached per id).
    const kind = slot.record ? slot.kind : linkKind;
    if (kind !== slot.kind) slot.name = displayName((slot.kind = kind));
    // `[Image: shot.png; ref=ctx_1]`, with the occurrence's own label.
    body += text.slice(cursor, start) + `[${slot.name}: ${escapeEnvelopeTags(markerLabel(label))}; ref=${contextId}]`;
    cursor = end;
    if (slot.written) return;
    slot.written = true;
    entries.push(formatEntry(kind, contextId, slot.record, options));
  });
  if (entries.length === 0) return text;
  return `${body}${text.slice(cursor)}\n\n${ENVELOPE_OPEN}\n${entries.join("\n")}\n${ENVELOPE_CLOSE}`;
}
