// The preview panel, the part loaded on demand (docs/preview-and-stale.md): the provider
// projection of what a send of the draft would carry, cut where the panel shows it, chip by chip,
// in a modal dialog. preview.ts opens it; this owns what it shows and who gets the focus back.
import { html, nothing, type TemplateResult } from "lit";
import { ENVELOPE_CLOSE, ENVELOPE_OPEN, projectComposerContextForProvider } from "../../../codec/projection.js";
import { resolveChip } from "../../../presentation/resolve.js";
import type { OutgoingMessage } from "../../../transport/types.js";
import type { Composer } from "../composer.js";
import { draftMessage } from "../message.js";

/**
 * The provider projection of `message` (what a send of the draft would carry: preview.ts) with
 * the composer's `kinds`, else its registry's definitions; `""` for no message.
 */
export function projectDraft(composer: Composer, message: OutgoingMessage | null): string {
  if (!message) return "";
  const { host } = composer;
  return projectComposerContextForProvider({ text: message.text, records: message.context?.records ?? [] }, { kinds: host.kinds ?? host.registry.definitions() });
}

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

/** The open panel: the draft as it was when it opened (a modal dialog: the draft cannot change under it). */
export class PreviewView {
  readonly #composer: Composer;
  readonly #shown: PreviewParts;
  /** What had the focus when the panel was asked for: it gets it back. */
  readonly #opener: HTMLElement | null;
  readonly #closed: () => void;

  constructor(composer: Composer, opener: HTMLElement | null, closed: () => void) {
    this.#composer = composer;
    this.#shown = previewParts(composer);
    this.#opener = opener;
    this.#closed = closed;
  }

  #close(dialog: HTMLDialogElement | null): void {
    if (dialog?.open) dialog.close();
    if (this.#opener?.isConnected) this.#opener.focus();
    this.#closed();
  }

  /**
   * The panel. Escape is handled at `cancel`, which Chromium fires with the key, not at `close`,
   * which it delivers with animation frames (shelf.ts says more).
   */
  render(): TemplateResult {
    const { text, entries } = this.#shown;
    const strings = this.#composer.host.localizer;
    const close = (event: Event) => this.#close((event.currentTarget as HTMLElement).closest("dialog"));
    // No whitespace between the tags: the drop-in keeps a template's whitespace.
    const list = entries.map(({ contextId, name, entry }) => html`<li part="preview-entry" data-context-id=${contextId}><span>${name}</span><pre>${entry}</pre></li>`);
    const envelope = html`<pre>${ENVELOPE_OPEN.trim()}</pre><ol part="preview-entries">${list}</ol><pre>${ENVELOPE_CLOSE.trim()}</pre>`;
    return html`<dialog part="preview" class="confirm preview" aria-labelledby="preview-title" @cancel=${close}><h2 id="preview-title">${strings.text("previewTitle")}</h2><pre
        part="preview-text">${text}</pre>${entries.length > 0 ? envelope : nothing}<div class="confirm-buttons"><button type="button" part="preview-close" autofocus
        @click=${close}>${strings.text("close")}</button></div></dialog>`;
  }

  /** After a render: opens the dialog. */
  sync(dialog: HTMLDialogElement | null): void {
    if (dialog && !dialog.open && dialog.isConnected) dialog.showModal();
  }
}
