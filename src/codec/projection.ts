// Provider projection (docs/wire-format.md, "Provider projection"): what a model reads. Each reference becomes a readable marker
// in place, and one trailing `<t3_context version="1">` envelope carries each referenced
// payload once, in first-reference order.
import { asKnownContextRecord } from "../contract/kinds.js";
import type { ComposerContextRecord } from "../contract/types.js";
import { WHITESPACE_RUN } from "./chars.js";
import { escapeAttribute, escapeEnvelopeTags, escapeMarkerPunctuation } from "./escape.js";
import { customEntryBody, kindDisplayName, kindIndex, type ContextKindDefinition } from "./kind-definitions.js";
import { LINK_HREF_OFFSET, visitLinks } from "./link-scan.js";
import { formatEntryBody } from "./projection-bodies.js";
import { LabelForm, labelForm, sanitizeComposerContextLabel } from "./references.js";

/** What starts and ends the envelope; the composer's preview splits on them. @internal */
export const ENVELOPE_OPEN = '\n\n<t3_context version="1">\n';
/** @internal */
export const ENVELOPE_CLOSE = "\n</t3_context>";
const ENTRY_OPEN = '<context kind="';
const ENTRY_CLOSE = "\n</context>";

/** Options of {@link projectComposerContextForProvider}. */
export interface ProjectionOptions {
  /**
   * The host's custom kinds (`defineContextKind`): a record of one of them gets the kind's entry
   * body (when its payload passes the kind's schema) and its marker the kind's display name.
   * Indexed once per array: pass a new array, not a changed one, to change the kinds.
   */
  kinds?: readonly ContextKindDefinition[] | undefined;
  /**
   * The entry body of a custom-kind record (any kind outside the eight built-in ones) that `kinds`
   * gives no body. Return `undefined` to keep the default, the compact JSON of `payload`. The
   * result is escaped like every other body.
   */
  entryBody?: ((record: ComposerContextRecord) => string | undefined) | undefined;
}

const MARKER_BREAKERS = /[\r\n;\]]/g;

/** What the projection knows of one context id. */
interface Slot {
  contextId: string;
  /** `undefined` when no record, or more than one, has this id. */
  record: ComposerContextRecord | undefined;
  /**
   * The record's kind, read once: records of eight shapes make `record.kind` a megamorphic load,
   * paid again at every link.
   */
  kind: string | undefined;
  /** The kind of the id's entry: the record's, else the one its first link names. */
  entryKind: string;
  /**
   * The marker's text before its label, such as `[Image: `, made at the id's first link when
   * the id has one record: its kind, so its display name, is the same at every link then.
   */
  before: string | undefined;
  /** The marker's text after its label, `; ref=<id>]`; empty until a link references the id. */
  after: string;
}

const newSlot = (contextId: string, record: ComposerContextRecord | undefined): Slot => ({
  contextId,
  record,
  kind: record?.kind,
  entryKind: "",
  before: undefined,
  after: "",
});

/**
 * The kind written in a link's href, between the prefix and the id's slash. A function, not a
 * closure made per link: 10,000 links made 10,000 closures (about 15% of a projection's time).
 */
function linkKindOf(text: string, close: number, slash: number): string {
  return text.slice(close + LINK_HREF_OFFSET, slash);
}

/**
 * A marker's text before its label: `[`, the kind's display name (its definition's label, else
 * the kind as people read it) and `: `.
 */
function markerStart(kind: string, kinds: ReadonlyMap<string, ContextKindDefinition>): string {
  return "[" + (kinds.get(kind)?.label ?? kindDisplayName(kind)) + ": ";
}

/**
 * The marker's label: CR, LF, `;` and `]` become spaces, whitespace collapses, ends are trimmed,
 * envelope tags are escaped. The label comes sanitized (single spaces, no line breaks or
 * brackets, no leading space), so only a `;` or a space left by the 200-unit cut can change it
 * before the escapes; look-alikes of `[`, `]` and `;` become spaces too (docs/security.md).
 */
function markerLabel(label: string): string {
  const clean = label.includes(";") || label.endsWith(" ") ? label.replace(MARKER_BREAKERS, " ").replace(WHITESPACE_RUN, " ").trim() : label;
  return escapeEnvelopeTags(escapeMarkerPunctuation(clean));
}

/**
 * The marker's label of the link whose label runs from `open` to `close`: the occurrence's own
 * label as the collector sanitizes it (for the link's kind). A plain label is its own marker
 * label: one pass spares the escapes' pattern tests.
 */
function linkLabel(text: string, open: number, close: number, slash: number): string {
  const raw = text.slice(open + 1, close);
  const form = labelForm(raw);
  if (form === LabelForm.plain) return raw;
  return markerLabel(form === LabelForm.sanitized ? raw : sanitizeComposerContextLabel(raw, linkKindOf(text, close, slash)));
}

function entryBody(record: ComposerContextRecord, options: ProjectionOptions, kinds: ReadonlyMap<string, ContextKindDefinition>): string {
  const known = asKnownContextRecord(record);
  if (known) return formatEntryBody(known);
  const definition = kinds.get(record.kind);
  const custom = (definition && customEntryBody(definition, record)) ?? options.entryBody?.(record);
  if (custom !== undefined) return custom;
  // A record without `payload` never passes the contract; "null" beats printing "undefined".
  return JSON.stringify((record as { payload?: unknown }).payload) ?? "null";
}

/**
 * One entry; `record` is `undefined` when the id has no record or more than one. The id comes
 * from a link, whose grammar leaves nothing to escape in it.
 */
function formatEntry(
  kind: string,
  contextId: string,
  record: ComposerContextRecord | undefined,
  options: ProjectionOptions,
  kinds: ReadonlyMap<string, ContextKindDefinition>,
): string {
  const open = ENTRY_OPEN + escapeAttribute(kind) + '" id="' + contextId;
  if (!record) return open + '" unavailable="true"/>';
  return open + '">\n' + escapeEnvelopeTags(entryBody(record, options, kinds)) + ENTRY_CLOSE;
}

/**
 * What a walk of the projection hands out: first, in output order, the message's own text
 * between links and each link's marker; then each referenced id's envelope entry, in
 * first-reference order. The projection writes them out; the measure (measure.ts) counts them.
 *
 * Entries come last because formatting them in one run, after the scan, measured about a tenth
 * faster than formatting each at its id's first link (docs/performance.md, "Projection"): the
 * scan's loop and the body's rope stay together, and so do the entries'.
 * @internal
 */
export interface ProjectionSink {
  /** `text.slice(from, to)`: the message's own text between links. */
  text(from: number, to: number): void;
  /** The envelope entry of `contextId`, without the line feed that joins it to the previous one. */
  entry(contextId: string, kind: string, entry: string): void;
  /**
   * One link's marker, such as `[Image: shot.png; ref=ctx_1]`, in three parts: `[Image: `, the
   * label and `; ref=ctx_1]`. The first and last are the same strings at every link of an id
   * with one record, so a marker costs no string of its own.
   */
  marker(contextId: string, before: string, label: string, after: string): void;
}

/**
 * Walks the projection of `input` into `sink` (see {@link projectComposerContextForProvider});
 * returns whether the text holds a reference link. Nothing is handed out when it holds none.
 * @internal
 */
export function walkProjection(
  input: { text: string; records: readonly ComposerContextRecord[] },
  options: ProjectionOptions,
  sink: ProjectionSink,
): boolean {
  const { text } = input;
  const kinds = kindIndex(options.kinds);
  // Callers may skip validation, so an id with two records is ambiguous here: no record at all.
  const slots = new Map<string, Slot>();
  for (const record of input.records) {
    const size = slots.size;
    const slot = newSlot(record.contextId, record);
    // A map that did not grow already had the id: one set instead of a lookup and a set.
    if (slots.set(record.contextId, slot).size === size) slot.record = slot.kind = undefined;
  }
  const referenced: Slot[] = [];
  let cursor = 0;
  visitLinks(text, (start, open, close, slash, end) => {
    const contextId = text.slice(slash + 1, end - 1);
    let slot = slots.get(contextId);
    if (!slot) slots.set(contextId, (slot = newSlot(contextId, undefined)));
    // The record's kind, else this link's own.
    const kind = slot.kind ?? linkKindOf(text, close, slash);
    if (slot.after === "") {
      referenced.push(slot);
      slot.entryKind = kind;
      slot.after = "; ref=" + contextId + "]";
      if (slot.kind) slot.before = markerStart(kind, kinds);
    }
    sink.text(cursor, start);
    sink.marker(contextId, slot.before ?? markerStart(kind, kinds), linkLabel(text, open, close, slash), slot.after);
    cursor = end;
  });
  if (cursor === 0) return false;
  sink.text(cursor, text.length);
  for (const { contextId, entryKind, record } of referenced) {
    sink.entry(contextId, entryKind, formatEntry(entryKind, contextId, record, options, kinds));
  }
  return true;
}

/**
 * Projects a message for a model provider: each reference link becomes a marker such as
 * `[Image: shot.png; ref=ctx_1]`, and a trailing `<t3_context version="1">` envelope holds one
 * entry per referenced id, in first-reference order. An id with no record, or with more than one
 * record, gets an `unavailable="true"` entry. Records no link references are left out. Captured
 * text in labels and bodies is escaped so it cannot close or forge the envelope.
 *
 * Returns `text` unchanged when it holds no reference link, even if there are records. Throws a
 * `TypeError` when `options.kinds` is not a list of kind definitions.
 */
export function projectComposerContextForProvider(
  input: { text: string; records: readonly ComposerContextRecord[] },
  options: ProjectionOptions = {},
): string {
  const { text } = input;
  // Appending builds a rope that is copied once, when it is read: cheaper than joining an array
  // of slices, which copies each slice into the result one by one.
  let body = "";
  let entries = "";
  const linked = walkProjection(input, options, {
    text: (from, to) => void (body += text.slice(from, to)),
    entry: (_contextId, _kind, entry) => void (entries += (entries === "" ? "" : "\n") + entry),
    marker: (_contextId, before, label, after) => void (body += before + label + after),
  });
  return linked ? body + ENVELOPE_OPEN + entries + ENVELOPE_CLOSE : text;
}
