// The preview of what the model gets (docs/preview-and-stale.md): the provider projection of the
// message a send of the draft would carry, with the host's kind definitions, and a panel that
// shows it chip by chip. The panel owns whether it is open, what it shows and who opened it.
import { html, nothing, type TemplateResult } from "lit";
import { ENVELOPE_CLOSE, ENVELOPE_OPEN, projectComposerContextForProvider } from "../../codec/projection.js";
import { resolveChip } from "../../presentation/resolve.js";
import type { Composer } from "./composer.js";
import { outgoingMessage } from "./message.js";
import type { OutgoingMessage } from "../../transport/types.js";

/** Each envelope entry starts a line with this; a body cannot, since the projection escapes `<context` in it. */
const ENTRY_START = /\n(?=<context kind=")/;
const ENTRY_ID = /^<context kind="[^"]*" id="([^"]*)"/;

/** One envelope entry, with the accessible name of the chip it is for. */
interface PreviewEntry {
  readonly contextId: string;
  readonly name: string;
  readonly entry: string;
}

/** The projection cut where the panel shows it: the text with its markers, then each entry. */
interface PreviewParts {
  readonly text: string;
  readonly entries: readonly PreviewEntry[];
}

/** The message a send of the draft would carry now (its id is never used). */
function draftMessage(composer: Composer): OutgoingMessage | null {
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

/**
 * The projection in parts. Text without a reference link comes back as it is (even when it looks
 * like an envelope), so only a projection that differs from its text has one, and it is the last.
 */
function previewParts(composer: Composer): PreviewParts {
  const message = draftMessage(composer);
  const projection = projectDraft(composer, message);
  const at = projection.lastIndexOf(ENVELOPE_OPEN);
  if (!message || projection === message.text || at < 0) return { text: projection, entries: [] };
  const records = message.context?.records ?? [];
  const { registry, localizer } = composer.host;
  const entries = projection
    .slice(at + ENVELOPE_OPEN.length, projection.length - ENVELOPE_CLOSE.length)
    .split(ENTRY_START)
    .map((entry) => {
      const contextId = ENTRY_ID.exec(entry)?.[1] ?? "";
      const record = records.find((candidate) => candidate.contextId === contextId);
      const kind = record?.kind ?? "";
      const name = resolveChip(registry, { kind, contextId, label: record?.label ?? contextId }, record, false, localizer).ariaLabel;
      return { contextId, name, entry };
    });
  return { text: projection.slice(0, at), entries };
}

export class PreviewPanel {
  readonly #composer: Composer;
  #shown: PreviewParts | null = null;
  /** What had the focus when the panel opened: it gets it back. */
  #opener: HTMLElement | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** Opens the panel on the draft as it is now (a modal dialog: the draft cannot change under it). */
  show(): void {
    const active = document.activeElement;
    this.#opener = active instanceof HTMLElement ? active : null;
    this.#shown = previewParts(this.#composer);
    this.#composer.host.requestUpdate();
  }

  #closed(dialog: HTMLDialogElement | null): void {
    if (!this.#shown) return;
    this.#shown = null;
    if (dialog?.open) dialog.close();
    const opener = this.#opener;
    this.#opener = null;
    if (opener?.isConnected) opener.focus();
    this.#composer.host.requestUpdate();
  }

  /**
   * The panel. Escape is handled at `cancel`, which Chromium fires with the key, not at `close`,
   * which it delivers with animation frames (shelf.ts says more).
   */
  render(): TemplateResult {
    const shown = this.#shown;
    const strings = this.#composer.host.localizer;
    const dialogOf = (event: Event) => (event.currentTarget as HTMLElement).closest("dialog");
    const entries = shown?.entries ?? [];
    const close = (event: Event) => this.#closed(dialogOf(event));
    // No whitespace between the tags: the drop-in keeps a template's whitespace.
    const list = entries.map(({ contextId, name, entry }) => html`<li part="preview-entry" data-context-id=${contextId}><span>${name}</span><pre>${entry}</pre></li>`);
    const envelope = html`<pre>${ENVELOPE_OPEN.trim()}</pre><ol part="preview-entries">${list}</ol><pre>${ENVELOPE_CLOSE.trim()}</pre>`;
    return html`<dialog part="preview" class="confirm preview" aria-labelledby="preview-title" @cancel=${close}><h2 id="preview-title">${strings.text("previewTitle")}</h2><pre
        part="preview-text">${shown?.text ?? ""}</pre>${entries.length > 0 ? envelope : nothing}<div class="confirm-buttons"><button type="button" part="preview-close" autofocus
        @click=${close}>${strings.text("close")}</button></div></dialog>`;
  }

  /** After a render: opens the dialog when the panel was shown. */
  sync(dialog: HTMLDialogElement | null): void {
    if (dialog && this.#shown && !dialog.open && dialog.isConnected) dialog.showModal();
  }
}
