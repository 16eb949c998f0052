// The image shelf (docs/composer.md, "Uploads"): every image of the draft as a thumbnail.
// Removing an image's chip keeps the image; removing a thumbnail that chips still reference asks
// first (in the shadow root, never window.confirm), then removes the image and its chips. The
// shelf owns which image waits for that confirmation.
import { html, nothing, type TemplateResult } from "lit";
import type { ImageContextRecord } from "../../contract/types.js";
import { middleTruncate } from "../../presentation/labels.js";
import { urlOf } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { liveRecords } from "./draft-state.js";
import { removeContext } from "./insert.js";

export class Shelf {
  readonly #composer: Composer;
  /** The image whose removal waits for a person's confirmation. */
  #confirming: string | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  #images(): ImageContextRecord[] {
    return [...liveRecords(this.#composer.model.draft).values()].filter((record): record is ImageContextRecord => record.kind === "image");
  }

  #count(contextId: string): number {
    return this.#composer.model.draft.counts.count(contextId);
  }

  /** Removing a thumbnail: at once when no chip references it, else after a confirmation. */
  requestRemoval(contextId: string): void {
    if (this.#count(contextId) === 0) removeContext(this.#composer, contextId);
    else this.#confirming = contextId;
    this.#composer.host.requestUpdate();
  }

  #thumbnail(record: ImageContextRecord, retry: (localId: string) => void): TemplateResult {
    const { model, uploads } = this.#composer;
    const entry = model.draft.attachments.get(record.contextId);
    const url = entry && uploads.connected ? urlOf(entry) : null;
    const status = entry?.status ?? "ready";
    const name = middleTruncate(record.name);
    return html`<li part="thumbnail thumbnail-${status}" class="thumbnail" data-context-id=${record.contextId} data-status=${status}
        data-referenced=${this.#count(record.contextId) > 0 ? "true" : "false"} title=${record.name}>
      ${url ? html`<img src=${url} alt=${record.name} />` : html`<span class="t3-chip-icon thumbnail-icon" data-icon="image" aria-hidden="true"></span><span class="thumbnail-name">${name}</span>`}
      ${status === "uploading" ? html`<progress part="thumbnail-progress" max="1" .value=${entry?.progress ?? 0} aria-label="Uploading ${record.name}"></progress>` : nothing}
      ${status === "failed"
        ? html`<button type="button" part="thumbnail-retry" class="thumbnail-retry" aria-label="Retry uploading ${record.name}" @click=${() => retry(entry!.localId)}>↻</button>`
        : nothing}
      <button type="button" part="thumbnail-remove" class="thumbnail-remove" aria-label="Remove ${record.name}"
        @click=${() => this.requestRemoval(record.contextId)}>×</button>
    </li>`;
  }

  /** The shelf, or nothing when the draft has no image. */
  render(retry: (localId: string) => void): TemplateResult | typeof nothing {
    const list = this.#images();
    if (list.length === 0) return nothing;
    return html`<ul part="shelf" class="shelf" aria-label="Attached images">${list.map((record) => this.#thumbnail(record, retry))}</ul>`;
  }

  /**
   * The confirmation dialog. Its buttons act on click rather than through the dialog's `close`
   * event: Chromium delivers `close` with animation frames, which a hidden page never gets.
   */
  renderConfirm(): TemplateResult {
    const confirming = this.#confirming;
    const record = confirming ? (liveRecords(this.#composer.model.draft).get(confirming) as ImageContextRecord | undefined) : undefined;
    const count = confirming ? this.#count(confirming) : 0;
    const answer = (event: Event, remove: boolean) => {
      const contextId = this.#confirming;
      this.#confirming = null;
      (event.currentTarget as HTMLElement).closest("dialog")?.close();
      if (remove && contextId) removeContext(this.#composer, contextId);
      this.#composer.host.requestUpdate();
    };
    const closed = () => {
      // Escape closes the dialog by itself: that is a cancel.
      if (this.#confirming) {
        this.#confirming = null;
        this.#composer.host.requestUpdate();
      }
    };
    return html`<dialog part="confirm" class="confirm" aria-labelledby="confirm-text" @close=${closed}>
      <p id="confirm-text">
        Remove ${record ? `“${middleTruncate(record.name)}”` : "this image"}? The message refers to it
        ${count === 1 ? "once" : `${count} times`}; ${count === 1 ? "that reference goes" : "those references go"} too.
      </p>
      <div class="confirm-buttons">
        <button type="button" part="confirm-cancel" autofocus @click=${(event: Event) => answer(event, false)}>Cancel</button>
        <button type="button" part="confirm-remove" @click=${(event: Event) => answer(event, true)}>Remove</button>
      </div>
    </dialog>`;
  }

  /** After a render: shows or closes the dialog to match the state. */
  sync(dialog: HTMLDialogElement | null): void {
    if (!dialog) return;
    if (this.#confirming && !dialog.open && dialog.isConnected) {
      dialog.returnValue = "";
      dialog.showModal();
    } else if (!this.#confirming && dialog.open) {
      dialog.close();
    }
  }
}
