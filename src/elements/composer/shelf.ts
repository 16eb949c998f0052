// The image shelf (docs/composer.md, "Uploads"): every image of the draft as a thumbnail.
// Removing an image's chip keeps the image; removing a thumbnail that chips still reference asks
// first (in the shadow root, never window.confirm), then removes the image and its chips. The
// shelf owns which image waits for that confirmation; the dialog that asks is shelf-confirm.ts's.
import { html, nothing, type TemplateResult } from "lit";
import type { ImageContextRecord } from "../../contract/types.js";
import { middleTruncate } from "../../presentation/labels.js";
import { urlOf } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { liveRecords } from "./draft-state.js";
import { removeContext } from "./insert.js";
import { renderShelfConfirm, syncShelfConfirm } from "./shelf-confirm.js";

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

  /** The image whose removal waits for a person's answer, or `null`. */
  get confirming(): string | null {
    return this.#confirming;
  }

  /** How many chips reference `contextId`. */
  count(contextId: string): number {
    return this.#composer.model.draft.counts.count(contextId);
  }

  /** Removing a thumbnail: at once when no chip references it, else after a confirmation. */
  requestRemoval(contextId: string): void {
    if (this.count(contextId) === 0) removeContext(this.#composer, contextId);
    else this.#confirming = contextId; // the dialog asks at the next render (shelf-confirm.ts)
    this.#composer.host.requestUpdate();
  }


  /** The person answered (or Escape closed the dialog): the image asked about, and no question any more. */
  answer(): string | null {
    const contextId = this.#confirming;
    this.#confirming = null;
    this.#composer.host.requestUpdate();
    return contextId;
  }

  #thumbnail(record: ImageContextRecord, retry: (localId: string) => void): TemplateResult {
    const { model, uploads } = this.#composer;
    const entry = model.draft.attachments.get(record.contextId);
    const url = entry && uploads.connected ? urlOf(entry) : null;
    const status = entry?.status ?? "ready";
    const name = middleTruncate(record.name);
    const strings = this.#composer.host.localizer;
    return html`<li part="thumbnail thumbnail-${status}" class="thumbnail" data-context-id=${record.contextId} data-status=${status}
        data-referenced=${this.count(record.contextId) > 0 ? "true" : "false"} title=${record.name}>
      ${url ? html`<img src=${url} alt=${record.name} />` : html`<span class="t3-chip-icon thumbnail-icon" data-icon="image" aria-hidden="true"></span><span class="thumbnail-name">${name}</span>`}
      ${status === "uploading" ? html`<progress part="thumbnail-progress" max="1" .value=${entry?.progress ?? 0} aria-label=${strings.text("uploadingFile", { name: record.name })}></progress>` : nothing}
      ${status === "failed"
        ? html`<button type="button" part="thumbnail-retry" class="thumbnail-retry" aria-label=${strings.text("retryUpload", { name: record.name })} @click=${() => retry(entry!.localId)}>↻</button>`
        : nothing}
      <button type="button" part="thumbnail-remove" class="thumbnail-remove" aria-label=${strings.text("removeFile", { name: record.name })}
        @click=${() => this.requestRemoval(record.contextId)}>×</button>
    </li>`;
  }

  /** The shelf, or nothing when the draft has no image. */
  render(retry: (localId: string) => void): TemplateResult | typeof nothing {
    const list = this.#images();
    if (list.length === 0) return nothing;
    return html`<ul part="shelf" class="shelf" aria-label=${this.#composer.host.localizer.text("attachedImages")}>${list.map((record) => this.#thumbnail(record, retry))}</ul>`;
  }

  /** The confirmation dialog. */
  renderConfirm(): TemplateResult {
    return renderShelfConfirm(this.#composer);
  }

  /** After a render: shows or closes the dialog (part `confirm`) to match the state. */
  sync(dialog: HTMLDialogElement | null): void {
    if (dialog) syncShelfConfirm(this.#composer, dialog);
  }
}
