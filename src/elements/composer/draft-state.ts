// Which records and attachments the draft holds, as plugin state of its editor state
// (docs/composer.md, "Drafts"; docs/architecture.md, "Who owns what"). The plugin keeps a table
// of every record the draft has known, keyed by context id, that only grows; which of them are
// live follows from the chips the document holds. An undo, a redo, a cut, a paste or a drag
// changes the document, and with it the live set: no record is moved by hand, so none can be
// left behind or brought back wrong.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { EditorState, Plugin, PluginKey, Selection, type Transaction } from "prosemirror-state";
import type { ComposerContextRecord } from "../../contract/types.js";
import { ReferenceCounts, type ReferenceDelta } from "../../editor/references.js";
import type { AttachmentEntry } from "./attachment-entry.js";

export interface DraftState {
  /**
   * Every record the draft has held or been given, by context id, in the order they came. A
   * record no chip references stays here, so that undoing its chip's removal brings it back.
   */
  readonly records: ReadonlyMap<string, ComposerContextRecord>;
  /** The attachment entry bound to each image or file record, by context id; it grows as `records` does. */
  readonly attachments: ReadonlyMap<string, AttachmentEntry>;
  /** How many chips reference each context id. */
  readonly counts: ReferenceCounts;
  /** Images kept (on the shelf) while no chip references them: they joined, and were not removed. */
  readonly shelf: ReadonlySet<string>;
  /** What the transaction that made this state did to the chips (empty when it made none). */
  readonly delta: ReferenceDelta;
  /** The context ids whose record, chips or shelf place the transaction that made this state changed. */
  readonly touched: ReadonlySet<string>;
}

/** What a transaction tells the plugin, beyond its steps (`tr.setMeta(draftKey, update)`). */
export interface DraftUpdate {
  /** Records that join when a chip references them (with their attachments); a live record of the same id stays. */
  readonly add?: readonly { record: ComposerContextRecord; entry?: AttachmentEntry | undefined }[];
  /** Images that join the shelf without a chip (the screenshot of an annotation the draft references). */
  readonly keep?: readonly string[];
  /** New versions of known records (same context id), such as an image bound to the host's id. */
  readonly update?: readonly ComposerContextRecord[];
  /** Images taken off the shelf (`removeContext`, a thumbnail's remove button). */
  readonly drop?: readonly string[];
}

/** What a new draft starts with (`createDraftState`). */
export interface DraftContent {
  readonly records: readonly ComposerContextRecord[];
  readonly attachments: readonly AttachmentEntry[];
}

export const draftKey = new PluginKey<DraftState>("t3-draft");

const NOTHING: ReadonlySet<string> = new Set();
const NO_DELTA: ReferenceDelta = new Map();

/** Whether `contextId` is in the draft: a known record that a chip references, or a kept image. */
export function isLive(draft: DraftState, contextId: string): boolean {
  return draft.records.has(contextId) && (draft.counts.count(contextId) > 0 || draft.shelf.has(contextId));
}

const liveCache = new WeakMap<DraftState, ReadonlyMap<string, ComposerContextRecord>>();

/** The records of the draft, by context id, in the order they came. */
export function liveRecords(draft: DraftState): ReadonlyMap<string, ComposerContextRecord> {
  let live = liveCache.get(draft);
  if (!live) {
    live = new Map([...draft.records].filter(([contextId]) => isLive(draft, contextId)));
    liveCache.set(draft, live);
  }
  return live;
}

/** The live record of `contextId`, if the draft has it. */
export function liveRecord(draft: DraftState, contextId: string): ComposerContextRecord | undefined {
  return isLive(draft, contextId) ? draft.records.get(contextId) : undefined;
}

/** The live attachment entry of `contextId`, if the draft has it. */
export function liveAttachment(draft: DraftState, contextId: string): AttachmentEntry | undefined {
  return isLive(draft, contextId) ? draft.attachments.get(contextId) : undefined;
}

/** The live attachment entries, in their records' order. */
export function liveAttachments(draft: DraftState): AttachmentEntry[] {
  const entries: AttachmentEntry[] = [];
  for (const contextId of liveRecords(draft).keys()) {
    const entry = draft.attachments.get(contextId);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** The draft plugin's state of `state`. */
export function draftOf(state: EditorState): DraftState {
  return draftKey.getState(state)!;
}

function initial(doc: ProseMirrorNode, content: DraftContent): DraftState {
  const counts = ReferenceCounts.of(doc);
  const records = new Map<string, ComposerContextRecord>();
  // A new draft holds what its chips reference, and images (the shelf); other records are dropped.
  for (const record of content.records) {
    if (records.has(record.contextId) || (counts.count(record.contextId) === 0 && record.kind !== "image")) continue;
    records.set(record.contextId, record);
  }
  const shelf = new Set([...records.values()].filter((record) => record.kind === "image").map((record) => record.contextId));
  const attachments = new Map(content.attachments.filter((entry) => records.has(entry.contextId)).map((entry) => [entry.contextId, entry]));
  return { records, attachments, counts, shelf, delta: NO_DELTA, touched: NOTHING };
}

/** Copies `map` on its first change in a transaction, so that states before it stay as they were. */
function writable<K, V>(map: ReadonlyMap<K, V>, copied: Set<unknown>): Map<K, V> {
  if (copied.has(map)) return map as Map<K, V>;
  const copy = new Map(map);
  copied.add(copy);
  return copy;
}

function applyUpdate(tr: Transaction, draft: DraftState): DraftState {
  const update = tr.getMeta(draftKey) as DraftUpdate | undefined;
  if (!update && !tr.docChanged) return draft;
  const copied = new Set<unknown>();
  let { records, attachments, shelf } = draft;
  const touched = new Set<string>();
  for (const { record, entry } of update?.add ?? []) {
    if (isLive(draft, record.contextId)) continue;
    records = writable(records, copied);
    (records as Map<string, ComposerContextRecord>).set(record.contextId, record);
    if (entry) (attachments = writable(attachments, copied) as Map<string, AttachmentEntry>).set(record.contextId, entry);
    touched.add(record.contextId);
  }
  for (const record of update?.update ?? []) {
    if (!records.has(record.contextId)) continue;
    (records = writable(records, copied) as Map<string, ComposerContextRecord>).set(record.contextId, record);
    touched.add(record.contextId);
  }
  const { counts, delta } = tr.docChanged ? draft.counts.apply(tr) : { counts: draft.counts, delta: NO_DELTA };
  for (const contextId of delta.keys()) touched.add(contextId);
  for (const contextId of [...(update?.drop ?? []), ...(update?.keep ?? [])]) touched.add(contextId);
  // A keystroke that touches no chip ends here, with the very same state.
  if (touched.size === 0) return draft; // (the counts change only with a non-empty delta)
  const nextShelf = new Set(shelf);
  for (const contextId of update?.drop ?? []) nextShelf.delete(contextId);
  // An image joins the shelf with its first chip, and stays when its chips go.
  const kept = new Set(update?.keep);
  for (const contextId of touched) {
    if (records.get(contextId)?.kind === "image" && (counts.count(contextId) > 0 || kept.has(contextId))) nextShelf.add(contextId);
  }
  if (nextShelf.size !== shelf.size || [...nextShelf].some((contextId) => !shelf.has(contextId))) shelf = nextShelf;
  return { records, attachments, counts, shelf, delta, touched };
}

/** The plugin. Its state starts from the `draft` field of the state's config (`createDraftState`). */
export function draftPlugin(): Plugin<DraftState> {
  return new Plugin<DraftState>({
    key: draftKey,
    state: {
      init: (config, state) => initial(state.doc, (config as { draft?: DraftContent }).draft ?? { records: [], attachments: [] }),
      apply: (tr, draft) => applyUpdate(tr, draft),
    },
  });
}

/** A fresh state for `doc` holding `content`: caret at the end, empty undo history. */
export function createDraftState(doc: ProseMirrorNode, plugins: readonly Plugin[], content: DraftContent): EditorState {
  return EditorState.create({ doc, plugins, selection: Selection.atEnd(doc), draft: content } as Parameters<typeof EditorState.create>[0]);
}
