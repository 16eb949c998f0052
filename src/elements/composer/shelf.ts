// The image shelf (ui.md point 9): every image of the draft as a thumbnail. Removing an image's
// chip keeps the image; removing a thumbnail that chips still reference asks first (in the
// shadow root, never window.confirm), then removes the image and its chips.
import { html, nothing, type TemplateResult } from "lit";
import type { ImageContextRecord } from "../../contract/types.js";
import { middleTruncate } from "../../presentation/labels.js";
import { urlOf } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { removeContext } from "./insert.js";

function images(core: ComposerCore): ImageContextRecord[] {
  return [...core.records.live.values()].filter((record): record is ImageContextRecord => record.kind === "image");
}

/** Removing a thumbnail: at once when no chip references it, else after a confirmation. */
export function requestImageRemoval(core: ComposerCore, contextId: string): void {
  if (core.counts.count(contextId) === 0) removeContext(core, contextId);
  else core.confirming = contextId;
  core.host.requestUpdate();
}

function thumbnail(core: ComposerCore, record: ImageContextRecord, retry: (localId: string) => void): TemplateResult {
  const entry = core.attachments.get(record.contextId);
  const url = entry && core.connected ? urlOf(entry) : null;
  const status = entry?.status ?? "ready";
  const name = middleTruncate(record.name);
  const strings = core.host.localizer;
  return html`<li part="thumbnail thumbnail-${status}" class="thumbnail" data-context-id=${record.contextId} data-status=${status}
      data-referenced=${core.counts.count(record.contextId) > 0 ? "true" : "false"} title=${record.name}>
    ${url ? html`<img src=${url} alt=${record.name} />` : html`<span class="t3-chip-icon thumbnail-icon" data-icon="image" aria-hidden="true"></span><span class="thumbnail-name">${name}</span>`}
    ${status === "uploading" ? html`<progress part="thumbnail-progress" max="1" .value=${entry?.progress ?? 0} aria-label=${strings.text("uploadingFile", { name: record.name })}></progress>` : nothing}
    ${status === "failed"
      ? html`<button type="button" part="thumbnail-retry" class="thumbnail-retry" aria-label=${strings.text("retryUpload", { name: record.name })} @click=${() => retry(entry!.localId)}>↻</button>`
      : nothing}
    <button type="button" part="thumbnail-remove" class="thumbnail-remove" aria-label=${strings.text("removeFile", { name: record.name })}
      @click=${() => requestImageRemoval(core, record.contextId)}>×</button>
  </li>`;
}

/** The shelf, or nothing when the draft has no image. */
export function renderShelf(core: ComposerCore, retry: (localId: string) => void): TemplateResult | typeof nothing {
  const list = images(core);
  if (list.length === 0) return nothing;
  return html`<ul part="shelf" class="shelf" aria-label=${core.host.localizer.text("attachedImages")}>${list.map((record) => thumbnail(core, record, retry))}</ul>`;
}

/**
 * The confirmation dialog. Its buttons act on click rather than through the dialog's `close`
 * event: Chromium delivers `close` with animation frames, which a hidden page never gets.
 */
export function renderConfirm(core: ComposerCore): TemplateResult {
  const record = core.confirming ? (core.records.get(core.confirming) as ImageContextRecord | undefined) : undefined;
  const count = core.confirming ? core.counts.count(core.confirming) : 0;
  const answer = (event: Event, remove: boolean) => {
    const contextId = core.confirming;
    core.confirming = null;
    (event.currentTarget as HTMLElement).closest("dialog")?.close();
    if (remove && contextId) removeContext(core, contextId);
    core.host.requestUpdate();
  };
  const strings = core.host.localizer;
  const closed = () => {
    // Escape closes the dialog by itself: that is a cancel.
    if (core.confirming) {
      core.confirming = null;
      core.host.requestUpdate();
    }
  };
  return html`<dialog part="confirm" class="confirm" aria-labelledby="confirm-text" @close=${closed}>
    <p id="confirm-text">${strings.text("confirmRemoveImage", { name: middleTruncate(record?.name ?? ""), count })}</p>
    <div class="confirm-buttons">
      <button type="button" part="confirm-cancel" autofocus @click=${(event: Event) => answer(event, false)}>${strings.text("cancel")}</button>
      <button type="button" part="confirm-remove" @click=${(event: Event) => answer(event, true)}>${strings.text("remove")}</button>
    </div>
  </dialog>`;
}

/** After a render: shows or closes the dialog to match the state. */
export function syncConfirm(core: ComposerCore, dialog: HTMLDialogElement | null): void {
  if (!dialog) return;
  if (core.confirming && !dialog.open && dialog.isConnected) {
    dialog.returnValue = "";
    dialog.showModal();
  } else if (!core.confirming && dialog.open) {
    dialog.close();
  }
}
