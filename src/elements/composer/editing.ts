// Edit and resend (docs/composer.md, "Edit and resend"): `composer.edit(message)` loads a sent
// message into the composer, and the next send carries `editOf`. The controller owns the edit
// state: which message is being edited, and the draft that was there before the first edit
// (Escape, Cancel and a finished send bring that draft back exactly).
// Loading goes through the stash importer (stash.ts), which binds images and files to the host
// ids their records carry: nothing is uploaded again, and image thumbnails come from the host's
// attachment URLs. With `draft-key`, edit mode is saved beside the draft (edit-storage.ts) and
// survives a reload.
import { html, nothing, type ReactiveController, type TemplateResult } from "lit";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import { liveAttachments, liveRecords } from "./draft-state.js";
import { serializeDraft } from "./draft-storage.js";
import { checkMessage } from "./edit-message.js";
import { decodedRecord } from "./record-check.js";
import { restoreStash, stashDraft } from "./stash.js";
import { shelfImages, valueOf } from "./value.js";
import { editPreview, hostEntries } from "./edit-load.js";
import { readEdit, writeEdit } from "./edit-storage.js";
import { restoreText } from "./paste-import.js";

/** The edit bar's class, by which Escape in it is found. */
const EDIT_BAR_CLASS = "editing";

/** The message being edited, as `composer.editing` reports it. */
export interface ComposerEditing {
  /** The id the next send names in `editOf`. */
  messageId: string;
  /** The first words of the message, chips as their labels: what the edit bar shows. */
  preview: string;
}

export class Editing implements ReactiveController {
  readonly #composer: Composer;
  readonly #onKeyDown = (event: KeyboardEvent) => this.#keyDown(event);
  #editing: ComposerEditing | null = null;
  /**
   * Brings back the draft from before the first edit: the stash of this page (uploads that had
   * not finished start again), or the saved draft after a reload.
   */
  #restoreBefore: (() => void) | null = null;
  /** The same draft in the saved-draft format, for edit mode saved under `draft-key`. */
  #savedBefore: string | null = null;

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
    this.adopt(this.#composer.host.draftKey); // after persistence.ts restored the draft
  }

  hostDisconnected(): void {
    this.#composer.host.removeEventListener("keydown", this.#onKeyDown, { capture: true });
  }

  /**
   * Loads `message` into the composer, replacing the draft. A second edit replaces the first; the
   * draft kept for later is still the one from before the first. Throws for a value that is not a
   * message, while a send runs, and when the transport says the host takes no edits.
   */
  edit(input: unknown): void {
    const message = checkMessage(input);
    const composer = this.#composer;
    if (composer.host.transport?.capabilities?.edit === false) {
      throw new Error(`edit: the transport says its host takes no edits (capabilities.edit is false); cannot edit ${message.id}`);
    }
    if (composer.sender.sending) throw new Error(`edit: a send is running; edit ${message.id} once it has finished`);
    if (!this.#editing) {
      this.#savedBefore = this.#serializedDraft();
      const stash = stashDraft(composer);
      this.#restoreBefore = () => restoreStash(composer, stash);
    }
    const raw: unknown = message.context?.records;
    const records = Array.isArray(raw) ? raw.map(decodedRecord).filter((record) => record !== null) : [];
    const attachments = Array.isArray(message.attachments) ? message.attachments : [];
    this.#editing = { messageId: message.id, preview: editPreview(message.text) };
    restoreText(composer, message.text, records, hostEntries(records, attachments));
    this.#store();
    composer.host.requestUpdate();
  }

  /** Leaves edit mode: the draft from before the first edit comes back exactly, and the editor takes the focus. Nothing outside edit mode. */
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
    const restore = this.#restoreBefore;
    this.#editing = null;
    this.#restoreBefore = null;
    this.#savedBefore = null;
    this.#store();
    restore?.();
    this.#composer.host.requestUpdate();
    return true;
  }

  /**
   * `draft-key` changed (after persistence.ts switched the draft). An edit stays saved under the
   * old key and goes on when that key comes back; the new key's saved edit, if any, goes on now.
   * Setting a first key while editing makes the edit that key's, as it does the draft.
   */
  switchKey(previous: string | null, next: string | null): void {
    if (this.#editing && previous !== null) {
      this.#editing = null;
      this.#restoreBefore = null;
      this.#savedBefore = null;
      this.#composer.host.requestUpdate();
    }
    if (this.#editing) this.#store();
    else this.adopt(next);
  }

  /** Goes on with the edit saved under `key`, unless this page is editing already. */
  adopt(key: string | null): void {
    if (this.#editing || key === null) return;
    const saved = readEdit(key);
    if (!saved) return;
    const { model } = this.#composer;
    const before = saved.before;
    this.#editing = { messageId: saved.messageId, preview: saved.preview };
    this.#savedBefore = before && serializeDraft(before.text, before.records, [...before.entries.values()], null);
    this.#restoreBefore = () => (before ? model.replace(before.text, before.records, before.entries) : model.replace("", []));
    this.#composer.host.requestUpdate();
  }

  /** The draft as `serializeDraft` saves it (text, records with shelf images, finished uploads). */
  #serializedDraft(): string | null {
    const draft = this.#composer.model.draft;
    const value = valueOf(this.#composer.model.state.doc, liveRecords(draft));
    return serializeDraft(value.text, [...(value.context?.records ?? []), ...shelfImages(draft)], liveAttachments(draft), null);
  }

  /** Saves edit mode under `draft-key` (or removes it outside edit mode); a failure is reported, never thrown. */
  #store(): void {
    const key = this.#composer.host.draftKey;
    if (key === null) return;
    const editing = this.#editing;
    try {
      writeEdit(key, editing && { messageId: editing.messageId, preview: editing.preview, before: this.#savedBefore });
    } catch (cause) {
      emit(this.#composer.host, "t3-error", { code: "storage-failed", message: "The edit could not be saved", cause });
    }
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
