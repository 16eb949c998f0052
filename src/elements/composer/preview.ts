// The preview of what the model gets (docs/preview-and-stale.md): the provider projection of the
// message a send of the draft would carry, with the host's kind definitions (`preview()`), and the
// panel that shows it chip by chip (`showPreview()`). The projection and the panel's drawing are
// loaded on demand (on-demand/preview-panel.ts); this owns whether the panel is open, and what
// shows until it is in: a status while it loads, an alert with a retry when it cannot be loaded.
import { html, nothing, type TemplateResult } from "lit";
import { loadFailed } from "../chunks.js";
import type { Composer } from "./composer.js";
import { draftMessage } from "./message.js";
import { withComposerParts } from "./parts.js";
import type { PreviewView } from "./on-demand/preview-panel.js";

/** A `showPreview()` whose panel is not in yet: who opened it, and whether its load failed. */
interface PendingPanel {
  readonly opener: HTMLElement | null;
  failed: boolean;
}

export class PreviewPanel {
  readonly #composer: Composer;
  #view: PreviewView | null = null;
  #pending: PendingPanel | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /**
   * `preview()`: the projection of the draft as it is now, once the projection has loaded. Rejects
   * with a `load-failed` ComposerError (after its `t3-error`) when it cannot be fetched.
   */
  async project(): Promise<string> {
    const message = draftMessage(this.#composer);
    const projection = await withComposerParts(this.#composer.loads, this.#composer.host.shadowRoot, (parts) => parts.projectDraft(this.#composer, message));
    if (projection === undefined) throw loadFailed();
    return projection;
  }

  /**
   * Opens the panel on the draft as it is once the panel has loaded (`updateComplete` waits for
   * that); meanwhile a status says it loads, and a load that fails says so with a retry.
   */
  show(): void {
    const active = document.activeElement;
    this.#load(active instanceof HTMLElement ? active : null);
  }

  #load(opener: HTMLElement | null): void {
    const { host, loads } = this.#composer;
    const pending: PendingPanel = { opener, failed: false };
    this.#pending = pending;
    host.requestUpdate();
    void withComposerParts(loads, host.shadowRoot, (parts) => {
        if (this.#pending !== pending) return true; // dismissed, or asked again, meanwhile
        this.#pending = null;
        this.#view = new parts.PreviewView(this.#composer, opener, () => {
          this.#view = null;
          host.requestUpdate();
        });
        host.requestUpdate();
        return true;
      })
      .then((loaded) => {
        if (loaded !== undefined || this.#pending !== pending) return;
        pending.failed = true;
        host.requestUpdate();
      });
  }

  #dismiss(): void {
    const opener = this.#pending?.opener;
    this.#pending = null;
    this.#composer.host.requestUpdate();
    opener?.focus();
  }

  /** What stands for the panel until it is in: its status, or its failure with a retry. */
  #renderPending(pending: PendingPanel): TemplateResult {
    const strings = this.#composer.host.localizer;
    if (!pending.failed) return html`<div class="view-status" part="preview-status" role="status">${strings.text("viewLoading")}</div>`;
    return html`<div class="view-status" part="preview-status" role="alert">
      <span>${strings.text("viewLoadFailed")}</span>
      <button type="button" part="preview-retry" @click=${() => this.#load(pending.opener)}>${strings.text("viewRetry")}</button>
      <button type="button" part="preview-dismiss" @click=${() => this.#dismiss()}>${strings.text("close")}</button>
    </div>`;
  }

  /** The panel while it is open. */
  render(): TemplateResult | typeof nothing {
    if (this.#view) return this.#view.render();
    return this.#pending ? this.#renderPending(this.#pending) : nothing;
  }

  /** After a render: opens the dialog when the panel was shown. */
  sync(dialog: HTMLDialogElement | null): void {
    this.#view?.sync(dialog);
  }
}
