// The preview of what the model gets (docs/preview-and-stale.md): the provider projection of the
// message a send of the draft would carry, with the host's kind definitions (`preview()`), and the
// panel that shows it chip by chip (`showPreview()`). The panel's drawing is loaded on demand
// (on-demand/preview-panel.ts); this owns whether it is open.
import { nothing, type TemplateResult } from "lit";
import { projectComposerContextForProvider } from "../../codec/projection.js";
import type { OutgoingMessage } from "../../transport/types.js";
import type { Composer } from "./composer.js";
import { outgoingMessage } from "./message.js";
import type { PreviewView } from "./on-demand/preview-panel.js";

/** The message a send of the draft would carry now (its id is never used). */
export function draftMessage(composer: Composer): OutgoingMessage | null {
  return outgoingMessage(composer, "preview");
}

/**
 * The provider projection of `message` (default: what a send of the draft would carry now) with
 * the composer's `kinds`, else its registry's definitions.
 */
export function projectDraft(composer: Composer, message = draftMessage(composer)): string {
  if (!message) return "";
  const { host } = composer;
  return projectComposerContextForProvider({ text: message.text, records: message.context?.records ?? [] }, { kinds: host.kinds ?? host.registry.definitions() });
}

export class PreviewPanel {
  readonly #composer: Composer;
  #view: PreviewView | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
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
