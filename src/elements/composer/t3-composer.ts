// <t3-composer>: a thin front over the parts of composer.ts (docs/architecture.md). It owns the
// attributes and the template; the draft model and the controllers own the draft's state and
// hook themselves into the element's lifecycle.
import { LitElement, html, type PropertyValues } from "lit";
import type { T3StringTable } from "../../l10n/catalog.js";
import type { Localizer } from "../../l10n/localizer.js";
import { chipStyles } from "../../presentation/chip.styles.js";
import { assertChipRegistry } from "../../presentation/report.js";
import { chipRegistry } from "../../presentation/shared-registry.js";
import { themeStyles } from "../../presentation/theme.styles.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { ComposerTransport, SentMessage } from "../../transport/types.js";
import { retryAttachment } from "./activate.js";
import { createComposer, type Composer } from "./composer.js";
import { draftAttachments } from "./draft-attachments.js";
import { liveRecords } from "./draft-state.js";
import { proseMirrorStyles } from "./editor.styles.js";
import { parseFormState } from "./form.js";
import type { ComposerQueuedMessage } from "./queue-item.js";
import { renderQueue } from "./queue-view.js";
import { queueStyles } from "./queue.styles.js";
import type { SendOptions } from "./send.js";
import { attachFiles, insertContext, removeContext } from "./insert.js";
import { stashDraft, restoreStash } from "./stash.js";
import { LISTBOX_ID, syncEditorState } from "./suggestions.js";
import type { InsertableContextRecord } from "./insertable.js";
import { onDragLeave, onDragOver, onDrop } from "./drop.js";
import { StringsController } from "../strings-controller.js";
import { composerStyles } from "./t3-composer.styles.js";
import type { ComposerHistoryEntry, ComposerStashEntry, ComposerValue, DraftAttachment, InsertContextOptions } from "./types.js";
import { setValue, valueOf } from "./value.js";
import "./events.js";
import "../chip-events.js";

/**
 * A chat composer whose messages carry typed inline context references (chips).
 *
 * Plain text with chips, like a `<textarea>`: Enter sends, Shift+Enter breaks the line. `@` and
 * `$` open suggestions the host provides; files can be attached, dropped or pasted; the draft can
 * persist under `draft-key` and take part in a `<form>` under `name`.
 *
 * @summary A chat composer with inline context chips.
 * @tagname t3-composer
 *
 * @slot toolbar - Above the editor: formatting-free tools such as "attach" buttons.
 * @slot actions - Below the editor, at the end: a send button, a model picker.
 *
 * @csspart frame - The bordered box around everything.
 * @csspart editor - The editable text.
 * @csspart chip - Every chip; also `chip-<kind>` and `chip-unresolved`.
 * @csspart shelf - The list of image thumbnails.
 * @csspart thumbnail - One image of the shelf; also `thumbnail-uploading`, `thumbnail-ready`, `thumbnail-failed`.
 * @csspart thumbnail-remove - The thumbnail's remove button.
 * @csspart thumbnail-retry - The retry button of a thumbnail whose upload failed.
 * @csspart thumbnail-progress - The upload progress bar of a thumbnail.
 * @csspart suggestions - The `@` / `$` suggestion listbox.
 * @csspart suggestion - One suggestion; the highlighted one is also `suggestion-active`.
 * @csspart confirm - The dialog that confirms removing a referenced image.
 * @csspart confirm-cancel - Its cancel button.
 * @csspart confirm-remove - Its remove button.
 * @csspart queue - The list of queued follow-ups (while `busy`), above the editor.
 * @csspart queued - One queued message; also `queued-queued`, `queued-sending`, `queued-failed`.
 * @csspart queued-status - Its status (sending, or why its send failed).
 * @csspart queued-retry - The retry button of a queued message whose send failed.
 * @csspart queued-edit - The button that takes a queued message back into the editor.
 * @csspart queued-up - The button that moves a queued message up.
 * @csspart queued-down - The button that moves a queued message down.
 * @csspart queued-remove - The button that removes a queued message.
 * @csspart toolbar - The toolbar row.
 * @csspart actions - The actions row.
 *
 * @cssprop --t3-font - Font family.
 * @cssprop --t3-font-mono - Monospace font family.
 * @cssprop --t3-fg - Text colour.
 * @cssprop --t3-bg - Background colour.
 * @cssprop --t3-muted - Secondary text colour (placeholder, sizes).
 * @cssprop --t3-border - Border colour.
 * @cssprop --t3-accent - Accent colour (drop target).
 * @cssprop --t3-danger - Error colour (failed uploads).
 * @cssprop --t3-surface - Background of thumbnails.
 * @cssprop --t3-radius - Corner radius of the frame.
 * @cssprop --t3-space - Spacing unit.
 * @cssprop --t3-focus-ring - Focus outline colour.
 * @cssprop --t3-chip-bg - Chip background.
 * @cssprop --t3-chip-fg - Chip text colour.
 * @cssprop --t3-chip-border - Chip border colour.
 * @cssprop --t3-chip-radius - Chip corner radius.
 * @cssprop --t3-tone-open - Open pull request tone.
 * @cssprop --t3-tone-draft - Draft pull request tone.
 * @cssprop --t3-tone-merged - Merged pull request tone.
 * @cssprop --t3-tone-closed - Closed pull request tone.
 * @cssprop --t3-icon-<name> - Replaces a built-in chip icon (a CSS `url()` mask).
 * @cssprop --t3-composer-min-height - Minimum height of the editor.
 * @cssprop --t3-composer-max-height - Height past which the editor scrolls.
 * @cssprop --t3-thumbnail-size - Size of a shelf thumbnail.
 *
 * @event t3-change - The draft changed. `detail.value` (`{ text, context? }`) is computed when first read.
 * @event t3-send - About to send (cancelable: the host then takes `detail.message` itself, and the draft clears).
 * @event t3-sent - Sent: `detail.message` and the host's stored copy `detail.result`.
 * @event t3-error - `{ code, message, cause? }`: an upload, a send or local storage failed, a pasted attachment's source cannot be reached, or the transport reported an error outside any call (`invalid-frame`: the host sent a frame that is not valid).
 * @event t3-context-add - A record joined the draft: `detail.record`.
 * @event t3-context-remove - A record left the draft: `detail.record`.
 * @event t3-trigger - `@` or `$` typed (cancelable): answer with `detail.provide(promise of Suggestion[])`.
 * @event t3-chip-activate - A chip was clicked or Enter pressed on it (cancelable; default: retry a failed upload).
 * @event t3-queue-change - The queued follow-ups changed: `detail.queue`, head first.
 */
export class T3ComposerElement extends LitElement {
  /** The element's shadow styles (theme, chips, editor, layout); restyle through parts and custom properties. */
  static override styles = [themeStyles, chipStyles, proseMirrorStyles, composerStyles, queueStyles];
  static formAssociated = true;

  static override properties = {
    placeholder: { type: String },
    disabled: { type: Boolean, reflect: true },
    readOnly: { type: Boolean, attribute: "readonly", reflect: true },
    name: { type: String, reflect: true },
    draftKey: { type: String, attribute: "draft-key", noAccessor: true },
    environmentId: { type: String, attribute: "environment-id" },
    threadId: { type: String, attribute: "thread-id" },
    longPasteThreshold: { type: Number, attribute: "long-paste-threshold" },
    registry: { attribute: false },
    transport: { attribute: false, noAccessor: true },
    busy: { type: Boolean, reflect: true, noAccessor: true },
  };

  /** Shown while the draft is empty. */
  declare placeholder: string;
  /** As on `<textarea>`: no editing, no sending, no form value. */
  declare disabled: boolean;
  /** As on `<textarea>`: the text can be selected but not changed. */
  declare readOnly: boolean;
  /** Form association: the form value's name; the records go under `<name>.context`. */
  declare name: string;
  /**
   * The environment written into copied clipboard fragments (attribute `environment-id`);
   * without one, the page's origin. A paste fetches images and files from the fragment's own.
   */
  declare environmentId: string | null;
  /** The thread written into copied clipboard fragments (attribute `thread-id`). */
  declare threadId: string | null;
  /**
   * A plain-text paste longer than this many characters becomes a text file chip (attribute
   * `long-paste-threshold`; default 4000). Ctrl/⌘+Shift+V pastes it inline anyway.
   */
  declare longPasteThreshold: number | null;
  #registry: ChipRegistry = chipRegistry;
  readonly #composer: Composer;
  readonly #strings = new StringsController(this, () => this.#stringsChanged());
  #formDisabled = false;
  #draftKey: string | null = null;
  #transport: ComposerTransport | undefined = undefined;
  #busy = false;

  constructor() {
    super();
    this.placeholder = "";
    this.disabled = false;
    this.readOnly = false;
    this.name = "";
    this.environmentId = null;
    this.threadId = null;
    this.longPasteThreshold = null;
    this.#composer = createComposer(this, this.attachInternals());
  }

  /**
   * Draws the chips. Default: the shared `chipRegistry`. Setting something that is not a chip
   * registry throws a `TypeError` naming it, as `<t3-transcript>` does.
   */
  get registry(): ChipRegistry {
    return this.#registry;
  }

  set registry(registry: ChipRegistry) {
    assertChipRegistry(registry);
    // lit wraps this accessor (the `registry` reactive property) so that `updated` sees the change.
    this.#registry = registry;
  }

  /** The draft: canonical text, plus `context` when the text references a record. Setting it replaces the draft. */
  get value(): ComposerValue {
    const { model } = this.#composer;
    return valueOf(model.state.doc, liveRecords(model.draft));
  }

  set value(value: ComposerValue) {
    setValue(this.#composer, value);
  }

  /** Alias of `readOnly`, the attribute's own spelling. */
  get readonly(): boolean {
    return this.readOnly;
  }

  set readonly(value: boolean) {
    this.readOnly = value;
  }

  /** Persists the draft in localStorage under this key and restores it (attribute `draft-key`). */
  get draftKey(): string | null {
    return this.#draftKey;
  }

  set draftKey(key: string | null) {
    const next = key || null;
    const previous = this.#draftKey;
    if (next === previous) return;
    this.#draftKey = next;
    this.#composer.persistence.switchKey(previous, next);
    this.#composer.queue.switchKey(next);
    this.requestUpdate("draftKey", previous);
  }

  /**
   * Uploads and sends. Without one, `t3-send` is the only way out. A transport with an error
   * channel (`onError(listener)`, as the WebSocket adapter's) has its errors re-dispatched as
   * `t3-error` while the composer is connected.
   */
  get transport(): ComposerTransport | undefined {
    return this.#transport;
  }

  set transport(transport: ComposerTransport | undefined) {
    const previous = this.#transport;
    if (transport === previous) return;
    this.#transport = transport;
    // Now, not at the next update: an error the old transport reports in between is not ours.
    this.#composer.transportErrors.transportChanged();
    this.requestUpdate("transport", previous);
  }

  /**
   * Set by the host while its agent is working (attribute `busy`). Meanwhile Enter queues the
   * draft, and Ctrl/⌘+Enter sends it at once with `steer: true`; when it turns false, the queue
   * sends its first message (docs/composer.md, "Queued follow-ups").
   */
  get busy(): boolean {
    return this.#busy;
  }

  set busy(busy: boolean) {
    const previous = this.#busy;
    this.#busy = Boolean(busy);
    if (this.#busy === previous) return;
    this.#composer.queue.busyChanged(this.#busy);
    this.requestUpdate("busy", previous);
  }

  /** The queued follow-ups, head first: each `{ clientMessageId, value, status, error? }`. */
  get queue(): ComposerQueuedMessage[] {
    return this.#composer.queue.list;
  }

  /**
   * Replaces some of the strings this composer shows or announces (docs/localization.md lists
   * the keys); the rest come from the tables registered with `setStrings` for its `lang`, then
   * English. Throws a TypeError for an unknown key or a value of the wrong type.
   */
  get strings(): T3StringTable | undefined {
    return this.#strings.overrides;
  }

  set strings(table: T3StringTable | undefined) {
    this.#strings.overrides = table;
  }

  /** The strings and number formats in use. @internal */
  get localizer(): Localizer {
    return this.#strings.localizer;
  }

  /** Every attachment of the draft, shelf images included. */
  get attachments(): DraftAttachment[] {
    return draftAttachments(this.#composer);
  }

  /** The form this composer belongs to. */
  get form(): HTMLFormElement | null {
    return this.#composer.internals?.form ?? null;
  }

  /** Whether a person can edit now. @internal */
  get canEdit(): boolean {
    return !this.disabled && !this.readOnly && !this.#formDisabled && !this.#composer.sender.sending;
  }

  /**
   * Adds `record` (unless the draft has it) and a chip at the caret, the last known caret, or
   * the end (`at: "end"`, or when the editor cannot take input). Throws a TypeError for a record
   * that is not a valid v1 record. Typed by kind: a known kind's record must have that kind's
   * fields, a custom kind's record is `{ version, contextId, kind, label, payload }`.
   */
  insertContext<K extends string>(record: InsertableContextRecord<K>, options?: InsertContextOptions): void {
    insertContext(this.#composer, record, options);
  }

  /** Removes every chip of `contextId` and its record (an image too). */
  removeContext(contextId: string): void {
    removeContext(this.#composer, contextId);
  }

  /** Attaches files: image or file records, chips at the caret, uploads through the transport. */
  attachFiles(files: Iterable<File>): void {
    attachFiles(this.#composer, files);
  }

  /**
   * Uploads a failed attachment again. `file` replaces its bytes: that is how an attachment
   * restored from `draft-key` without its bytes is attached again (without `file`, a file
   * picker asks for it).
   */
  retryAttachment(localId: string, file?: File): void {
    const entry = this.#composer.uploads.byLocalId(localId);
    if (!entry) throw new TypeError(`retryAttachment: no attachment ${JSON.stringify(localId)} in the draft`);
    if (file !== undefined && !(file instanceof File)) throw new TypeError(`retryAttachment: ${String(file)} is not a File`);
    retryAttachment(this.#composer, entry, file);
  }

  /**
   * Sends the draft, as pressing Enter does. Resolves with the host's stored message, or
   * `undefined` when `t3-send` was canceled, there is no transport, or the draft is empty.
   * Rejects with a `ComposerError` (`upload-failed`, `send-failed`); the draft stays as it was.
   * While `busy` (or while messages wait in the queue) the draft is queued instead, and this
   * resolves with `undefined`; `{ steer: true }` sends it at once, marked `steer: true`, as
   * Ctrl/⌘+Enter does while busy.
   */
  send(options?: SendOptions): Promise<SentMessage | undefined> {
    const queue = this.#composer.queue;
    return options?.steer ? queue.sendNow({ steer: true }) : queue.submit(false);
  }

  /**
   * Takes the draft out (and clears the composer): its text and records, shelf images included.
   * The entry is plain JSON; restoring the very object on this page also brings back uploads
   * that had not finished.
   */
  stash(): ComposerStashEntry {
    return stashDraft(this.#composer);
  }

  /**
   * Puts a stashed draft back, replacing the current one, through the paste importer: invalid
   * records are dropped, legacy ids re-scoped; images and files keep the host ids they carry.
   * Throws a TypeError for something that is not a stash entry.
   */
  restore(entry: ComposerStashEntry): void {
    restoreStash(this.#composer, entry);
  }

  /**
   * The prompt history: the messages sent under this `draft-key` (or from this element, without
   * one), oldest first, at most 100 and 1 MiB; ArrowUp at the very start of the draft recalls them.
   * Plain JSON copies, no bytes.
   */
  get history(): ComposerHistoryEntry[] {
    return this.#composer.history.entries;
  }

  /** Empties the prompt history (a recalled message shown gives way to the unsent draft). */
  clearHistory(): void {
    this.#composer.history.clear();
  }

  /** Empties the draft. */
  clear(): void {
    this.#composer.model.replace("", []);
  }

  /** Focuses the editor. */
  override focus(options?: FocusOptions): void {
    const view = this.#composer.model.view;
    if (view) view.focus();
    else super.focus(options);
  }

  /** @internal */
  formAssociatedCallback(): void {
    this.#composer.persistence.writeForm();
  }

  /** @internal */
  formResetCallback(): void {
    this.clear();
  }

  /** @internal */
  formDisabledCallback(disabled: boolean): void {
    this.#formDisabled = disabled;
    this.#composer.model.view?.setProps({});
    this.requestUpdate();
  }

  /** @internal */
  formStateRestoreCallback(state: unknown): void {
    const value = parseFormState(state);
    if (value) this.value = value as ComposerValue;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("registry") && changed.get("registry") !== undefined) this.#composer.chips.registryChanged();
    if (changed.has("disabled") || changed.has("readOnly") || changed.has("placeholder")) this.#composer.model.view?.setProps({});
    if (changed.has("name") || changed.has("disabled")) this.#composer.persistence.writeForm();
  }

  protected override render() {
    const composer = this.#composer;
    return html`<div class="frame" part="frame" @focusout=${(event: FocusEvent) => this.#focusOut(event)}
        @dragenter=${(event: DragEvent) => onDragOver(composer, event)} @dragover=${(event: DragEvent) => onDragOver(composer, event)}
        @dragleave=${onDragLeave} @drop=${(event: DragEvent) => onDrop(composer, event)}>
        <div class="bar" part="toolbar"><slot name="toolbar"></slot></div>
        ${renderQueue(composer)}
        ${composer.shelf.render((localId) => this.retryAttachment(localId))} ${composer.mount}
        <div class="bar" part="actions"><span class="spacer"></span><slot name="actions"></slot></div>
      </div>
      ${composer.suggestions.render()} ${composer.shelf.renderConfirm()}
      <div class="visually-hidden" role="status" aria-live="polite">${composer.events.announcement}</div>`;
  }

  protected override updated(): void {
    const composer = this.#composer;
    const root = this.renderRoot as ShadowRoot;
    composer.suggestions.sync(root.getElementById(LISTBOX_ID));
    composer.shelf.sync(root.querySelector("dialog"));
    syncEditorState(composer, { label: this.getAttribute("aria-label"), disabled: this.disabled || this.#formDisabled, readOnly: this.readOnly });
  }

  /** Leaving the editor: save now; close the suggestions unless the focus went into them. */
  /** The strings changed: chips (their names and suffixes) are drawn again. */
  #stringsChanged(): void {
    this.#composer.chips.redrawAll();
  }

  #focusOut(event: FocusEvent): void {
    const composer = this.#composer;
    composer.persistence.saveNow();
    const listbox = (this.renderRoot as ShadowRoot).getElementById(LISTBOX_ID);
    if (!listbox?.contains(event.relatedTarget as Node | null)) composer.suggestions.close();
  }
}

