// The paste importer's code, in the rest chunk (docs/composer.md, "Paste"): one path for a paste,
// a drop from outside the editor and `restore()`. The front (paste-import.ts) reads the event's
// data while it lasts and hands it here, at once when the chunk is in, else once it is
// (import-wait.ts). Clipboard and drag data are untrusted: the fragment is read from the custom
// type or from the HTML flavor's attribute only (paste-plan.ts), the rest of any HTML is never
// looked at, and nothing here throws on what the data holds; it degrades to plain text and
// unresolved chips.
import { collectComposerContextReferences, formatComposerContextReference, sanitizeComposerContextLabel } from "../../../codec/references.js";
import type { ClipboardFragment, ComposerContextRecord } from "../../../contract/types.js";
import { insertChip, inlinePosition } from "../../../editor/insert.js";
import { chipAttrs, createChip, isChip } from "../../../editor/schema.js";
import { sliceFromText } from "../../../editor/text.js";
import { attachmentFromFile, type AttachmentEntry } from "../attachment-entry.js";
import type { Composer } from "../composer.js";
import { draftKey } from "../draft-state.js";
import { importTransaction, keepSelection, type ImportEvent, type PastedData } from "../paste-import.js";
import { isLargePaste } from "../paste-slices.js";
import { pasteLarge } from "./paste-large.js";
import { linkedIds, linkedPart, prepare, prepareFor, readFragment, startFetches } from "./paste-plan.js";

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
  composer.model.edit(keepSelection(tr, event).setMeta(draftKey, { add: [{ record, entry }] }));
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
  composer.model.edit(keepSelection(tr.replaceSelection(sliceFromText(plan.text)), event).setMeta("paste", true).setMeta("uiEvent", event.uiEvent));
  startFetches(composer, plan);
  composer.redactions.announceHidden(said, hidden);
}

/**
 * The text of a paste or a drop (the front took its files): with no fragment, a long text becomes
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
 * The records of a paste or drop that went in as plain text while this chunk could not be fetched
 * (paste-import.ts, `insertPlain`), brought now that it is in: its fragment is read as a paste's
 * is, limited to the links of its text that the draft still shows as unresolved chips, then
 * planned, redacted and fetched as a paste's records are. A chip whose id the plan changed (a
 * legacy id scoped again, an `element` become an annotation, an image or file fetched again under a
 * local id) is written again; a link inside a collapsed pasted block keeps its id, so it resolves
 * only when the plan kept it. No undo step of its own: an undo takes the pasted text out as before.
 */
export function resolvePasted(composer: Composer, data: PastedData): void {
  const fragment = readFragment(data);
  if (!fragment) return;
  const { draft, state } = composer.model;
  const missing = new Set([...linkedIds(data.text)].filter((id) => draft.counts.count(id) > 0 && !draft.records.has(id)));
  if (missing.size === 0) return;
  // A copy: `linkedPart` adds the screenshots of annotations to the set it is given.
  const prepared = prepareFor(composer, "", linkedPart(fragment, new Set(missing)));
  const { plan, hidden } = composer.redactions.paste(prepared);
  const said = composer.events.announcement;
  const tr = state.tr.setMeta("addToHistory", false);
  state.doc.descendants((node, pos) => {
    if (!isChip(node)) return true;
    const attrs = chipAttrs(node);
    if (!missing.has(attrs.contextId)) return false;
    const [link] = collectComposerContextReferences(prepared.rewrite(formatComposerContextReference(attrs)));
    if (link && (link.kind !== attrs.kind || link.contextId !== attrs.contextId)) tr.setNodeMarkup(pos, undefined, { ...attrs, kind: link.kind, contextId: link.contextId });
    return false;
  });
  composer.model.update({ add: plan.records.map((record) => ({ record })) }, tr);
  startFetches(composer, plan);
  composer.redactions.announceHidden(said, hidden);
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
