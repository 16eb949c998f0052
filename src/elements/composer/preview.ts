// The preview of what the model gets (docs/preview-and-stale.md): the provider projection of the
// message a send of the draft would carry, with the host's kind definitions (`preview()`), and the
// panel that shows it chip by chip (`showPreview()`). The projection and the panel's drawing are
// loaded on demand (on-demand/preview-panel.ts); this owns whether the panel is open.
import { nothing, type TemplateResult } from "lit";
import { loadFailed } from "../chunks.js";
import type { OutgoingMessage } from "../../transport/types.js";
import type { Composer } from "./composer.js";
import { outgoingMessage } from "./message.js";
import type { PreviewView } from "./on-demand/preview-panel.js";

/** The message a send of the draft would carry now (its id is never used). */
export function draftMessage(composer: Composer): OutgoingMessage | null {
  return outgoingMessage(composer, "preview");
}

export class PreviewPanel {
  readonly #composer: Composer;
  #view: PreviewView | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /**
   * `preview()`: the projection of the draft as it is now, once the projection has loaded. Rejects
   * with a `load-failed` ComposerError (after its `t3-error`) when it cannot be fetched.
   */
  async project(): Promise<string> {
    const message = draftMessage(this.#composer);
    const projection = await this.#composer.onDemand.run((parts) => parts.projectDraft(this.#composer, message));
    if (projection === undefined) throw loadFailed();
    return projection;
  }

  /** Opens the panel on the draft as it is once the panel has loaded (`updateComplete` waits for that). */
  show(): void {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement ? active : null;
    const { host, onDemand } = this.#composer;
    void onDemand.run((parts) => {
      this.#view = new parts.PreviewView(this.#composer, opener, () => {
        this.#view = null;
        host.requestUpdate();
      });
      host.requestUpdate();
    });
  }

  /** The panel while it is open. */
  render(): TemplateResult | typeof nothing {
    return this.#view?.render() ?? nothing;
  }

  /** After a render: opens the dialog when the panel was shown. */
  sync(dialog: HTMLDialogElement | null): void {
    this.#view?.sync(dialog);
  }
}
