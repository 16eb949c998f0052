// The paste importer's front (docs/composer.md, "Paste"): one path for a paste, a drop from
// outside the editor and `restore()`. What must happen in the event happens here: files are
// attached at once, and the text and the fragment's flavors are copied out of the DataTransfer,
// which is empty once its event has ended. The import itself (the fragment, the plan, a large
// paste's reading) is in the rest chunk (rest/paste-text.ts): at once when the chunk is in,
// else once it is, where the paste was made (import-wait.ts). A chunk that cannot be fetched
// leaves the text in the draft as plain text (`insertPlain`), and the fragment's records join
// when the chunk is next fetched.
import { TextSelection, type Selection, type Transaction } from "prosemirror-state";
import { CONTEXT_FRAGMENT_MIME } from "../../codec/clipboard.js";
import { inlinePosition } from "../../editor/insert.js";
import { sliceFromText } from "../../editor/text.js";
import { BARE_FRAGMENT_TYPE, HTML_TYPE, PLAIN_TEXT_TYPE } from "../clipboard-payload.js";
import type { Composer } from "./composer.js";
import { attachFiles } from "./insert.js";
import { isLargePaste, pastedPiecesNow } from "./paste-slices.js";
import { pastedSlice } from "./pasted-block.js";

const LINE_BREAKS = /\r\n?/g;

/** What an import needs of a paste's or a drop's data, copied out during its event. */
export interface PastedData {
  /** The plain text, line breaks made `\n`; never empty. */
  text: string;
  /** Shift was held: a long text goes in inline anyway. */
  plain: boolean;
  /** The fragment's flavors as the data held them (`""` when absent): the custom type with Chromium's `web ` prefix, without it, and the HTML. */
  custom: string;
  bare: string;
  html: string;
}

/** What an import goes through: a paste or a drop, and where it lands. */
export interface ImportEvent {
  uiEvent: "paste" | "drop";
  /** A drop's point; `undefined`: at the selection. */
  at?: number | undefined;
  /**
   * An import that waited for the rest chunk while the draft changed (import-wait.ts): the range
   * it goes over, mapped through the changes, and the selection the person has now, which it keeps.
   */
  waited?: { from: number; to: number; keep: Selection } | undefined;
}

const PASTE: ImportEvent = { uiEvent: "paste" };

/** A transaction whose selection is where the import goes: the drop point, the range it waited at, or the selection. */
export function importTransaction(composer: Composer, { at, waited }: ImportEvent): Transaction {
  const tr = composer.model.state.tr;
  const { doc } = tr;
  if (waited) return tr.setSelection(TextSelection.create(doc, inlinePosition(doc, waited.from), inlinePosition(doc, waited.to)));
  return at === undefined ? tr : tr.setSelection(TextSelection.create(doc, inlinePosition(doc, at)));
}

/** An import that waited puts the person's selection back where it is, moved by what it inserted. */
export function keepSelection(tr: Transaction, { waited }: ImportEvent): Transaction {
  return waited ? tr.setSelection(waited.keep.map(tr.doc, tr.mapping)) : tr;
}

/**
 * A paste or drop whose code could not be fetched (after its `load-failed`): nothing of it is
 * lost. Its text goes in, redacted, as it would with no fragment and no long-paste file: its links
 * are unresolved chips until the chunk is next fetched, when the fragment's records join
 * (import-wait.ts, `keepUnresolved`), and a large text is a collapsed pasted block, made at once
 * as a saved draft's is (pasted-block.ts).
 */
function insertPlain(composer: Composer, text: string, event: ImportEvent): void {
  const said = composer.events.announcement;
  const redacted = composer.redactions.text(text);
  const slice = isLargePaste(redacted.text) ? pastedSlice(pastedPiecesNow(redacted.text)) : sliceFromText(redacted.text);
  const tr = importTransaction(composer, event).replaceSelection(slice);
  composer.model.edit(keepSelection(tr, event).setMeta("paste", true).setMeta("uiEvent", event.uiEvent));
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

function importTransfer(composer: Composer, data: DataTransfer, plain: boolean, event: ImportEvent): void {
  const files = Array.from(data.files);
  if (files.length > 0) {
    attachFiles(composer, files, event.at);
    return;
  }
  const text = data.getData(PLAIN_TEXT_TYPE).replace(LINE_BREAKS, "\n");
  if (text === "") return;
  const pasted: PastedData = { text, plain, custom: data.getData(CONTEXT_FRAGMENT_MIME), bare: data.getData(BARE_FRAGMENT_TYPE), html: data.getData(HTML_TYPE) };
  composer.imports.place(
    event,
    (rest, placed) => rest.importText(composer, pasted, placed),
    (placed) => {
      insertPlain(composer, text, placed);
      composer.imports.keepUnresolved(pasted);
    },
  );
}
