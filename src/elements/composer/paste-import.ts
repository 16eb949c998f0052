// The paste importer (docs/composer.md, "Paste"): one path for a paste, a drop from outside the
// editor and `restore()`. What must happen in the event happens first: files are attached, and the
// text and the fragment's flavors are copied out of the DataTransfer, which is empty once its event
// has ended. Then the text is imported at once: with the records of its fragment (paste-plan.ts), as
// a file when it is long, or read in slices when it is large (paste-large.ts). Clipboard and drag
// data are untrusted: the fragment is read from the custom type or from the HTML flavor's attribute
// only, the rest of any HTML is never looked at, and nothing here throws on what the data holds; it
// degrades to plain text and unresolved chips.
import { CONTEXT_FRAGMENT_MIME } from "../../codec/clipboard.js";
import { sanitizeComposerContextLabel } from "../../codec/references.js";
import type { ClipboardFragment, ComposerContextRecord } from "../../contract/types.js";
import { insertChip, inlinePosition } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { sliceFromText } from "../../editor/text.js";
import { BARE_FRAGMENT_TYPE, HTML_TYPE, PLAIN_TEXT_TYPE } from "../clipboard-payload.js";
import { attachmentFromFile, type AttachmentEntry } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { draftKey } from "./draft-state.js";
import { attachFiles } from "./insert.js";
import { pasteLarge } from "./paste-large.js";
import { importTransaction, linkedIds, linkedPart, prepare, prepareFor, readFragment, startFetches, type ImportEvent, type PastedData } from "./paste-plan.js";
import { isLargePaste } from "./paste-slices.js";

const LINE_BREAKS = /\r\n?/g;

const PASTE: ImportEvent = { uiEvent: "paste" };

/** `long-paste-threshold` when the attribute is absent or not a number ≥ 0 (docs/composer.md, "Paste"). */
const DEFAULT_LONG_PASTE_THRESHOLD = 4000;
/** The file a long paste becomes. */
const LONG_PASTE_FILE_NAME = "Pasted text.txt";
const LONG_PASTE_MIME_TYPE = "text/plain";

/** What `long-paste-threshold` says: a number ≥ 0, else the default. */
function longPasteThreshold(value: number | null | undefined): number {
  return typeof value === "number" && value >= 0 ? value : DEFAULT_LONG_PASTE_THRESHOLD;
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
 * Pastes `text` (with `fragment`, when the clipboard had one) over the selection, or inserts it
 * at a drop point: the records the draft does not hold join it as their chips land, images and
 * files are fetched again.
 */
function pasteText(composer: Composer, text: string, fragment: ClipboardFragment | null, event: ImportEvent): void {
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

/**
 * The text of a paste or a drop (`importTransfer` took its files): with no fragment, a long text becomes
 * a file (unless `plain`: Shift held); a large one is read in slices (paste-large.ts); any other
 * is pasted with the records of its fragment that it links to. Clipboard HTML without a fragment
 * is ignored: the plain text goes in.
 */
export function importText(composer: Composer, data: PastedData, event: ImportEvent): void {
  const { text } = data;
  const fragment = readFragment(data);
  if (!fragment && !data.plain && text.length > longPasteThreshold(composer.host.longPasteThreshold)) pasteAsFile(composer, text, event);
  else if (isLargePaste(text)) void pasteLarge(composer, text, fragment, event);
  else pasteText(composer, text, fragment && linkedPart(fragment, linkedIds(text)), event);
}

/**
 * `restore()` and edit mode: the draft becomes `text` with `records`, through the same plan as a
 * paste into an empty draft (legacy ids re-scoped, an `element` becoming an annotation, invalid
 * records dropped). Images and files are the draft's own: they keep their ids, with `entries`
 * (their bytes and upload state) when the stash kept them.
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

function importTransfer(composer: Composer, data: DataTransfer, plain: boolean, event: ImportEvent): void {
  const files = Array.from(data.files);
  if (files.length > 0) {
    attachFiles(composer, files, event.at);
    return;
  }
  const text = data.getData(PLAIN_TEXT_TYPE).replace(LINE_BREAKS, "\n");
  if (text === "") return;
  const pasted: PastedData = { text, plain, custom: data.getData(CONTEXT_FRAGMENT_MIME), bare: data.getData(BARE_FRAGMENT_TYPE), html: data.getData(HTML_TYPE) };
  importText(composer, pasted, event);
}
