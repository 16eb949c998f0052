// The shelf's confirmation (docs/composer.md, "Uploads"): the dialog asked when a thumbnail that
// chips still reference is removed, and its answer. The shelf (shelf.ts) keeps the thumbnails and
// which image waits for the answer.
import { html, type TemplateResult } from "lit";
import type { ImageContextRecord } from "../../contract/types.js";
import { middleTruncate } from "../../presentation/labels.js";
import type { Composer } from "./composer.js";
import { liveRecords } from "./draft-state.js";
import { removeContext } from "./insert.js";

/**
 * The confirmation dialog. Its buttons act on click rather than through the dialog's `close`
 * event: Chromium delivers `close` with animation frames, which a hidden page never gets.
 */
export function renderShelfConfirm(composer: Composer): TemplateResult {
  const { shelf } = composer;
  const confirming = shelf.confirming;
  const record = confirming ? (liveRecords(composer.model.draft).get(confirming) as ImageContextRecord | undefined) : undefined;
  const count = confirming ? shelf.count(confirming) : 0;
  const answer = (event: Event, remove: boolean) => {
    const contextId = shelf.answer();
    (event.currentTarget as HTMLElement).closest("dialog")?.close();
    if (remove && contextId) removeContext(composer, contextId);
  };
  // Escape closes the dialog by itself: that is a cancel.
  const closed = () => void (shelf.confirming && shelf.answer());
  const strings = composer.host.localizer;
  return html`<dialog part="confirm" class="confirm" aria-labelledby="confirm-text" @close=${closed}>
    <p id="confirm-text">${strings.text("confirmRemoveImage", { name: middleTruncate(record?.name ?? ""), count })}</p>
    <div class="confirm-buttons">
      <button type="button" part="confirm-cancel" autofocus @click=${(event: Event) => answer(event, false)}>${strings.text("cancel")}</button>
      <button type="button" part="confirm-remove" @click=${(event: Event) => answer(event, true)}>${strings.text("remove")}</button>
    </div>
  </dialog>`;
}

/** After a render: shows or closes the dialog to match the shelf. */
export function syncShelfConfirm(composer: Composer, dialog: HTMLDialogElement): void {
  const waiting = composer.shelf.confirming !== null;
  if (waiting && !dialog.open && dialog.isConnected) {
    dialog.returnValue = "";
    dialog.showModal();
  } else if (!waiting && dialog.open) {
    dialog.close();
  }
}
