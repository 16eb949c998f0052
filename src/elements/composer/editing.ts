// Edit and resend (docs/composer.md, "Edit and resend"): `composer.edit(message)` loads a sent
// message into the composer, and the next send carries `editOf`. The controller owns the edit
// state: which message is being edited, and the draft that was there before the first edit
// (Escape, Cancel and a finished send bring that draft back exactly). Loading goes through the
// stash importer (stash.ts), which binds images and files to the host ids their records carry:
// nothing is uploaded again, and image thumbnails come from the host's attachment URLs.
import { html, nothing, type ReactiveController, type TemplateResult } from "lit";
import { collectComposerContextReferences } from "../../codec/references.js";
import type { ComposerContextRecord, MessageContext } from "../../contract/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";
import { newEntry, type AttachmentEntry } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import { restoreText } from "./paste-import.js";
import { decodedRecord } from "./record-check.js";
import { restoreStash, stashDraft } from "./stash.js";
import type { ComposerStashEntry } from "./types.js";

/** Characters of the message's text the edit bar shows, at most, before an ellipsis. */
export const EDIT_PREVIEW_CHARS = 60;
const ELLIPSIS = "…";
const WHITESPACE = /\s+/g;
/**
 * Where a thumbnail may load from: the host's http(s) URLs, or object URLs (as the transcript
 * allows), never `javascript:` or `data:` from a message.
 */
const LOADABLE_URL = /^(?:https?:\/\/|blob:)/i;
const EDIT_BAR_CLASS = "editing";

/** What `edit()` takes: a stored message, as a transcript or a transport holds it. */
export interface EditableMessage {
  /** The host's id of the message: what the next send names in `editOf`. */
  id: string;
  text: string;
  context?: MessageContext | undefined;
  /** The host's attachments: where the thumbnails of its images load from. */
  attachments?: readonly TranscriptAttachment[] | undefined;
}

/** The message being edited, as `composer.editing` reports it. */
export interface ComposerEditing {
  /** The id the next send names in `editOf`. */
  messageId: string;
  /** The first words of the message, chips as their labels: what the edit bar shows. */
  preview: string;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A misused `edit()` throws a TypeError naming the value (house style point 7). */
function checkMessage(message: unknown): EditableMessage {
  const candidate = message as Partial<EditableMessage> | null;
  if (!candidate || typeof candidate !== "object" || typeof candidate.id !== "string" || candidate.id === "" || typeof candidate.text !== "string") {
    throw new TypeError(`edit: expected a stored message { id, text, context?, attachments? }, got ${describe(message)}`);
  }
  return candidate as EditableMessage;
}

/** The message's first words, each chip written as its label, on one line. */
export function editPreview(text: string): string {
  let plain = "";
  let from = 0;
  for (const occurrence of collectComposerContextReferences(text)) {
    plain += text.slice(from, occurrence.start) + occurrence.label;
    from = occurrence.end;
  }
  plain = (plain + text.slice(from)).replace(WHITESPACE, " ").trim();
  if (plain.length <= EDIT_PREVIEW_CHARS) return plain;
  const cut = plain.slice(0, EDIT_PREVIEW_CHARS);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : cut) + ELLIPSIS;
}

/**
 * The attachment entries of the message's images and files: bound to the host's ids and ready
 * (no upload), each image with the host's URL for its thumbnail when the message has one.
 */
function hostEntries(records: readonly ComposerContextRecord[], attachments: readonly TranscriptAttachment[]): Map<string, AttachmentEntry> {
  const urls = new Map<string, string>();
  for (const attachment of attachments) {
    if (typeof attachment?.url === "string" && LOADABLE_URL.test(attachment.url)) urls.set(attachment.id, attachment.url);
  }
  const entries = new Map<string, AttachmentEntry>();
  for (const record of records) {
    if ((record.kind !== "image" && record.kind !== "file") || !("attachmentId" in record)) continue;
    const localId = producerIdFromComposerContextId(record.kind, record.contextId);
    const entry = newEntry(record.contextId, localId, record.kind, null, "ready", record.attachmentId);
    entry.hostUrl = urls.get(record.attachmentId) ?? null;
    entries.set(record.contextId, entry);
  }
  return entries;
}

export class Editing implements ReactiveController {
  readonly #composer: Composer;
  #editing: ComposerEditing | null = null;
  /** The draft from before the first edit: what leaving edit mode brings back. */
  #before: ComposerStashEntry | null = null;
  readonly #onKeyDown = (event: KeyboardEvent) => this.#keyDown(event);

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The message being edited, or `null`. */
  get editing(): ComposerEditing | null {
    return this.#editing;
  }

  /** The `editOf` of the next send, or `null` outside edit mode. */
  get editOf(): string | null {
    return this.#editing?.messageId ?? null;
  }

  // Captured on the way down, before ProseMirror's keymap: its base keymap takes Escape itself
  // (it selects the parent node), which would leave a node selection in the restored draft.
  hostConnected(): void {
    this.#composer.host.addEventListener("keydown", this.#onKeyDown, { capture: true });
  }

  hostDisconnected(): void {
    this.#composer.host.removeEventListener("keydown", this.#onKeyDown, { capture: true });
  }

  /**
   * Loads `message` into the composer, replacing the draft. A second edit replaces the first;
   * the draft kept for later is still the one from before the first. Throws for a value that is
   * not a message, while a send runs, and when the transport says the host takes no edits.
   */
  edit(input: unknown): void {
    const message = checkMessage(input);
    const composer = this.#composer;
    if (composer.host.transport?.capabilities?.edit === false) {
      throw new Error(`edit: the transport says its host takes no edits (capabilities.edit is false); cannot edit ${message.id}`);
    }
    if (composer.sender.sending) throw new Error(`edit: a send is running; edit ${message.id} once it has finished`);
    if (!this.#editing) this.#before = stashDraft(composer);
    const raw: unknown = message.context?.records;
    const records = Array.isArray(raw) ? raw.map(decodedRecord).filter((record) => record !== null) : [];
    const attachments = Array.isArray(message.attachments) ? message.attachments : [];
    this.#editing = { messageId: message.id, preview: editPreview(message.text) };
    restoreText(composer, message.text, records, hostEntries(records, attachments));
    composer.host.requestUpdate();
  }

  /** Leaves edit mode: the draft from before the first edit comes back exactly. Nothing outside it. */
  cancel(): void {
    if (this.#leave()) this.#composer.model.view?.focus();
  }

  /**
   * A send in edit mode went out (or a `t3-send` listener took it): edit mode ends and the draft
   * from before comes back, saved at once. `false` outside edit mode: the sender clears the draft.
   */
  finish(): boolean {
    if (!this.#leave()) return false;
    this.#composer.persistence.saveNow();
    return true;
  }

  #leave(): boolean {
    if (!this.#editing) return false;
    const before = this.#before;
    this.#editing = null;
    this.#before = null;
    if (before) restoreStash(this.#composer, before);
    this.#composer.host.requestUpdate();
    return true;
  }

  /**
   * Escape in the editor or the edit bar leaves edit mode, unless the suggestion list is open
   * (Escape closes it first) or an input method composes (Escape is its own).
   */
  #keyDown(event: KeyboardEvent): void {
    const composer = this.#composer;
    if (event.key !== "Escape" || event.defaultPrevented || event.isComposing || !this.#editing || composer.sender.sending || composer.suggestions.open) return;
    const path = event.composedPath();
    if (!path.includes(composer.mount) && !path.some((node) => node instanceof HTMLElement && node.classList.contains(EDIT_BAR_CLASS))) return;
    event.preventDefault();
    event.stopPropagation(); // the key is this one's: ProseMirror does not see it
    this.cancel();
  }

  /** The edit bar, or nothing outside edit mode. */
  render(): TemplateResult | typeof nothing {
    const editing = this.#editing;
    if (!editing) return nothing;
    const strings = this.#composer.host.localizer;
    return html`<div class=${EDIT_BAR_CLASS} part="editing">
      <span class="editing-text">${strings.text("editingMessage", { preview: editing.preview })}</span>
      <button type="button" part="editing-cancel" class="editing-cancel" aria-label=${strings.text("cancelEdit")} @click=${() => this.cancel()}>
        ${strings.text("cancel")}
      </button>
    </div>`;
  }
}
