// Which records a paste (or a restored stash) brings into a draft, under which ids, and how the
// pasted links change with them (docs/composer.md, "Paste"). Pure: the draft is seen
// through `held`, and local ids come from `mintLocalId`, so it is tested without a browser.
import { producerIdFromComposerContextId, toComposerContextId, toKindScopedComposerContextId } from "../../codec/ids.js";
import { formatComposerContextReference, replaceComposerContextReferences } from "../../codec/references.js";
import { asKnownContextRecord } from "../../contract/kinds.js";
import type {
  ComposerContextRecord,
  ElementContextRecord,
  FileContextRecord,
  ImageContextRecord,
  PreviewAnnotationContextRecord,
} from "../../contract/types.js";

/** An image or file whose bytes come again from the environment it was copied in. */
export interface AttachmentFetch {
  /** The record it becomes, bound to `localId` until its upload returns the host's id. */
  record: ImageContextRecord | FileContextRecord;
  localId: string;
  /** Where the bytes are: the record's `attachmentId` in the source environment. */
  source: { environmentId: string; attachmentId: string };
}

export interface ImportPlan {
  /** The pasted text, with the links whose ids (or kinds) changed written again. */
  text: string;
  /** Records the draft does not hold, under the ids the links now name, in the order given. */
  records: ComposerContextRecord[];
  /** Images and files to fetch first; their chips are unresolved until the bytes arrive. */
  fetches: AttachmentFetch[];
}

export interface ImportOptions {
  /** The draft's record under `contextId` (live, or known to the draft for an undo), if any. */
  held(contextId: string): ComposerContextRecord | undefined;
  /**
   * The environment the records were copied in: its images and files are fetched again under
   * fresh local ids. `null` (a restored stash): they are the draft's own and come back as they are.
   */
  sourceEnvironmentId: string | null;
  /** A fresh local attachment id (`att_…`). */
  mintLocalId(): string;
}

type AttachmentRecord = ImageContextRecord | FileContextRecord;

const TERMINAL = "terminal";
const REVIEW_COMMENT = "review-comment";
const PREVIEW_ANNOTATION = "preview-annotation";
const ELEMENT = "element";
/** What the reference app writes as an annotation's targets when it holds one element. */
const ONE_ELEMENT_SUMMARY = "1 selected element";

/**
 * Key-sorted JSON of a record without `label` (display text) and `contextId` (a folded producer
 * id): two records with the same key are the same payload (T3 Code's `isSameComposerContextPayload`).
 */
function payloadKey(record: ComposerContextRecord): string {
  const { label: _label, contextId: _contextId, ...rest } = record;
  return JSON.stringify(rest, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Whether two records carry the same payload, whatever their labels and ids. */
export function isSameContextPayload(a: ComposerContextRecord, b: ComposerContextRecord): boolean {
  return a.kind === b.kind && payloadKey(a) === payloadKey(b);
}

function isAttachment(record: ComposerContextRecord): record is AttachmentRecord {
  const known = asKnownContextRecord(record);
  return known?.kind === "image" || known?.kind === "file";
}

/**
 * An `element` record as the preview annotation the reference app rebuilds from it (docs/composer.md, "Paste"):
 * its page, no comment, the element as the one target, keyed by the element's producer id.
 */
export function annotationFromElement(element: ElementContextRecord): PreviewAnnotationContextRecord {
  const { version: _version, contextId, kind: _kind, label, ...details } = element;
  const id = producerIdFromComposerContextId(ELEMENT, contextId);
  return {
    version: 1,
    contextId: toKindScopedComposerContextId(PREVIEW_ANNOTATION, id),
    kind: PREVIEW_ANNOTATION,
    label,
    annotationId: id,
    pageUrl: details.pageUrl,
    pageTitle: details.pageTitle,
    comment: "",
    targetSummary: ONE_ELEMENT_SUMMARY,
    styleChanges: [],
    elements: [details],
    elementIds: [id],
  };
}

/**
 * The id a record takes in a draft: terminal excerpts, review comments and annotations are
 * kind-scoped again from their producer ids (a legacy `legacy_terminal_1` becomes
 * `terminal_legacy_terminal_1`, docs/composer.md, "Paste"; an annotation is keyed by its `annotationId`, as the
 * reference's draft is); every other record keeps its id.
 */
function destinationId(record: ComposerContextRecord): string {
  const known = asKnownContextRecord(record);
  if (known?.kind === TERMINAL || known?.kind === REVIEW_COMMENT) {
    return toKindScopedComposerContextId(known.kind, producerIdFromComposerContextId(known.kind, known.contextId));
  }
  if (known?.kind === PREVIEW_ANNOTATION) {
    return toKindScopedComposerContextId(PREVIEW_ANNOTATION, known.annotationId || producerIdFromComposerContextId(PREVIEW_ANNOTATION, known.contextId));
  }
  return record.contextId;
}

/**
 * `id` if nothing occupies it, else its producer id with `-2`, `-3`, … appended
 * (docs/composer.md, "Paste"), kind-scoped again when `id` was; an id that outgrows the grammar is folded.
 */
function freeId(kind: string, id: string, occupied: (id: string) => boolean): string {
  if (!occupied(id)) return id;
  const scoped = id.startsWith(kind + "_");
  const producer = producerIdFromComposerContextId(kind, id);
  for (let suffix = 2; ; suffix++) {
    const candidate = scoped ? toKindScopedComposerContextId(kind, `${producer}-${suffix}`) : toComposerContextId(`${id}-${suffix}`);
    if (!occupied(candidate)) return candidate;
  }
}

/**
 * Plans the import of `records` with `text` (docs/composer.md, "Paste"). Per record, first of
 * each id: a record whose payload the draft holds already (under its re-scoped id or its own) is
 * that record; an `element` becomes a preview annotation; an image or file with a source is
 * fetched under a fresh local id; anything else joins, under a new id when its id is taken by a
 * different payload. Links to ids that changed are written again with their labels; a link whose
 * record is missing stays as it is (an unresolved chip).
 */
export function planImport(text: string, records: readonly ComposerContextRecord[], options: ImportOptions): ImportPlan {
  const { rewrite, ...plan } = planRecords(records, options);
  return { text: rewrite(text), ...plan };
}

/**
 * `planImport` without the text: the records and fetches, and `rewrite`, which writes the links of
 * any part of the pasted text again (a large paste is rewritten piece by piece, paste-slices.ts).
 */
export function planRecords(
  records: readonly ComposerContextRecord[],
  options: ImportOptions,
): Omit<ImportPlan, "text"> & { rewrite(text: string): string } {
  const ids = new Map<string, string>(); // pasted id → id in the draft
  const converted = new Set<string>(); // element ids whose links become annotation links
  const planned = new Map<string, ComposerContextRecord>(); // by new id, this import's records
  const fetches: AttachmentFetch[] = [];
  const held = (id: string) => planned.get(id) ?? options.held(id);
  for (const record of records) {
    if (ids.has(record.contextId)) continue; // a duplicate id in a fragment: the first wins
    const known = asKnownContextRecord(record);
    const candidate = known?.kind === ELEMENT ? annotationFromElement(known) : record;
    if (candidate !== record) converted.add(record.contextId);
    const fetch = isAttachment(candidate) && options.sourceEnvironmentId !== null;
    const destination = fetch ? record.contextId : destinationId(candidate);
    const existing = held(destination) ?? held(record.contextId);
    if (existing && isSameContextPayload(existing, candidate)) {
      ids.set(record.contextId, existing.contextId);
      continue;
    }
    if (fetch) {
      const attachment = candidate as AttachmentRecord;
      const localId = options.mintLocalId();
      const contextId = toKindScopedComposerContextId(attachment.kind, localId);
      const source = { environmentId: options.sourceEnvironmentId!, attachmentId: attachment.attachmentId };
      fetches.push({ record: { ...attachment, contextId, attachmentId: localId }, localId, source });
      ids.set(record.contextId, contextId);
      continue;
    }
    const contextId = freeId(candidate.kind, destination, (id) => held(id) !== undefined || fetches.some((f) => f.record.contextId === id));
    ids.set(record.contextId, contextId);
    planned.set(contextId, { ...candidate, contextId });
  }
  return {
    rewrite: (text) => rewriteLinks(text, ids, converted),
    records: [...planned.values()].map((record) => followScreenshot(record, ids)),
    fetches,
  };
}

/** An annotation whose screenshot image got a new id names that id. */
function followScreenshot(record: ComposerContextRecord, ids: ReadonlyMap<string, string>): ComposerContextRecord {
  const known = asKnownContextRecord(record);
  if (known?.kind !== PREVIEW_ANNOTATION || !known.screenshotContextId) return record;
  const screenshot = ids.get(known.screenshotContextId);
  return screenshot && screenshot !== known.screenshotContextId ? { ...known, screenshotContextId: screenshot } : record;
}

function rewriteLinks(text: string, ids: ReadonlyMap<string, string>, converted: ReadonlySet<string>): string {
  let changes = converted.size > 0;
  for (const [from, to] of ids) if (from !== to) changes = true;
  if (!changes) return text;
  return replaceComposerContextReferences(text, (occurrence) => {
    const contextId = ids.get(occurrence.contextId);
    const kind = converted.has(occurrence.contextId) ? PREVIEW_ANNOTATION : occurrence.kind;
    if (contextId === undefined || (contextId === occurrence.contextId && kind === occurrence.kind)) return occurrence.source;
    return formatComposerContextReference({ kind, contextId, label: occurrence.label });
  });
}
