// The importer (docs/composer.md, "Paste"): one path for a paste, a drop from outside
// the editor and `restore()`. Clipboard and drag data are untrusted: the fragment is read from
// the custom type or from the HTML flavor's attribute only, the rest of any HTML is never looked
// at, and nothing here throws on what the data holds; it degrades to plain text and unresolved
// chips.
import { TextSelection, type Transaction } from "prosemirror-state";
import { CONTEXT_FRAGMENT_MIME, decodeClipboardFragment, decodeClipboardHtml } from "../../codec/clipboard.js";
import { collectComposerContextReferences, sanitizeComposerContextLabel } from "../../codec/references.js";
import { asKnownContextRecord } from "../../contract/kinds.js";
import type { ClipboardFragment, ComposerContextRecord } from "../../contract/types.js";
import { insertChip, inlinePosition } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { sliceFromText } from "../../editor/text.js";
import { BARE_FRAGMENT_TYPE, HTML_TYPE, PLAIN_TEXT_TYPE } from "../clipboard-payload.js";
import { attachmentFromFile, mintLocalId, type AttachmentEntry } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import type { ComposerRest } from "./rest.js";
import { draftKey } from "./draft-state.js";
import { isLargePaste } from "./paste-slices.js";
import { setPasteProgress } from "./pasted-block.js";
import { planRecords, type ImportPlan } from "./import-plan.js";
import { attachFiles } from "./insert.js";
import { decodedRecord } from "./record-check.js";

/** `long-paste-threshold` when the attribute is absent or not a number ≥ 0 (docs/composer.md, "Paste"). */
export const DEFAULT_LONG_PASTE_THRESHOLD = 4000;
/** The file a long paste becomes. */
const LONG_PASTE_FILE_NAME = "Pasted text.txt";
const LONG_PASTE_MIME_TYPE = "text/plain";
const LINE_BREAKS = /\r\n?/g;

/**
 * The fragment of a paste (docs/composer.md, "Paste"): the custom type first (with or without
 * Chromium's `web ` prefix), then the HTML flavor's attribute. `null` when there is none. Its
 * records are then limited to what the pasted text links to (`linkedPart`).
 */
function readFragment(data: DataTransfer): ClipboardFragment | null {
  return (
    decodeClipboardFragment(data.getData(CONTEXT_FRAGMENT_MIME)) ??
    decodeClipboardFragment(data.getData(BARE_FRAGMENT_TYPE)) ??
    decodeClipboardHtml(data.getData(HTML_TYPE))
  );
}

/** The context ids `text` links to. */
function linkedIds(text: string): Set<string> {
  return new Set(collectComposerContextReferences(text).map((occurrence) => occurrence.contextId));
}

/** `fragment` with the records `linked` names; kept annotations keep their screenshot image. */
export function linkedPart(fragment: ClipboardFragment, linked: Set<string>): ClipboardFragment {
  for (const record of fragment.records) {
    const known = asKnownContextRecord(record);
    if (known?.kind === "preview-annotation" && linked.has(known.contextId) && known.screenshotContextId) linked.add(known.screenshotContextId);
  }
  return { ...fragment, records: fragment.records.filter((record) => linked.has(record.contextId)) };
}

/** An import plan, with `rewrite` for the links of text planned apart (a large paste's pieces). */
export interface PreparedImport extends ImportPlan {
  rewrite(text: string): string;
}

/** The plan, every record in it decoded again into a frozen copy (the plan builds new objects). */
function prepare(
  text: string,
  records: readonly ComposerContextRecord[],
  sourceEnvironmentId: string | null,
  held: (contextId: string) => ComposerContextRecord | undefined,
): PreparedImport {
  const plan = planRecords(records, { held, sourceEnvironmentId, mintLocalId });
  return {
    rewrite: plan.rewrite,
    text: plan.rewrite(text),
    records: plan.records.map(decodedRecord).filter((record) => record !== null),
    fetches: plan.fetches.flatMap((fetch) => {
      const record = decodedRecord(fetch.record);
      return record ? [{ ...fetch, record: record as typeof fetch.record }] : [];
    }),
  };
}

/** `prepare` for a paste into the draft: records it holds (or is fetching) are not brought again. */
export function prepareFor(composer: Composer, text: string, fragment: ClipboardFragment | null): PreparedImport {
  const known = composer.model.draft.records;
  const held = (contextId: string) => known.get(contextId) ?? composer.uploads.imports.get(contextId)?.record;
  return prepare(text, fragment?.records ?? [], fragment?.source.environmentId ?? null, held);
}

export function startFetches(composer: Composer, plan: ImportPlan): void {
  for (const fetch of plan.fetches) composer.uploads.fetch(composer.uploads.imports.add(fetch));
}

/** What `long-paste-threshold` says: a number ≥ 0, else the default. */
export function longPasteThreshold(value: number | null | undefined): number {
  return typeof value === "number" && value >= 0 ? value : DEFAULT_LONG_PASTE_THRESHOLD;
}

/** What an import goes through: a paste or a drop, and where a drop lands (`undefined`: at the selection). */
export interface ImportEvent {
  uiEvent: "paste" | "drop";
  at?: number | undefined;
}

const PASTE: ImportEvent = { uiEvent: "paste" };

/** A transaction whose selection is where the import goes: collapsed at the drop point, or the selection. */
export function importTransaction(composer: Composer, { at }: ImportEvent): Transaction {
  const tr = composer.model.state.tr;
  return at === undefined ? tr : tr.setSelection(TextSelection.create(tr.doc, inlinePosition(tr.doc, at)));
}

/**
 * Pastes `text` (with `fragment`, when the clipboard had one) over the selection, or inserts it
 * at a drop point: the records the draft does not hold join it as their chips land, images and
 * files are fetched again.
 */
export function pasteText(composer: Composer, text: string, fragment: ClipboardFragment | null, event = PASTE): void {
  // Captured text is redacted as it enters: the pasted text and the records that join (redaction.ts).
  const { plan, hidden } = composer.redactions.paste(prepareFor(composer, text, fragment));
  const said = composer.events.announcement;
  // The records join the draft with their chips (draft-state.ts), so an undo of the paste takes
  // them out again and a redo brings them back.
  const tr = importTransaction(composer, event).setMeta(draftKey, { add: plan.records.map((record) => ({ record })) });
  // One undo step of its own, as a host's insertion is: typing right after a paste does not
  // undo the paste with it.
  composer.model.edit(tr.replaceSelection(sliceFromText(plan.text)).setMeta("paste", true).setMeta("uiEvent", event.uiEvent));
  startFetches(composer, plan);
  composer.redactions.announceHidden(said, hidden);
}

/** A long plain-text paste (or drop) becomes a text file attached over the selection. */
function pasteAsFile(composer: Composer, text: string, event: ImportEvent): void {
  // Redacted before the bytes are made, so that what uploads never held the secrets (redaction.ts).
  const redacted = composer.redactions.text(text, false);
  const { record, entry } = attachmentFromFile(new File([redacted.text], LONG_PASTE_FILE_NAME, { type: LONG_PASTE_MIME_TYPE }));
  if (redacted.hidden > 0) composer.redactions.keepFile(record.contextId, new File([text], LONG_PASTE_FILE_NAME, { type: LONG_PASTE_MIME_TYPE }), redacted.hidden);
  const said = composer.events.announcement;
  const tr = importTransaction(composer, event).deleteSelection();
  const chip = createChip({ kind: record.kind, contextId: record.contextId, label: sanitizeComposerContextLabel(record.name, record.kind) });
  insertChip(tr, chip, inlinePosition(tr.doc, tr.selection.from));
  // It joins (and starts uploading) with its chip.
  composer.model.edit(tr.setMeta(draftKey, { add: [{ record, entry }] }));
  composer.redactions.announceHidden(said, redacted.hidden);
}

/**
 * The paste handler. Files are attached; otherwise the plain text is what is pasted, with the
 * records of the fragment that came with it. Clipboard HTML without a fragment is ignored (the
 * plain text goes in), and so is a clipboard with no plain text. `plain` (Shift held) pastes a
 * long text inline anyway. Always takes the paste: ProseMirror must never parse its HTML.
 */
export function pasteClipboard(composer: Composer, data: DataTransfer, plain: boolean): boolean {
  importTransfer(composer, data, plain, PASTE);
  return true;
}

/**
 * A drop from outside the editor, at `pos` (`null`: at the selection): taken as a paste is
 * (files attached, else the plain text with the records of a valid fragment, never the HTML),
 * but where it lands. A selection dragged inside the editor never comes here (src/editor/clipboard.ts).
 */
export function dropTransfer(composer: Composer, data: DataTransfer, pos: number | null): boolean {
  if (!composer.host.canEdit) return false;
  importTransfer(composer, data, false, { uiEvent: "drop", at: pos ?? undefined });
  return true;
}

/**
 * A large paste (docs/composer.md, "Large pastes"), read in slices by the rest chunk
 * (rest/paste-large.ts, rest.ts). What it needs of the event is read here, in it; its
 * progress shows at once, and it goes on when the chunk is in (at the selection of that moment,
 * if the draft changed meanwhile). A chunk that cannot be fetched ends it with a `load-failed`.
 */
function pasteLarge(composer: Composer, text: string, fragment: ClipboardFragment | null, event: ImportEvent): void {
  const { rest } = composer;
  const doc = composer.model.state.doc;
  setPasteProgress(composer, 0);
  const read = (chunk: ComposerRest): true => {
    void chunk.pasteLarge(composer, text, fragment, composer.model.state.doc === doc ? event : { uiEvent: event.uiEvent });
    return true;
  };
  if (rest.loaded) read(rest.loaded);
  else {
    void rest.run(read).then((started) => {
      if (!started) setPasteProgress(composer, null);
    });
  }
}

function importTransfer(composer: Composer, data: DataTransfer, plain: boolean, event: ImportEvent): void {
  const files = Array.from(data.files);
  if (files.length > 0) {
    attachFiles(composer, files, event.at);
    return;
  }
  const text = data.getData(PLAIN_TEXT_TYPE).replace(LINE_BREAKS, "\n");
  if (text === "") return;
  const fragment = readFragment(data);
  if (!fragment && !plain && text.length > longPasteThreshold(composer.host.longPasteThreshold)) pasteAsFile(composer, text, event);
  else if (isLargePaste(text)) pasteLarge(composer, text, fragment, event);
  else pasteText(composer, text, fragment && linkedPart(fragment, linkedIds(text)), event);
}

/**
 * `restore()`: the draft becomes `text` with `records`, through the same plan as a paste into
 * an empty draft (legacy ids re-scoped, an `element` becoming an annotation, invalid records
 * dropped). Images and files are the draft's own: they keep their ids, with `entries` (their
 * bytes and upload state) when the stash kept them.
 */
export function restoreText(
  composer: Composer,
  text: string,
  records: readonly ComposerContextRecord[],
  entries: ReadonlyMap<string, AttachmentEntry>,
): void {
  const plan = prepare(text, records, null, () => undefined);
  composer.model.replace(plan.text, plan.records, entries);
}
