// <t3-composer>: a thin front over the parts of composer.ts (docs/architecture.md). It owns the
// attributes and the template; the draft model and the controllers own the draft's state and
// hook themselves into the element's lifecycle.
import { LitElement, html, nothing, type PropertyValues } from "lit";
import type { ContextKindDefinition } from "../../codec/kind-definitions.js";
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
import type { EditableMessage } from "./edit-message.js";
import type { ComposerEditing } from "./editing.js";
import { liveRecords } from "./draft-state.js";
import { checkRedactor, type ComposerRedactor } from "./redaction.js";
import { redactedChipStyles } from "./redacted-chip.js";
import { proseMirrorStyles } from "./editor.styles.js";
import { parseFormState } from "./form.js";
import type { ContextValidator } from "./staleness.js";
import type { ComposerQueuedMessage } from "./queue-item.js";
import { renderQueue } from "./queue-list.js";
import { pastedBlockStyles } from "./pasted-block.styles.js";
import type { SendOptions } from "./send.js";
import { attachFiles, insertContext, removeContext } from "./insert.js";
import { stashDraft, restoreStash } from "./stash.js";
import { LISTBOX_ID, syncEditorState } from "./suggestions.js";
import type { InsertableContextRecord } from "./insertable.js";
import { onDragLeave, onDragOver, onDrop } from "./drop.js";
import { StringsController } from "../strings-controller.js";
import { composerStyles } from "./t3-composer.styles.js";
import { controlStyles } from "./controls.styles.js";
import { createOutOfBox, type OutOfBox } from "./out-of-box.js";
import { isSpeech, type ComposerSpeech } from "./speech.js";
import { toolbarStyles } from "./toolbar.styles.js";
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
 * @slot toolbar - Above the editor: the host's own tools.
 * @slot toolbar-start - In the toolbar, after Attach and Dictate: the host's own buttons.
 * @slot toolbar-end - In the toolbar, just before Send: the host's own buttons (a model picker).
 * @slot actions - Below the editor, at the end (before `toolbar-end`): a send button of the host's, a model picker.
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
 * @csspart reveal - The menu of a chip whose secrets were hidden (docs/secrets.md).
 * @csspart reveal-confirm - Its Reveal button.
 * @csspart reveal-cancel - Its Cancel button.
 * @csspart chip-menu - The menu a long press on a chip opens: its name, description and Copy (docs/accessibility.md).
 * @csspart chip-copy - That menu's Copy button.
 * @csspart header - The row above the editor (slot `toolbar`).
 * @csspart toolbar - The toolbar under the editor (`toolbar="none"` hides its buttons); it is also part `actions`.
 * @csspart actions - The row under the editor: the toolbar, or with `toolbar="none"` the budget and slot `actions`.
 * @csspart send-button - The toolbar's Send button; while it stops a send (or the host's work) also `stop-button`.
 * @csspart stop-button - The Send button while it is Stop (accessible name "Stop").
 * @csspart attach-button - The toolbar's Attach button: opens the file picker.
 * @csspart dictate-button - The toolbar's Dictate button (`aria-pressed` while it listens); only with a speech engine.
 * @csspart dictation-interim - The pending run of dictated text at the caret (not yet part of `value`).
 * @csspart error - The error notice (`role="alert"`): a failed send, upload or save, a denied microphone.
 * @csspart retry-button - The notice's Retry button, where retrying makes sense.
 * @csspart dismiss-button - The notice's dismiss button.
 * @csspart retrying - In the actions row while the transport tries a send again: "Still trying to send (attempt N)…".
 * @csspart budget - The token budget meter (with `budget`); also `budget-over` past the budget.
 * @csspart preview - The panel of what the model gets (`showPreview()`); inside it `preview-text`, `preview-entries`, `preview-entry`, `preview-close`.
 * @csspart preview-status - What stands for the preview panel until it has loaded: a status, or an alert with its `preview-retry` and `preview-dismiss` buttons.
 * @csspart pasted-block - A large paste kept collapsed (docs/composer.md, "Large pastes"); inside it `pasted-expand` and `pasted-remove`, its buttons.
 * @csspart chip-stale - A chip whose context changed (`validateContext`); `chip-gone`: one that is no longer available.
 * @csspart confirm-gone - The question a send asks about gone context; its buttons `confirm-gone-keep`, `confirm-gone-remove`.
 * @csspart editing - The bar shown while a sent message is edited (`edit()`): its first words and Cancel.
 * @csspart editing-cancel - The edit bar's Cancel button.
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
 * @event t3-error - `{ code, message, cause? }`: an upload, a send or local storage failed, a pasted attachment's source cannot be reached, dictation failed (`microphone-denied`, `dictation-failed`), or the transport reported an error outside any call (`invalid-frame`: the host sent a frame that is not valid). Cancelable: `preventDefault()` keeps the composer's notice (part `error`) from showing.
 * @event t3-stop - Stop was pressed (cancelable: the running send is then not aborted). Detail `{ sending }`.
 * @event t3-context-add - A record joined the draft: `detail.record`.
 * @event t3-context-remove - A record left the draft: `detail.record`.
 * @event t3-trigger - `@` or `$` typed (cancelable): answer with `detail.provide(promise of Suggestion[])`.
 * @event t3-budget - The draft's estimated tokens crossed `budget` (cancelable: hides the built-in warning). Detail `{ tokens, budget, over, measure }`.
 * @event t3-chip-activate - A chip was clicked or Enter pressed on it (cancelable; default: retry a failed upload, refresh stale context).
 * @event t3-context-refresh - A stale chip was activated: answer with `detail.provide(newRecord)`.
 * @event t3-queue-change - The queued follow-ups changed: `detail.queue`, head first.
 */
export class T3ComposerElement extends LitElement {
  /**
   * The element's shadow styles (theme, chips, editor, layout, controls); the lazy views bring
   * their own (elements/adopt-styles.ts). Restyle through parts and custom properties.
   */
  static override styles = [themeStyles, chipStyles, proseMirrorStyles, composerStyles, controlStyles, redactedChipStyles, pastedBlockStyles, toolbarStyles];
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
    redact: { type: String },
    registry: { attribute: false },
    transport: { attribute: false, noAccessor: true },
    budget: { type: Number },
    budgetMode: { type: String, attribute: "budget-mode" },
    estimateTokens: { attribute: false },
    kinds: { attribute: false },
    busy: { type: Boolean, reflect: true, noAccessor: true },
    toolbar: { type: String },
    accept: { type: String },
    speech: { attribute: false, noAccessor: true },
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
  /** `redact="off"` turns the secret redactor off (docs/secrets.md); any other value, or none, leaves it on. */
  declare redact: string | null;
  #redactor: ComposerRedactor | undefined = undefined;
  /**
   * The token budget of a message (attribute `budget`): a meter shows the draft's estimated
   * tokens against it, and each chip's share. `null` (default): no meter, nothing measured.
   */
  declare budget: number | null;
  /** `"warn"` (default): past the budget the meter says so; `"block"`: a send is refused too. */
  declare budgetMode: "warn" | "block" | null;
  /**
   * Counts the tokens of a piece of text, such as a tokenizer's `countTokens`. Default: a
   * quarter of the characters, rounded up (docs/budget.md).
   */
  declare estimateTokens: ((text: string) => number) | undefined;
  /**
   * The kind definitions `preview()` projects with, as `createHost({ kinds })` takes them;
   * `undefined` (the default): the registry's (`registry.definitions()`).
   */
  declare kinds: readonly ContextKindDefinition[] | undefined;
  /** `toolbar="none"` hides the built-in toolbar (Attach, Dictate, Send); any other value, or none, shows it. */
  declare toolbar: string | null;
  /** What the Attach button's file picker offers, as `<input type="file">`'s `accept`; `null`: any file. */
  declare accept: string | null;
  #speech: ComposerSpeech | null | undefined = undefined;
  #validateContext: ContextValidator | null = null;
  #registry: ChipRegistry = chipRegistry;
  readonly #composer: Composer;
  readonly #outOfBox: OutOfBox;
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
    this.redact = null;
    this.budget = null;
    this.budgetMode = null;
    this.estimateTokens = undefined;
    this.kinds = undefined;
    this.toolbar = null;
    this.accept = null;
    this.#composer = createComposer(this, this.attachInternals());
    this.#outOfBox = createOutOfBox(this, this.#composer);
  }

  /**
   * The speech engine of the Dictate button (docs/composer.md, "Dictation"): `{ start(signal) }`
   * yielding `{ text, final }`, such as `createRecordedSpeech({ transcribe })`. `undefined` (the
   * default): the browser's own recognizer where there is one; `null`: no dictation. Setting
   * something else throws a TypeError naming it.
   */
  get speech(): ComposerSpeech | null | undefined {
    return this.#speech;
  }

  set speech(speech: ComposerSpeech | null | undefined) {
    if (speech != null && !isSpeech(speech)) throw new TypeError(`speech: expected { start(signal) }, null or undefined, got ${String(speech)}`);
    const previous = this.#speech;
    this.#speech = speech;
    this.requestUpdate("speech", previous);
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

  /**
   * What hides secrets in captured text (docs/secrets.md): a function `(text) => { text, hits }`,
   * `{ rules }` to replace the built-in rules, or `{ rules, extend: true }` to add to them.
   * Default: the built-in `SECRET_RULES`. Throws a `TypeError` naming a bad value.
   */
  get redactor(): ComposerRedactor | undefined {
    return this.#redactor;
  }

  set redactor(redactor: ComposerRedactor | undefined) {
    this.#redactor = checkRedactor(redactor);
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
    this.#composer.editing.switchKey(previous, next); // edit mode is saved beside the draft
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

  /**
   * The host's hook `(record) => "current" | "stale" | "gone"` (or a promise of one), asked when a
   * chip joins, when the draft is restored, and just before a send (docs/preview-and-stale.md).
   * `null` (the default): all context is current. Setting something else throws a TypeError.
   */
  get validateContext(): ContextValidator | null {
    return this.#validateContext;
  }

  set validateContext(hook: ContextValidator | null) {
    if (hook !== null && typeof hook !== "function") throw new TypeError(`validateContext: expected a function or null, got ${String(hook)}`);
    this.#validateContext = hook;
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
   * Resolves with what a model would be given for the draft if it were sent now: the provider
   * projection of its message with `kinds` (docs/preview-and-stale.md). The projection is loaded
   * on demand: a part that cannot be fetched rejects with a `load-failed` ComposerError.
   */
  async preview(): Promise<string> {
    return this.#composer.previewPanel.project();
  }

  /** Opens the panel that shows `preview()` chip by chip; Escape or its Close button closes it. */
  showPreview(): void {
    this.#composer.previewPanel.show();
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
   * Loads a sent message into the composer to edit it (edit and resend): its text with every
   * chip, its records, its images and files bound to the host's ids (nothing is uploaded again).
   * The next send carries `editOf: message.id`. Escape or Cancel leaves edit mode and brings back
   * the draft from before the first edit. Throws a TypeError for something that is not a message,
   * and an Error while a send runs or when the transport's `capabilities.edit` is `false`.
   */
  edit(message: EditableMessage): void {
    this.#composer.editing.edit(message);
  }

  /** Leaves edit mode, bringing back the draft from before it; nothing outside edit mode. */
  cancelEdit(): void {
    this.#composer.editing.cancel();
  }

  /** The message being edited (`{ messageId, preview }`), or `null` outside edit mode. */
  get editing(): ComposerEditing | null {
    return this.#composer.editing.editing;
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
    if (changed.has("budget") || changed.has("budgetMode") || changed.has("estimateTokens") || changed.has("registry")) this.#composer.budget.settingsChanged();
  }

  protected override render() {
    const composer = this.#composer;
    return html`<div class="frame" part="frame" @focusout=${(event: FocusEvent) => this.#focusOut(event)}
        @dragenter=${(event: DragEvent) => onDragOver(composer, event)} @dragover=${(event: DragEvent) => onDragOver(composer, event)}
        @dragleave=${onDragLeave} @drop=${(event: DragEvent) => onDrop(composer, event)}>
        <div class="bar" part="header"><slot name="toolbar"></slot></div>
        ${composer.editing.render()}
        ${renderQueue(composer)}
        ${composer.shelf.render((localId) => this.retryAttachment(localId))} ${composer.mount}
        ${this.#outOfBox.notice.render()}
        ${this.#actions()}
      </div>
      ${composer.suggestions.render()} ${composer.shelf.renderConfirm()} ${composer.previewPanel.render()} ${composer.staleness.renderConfirm()}
      <div class="visually-hidden" role="status" aria-live="polite">${composer.events.announcement}</div>`;
  }

  protected override updated(): void {
    const composer = this.#composer;
    const root = this.renderRoot as ShadowRoot;
    composer.suggestions.sync(root.getElementById(LISTBOX_ID));
    composer.shelf.sync(root.querySelector('[part="confirm"]'));
    composer.previewPanel.sync(root.querySelector('[part="preview"]'));
    composer.staleness.sync(root.querySelector('[part="confirm-gone"]'));
    syncEditorState(composer, { label: this.getAttribute("aria-label"), disabled: this.disabled || this.#formDisabled, readOnly: this.readOnly });
  }

  /** Resolves once lit has rendered and the chunks the composer was loading are in (elements/chunks.ts). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    await this.#composer.loads.settled();
    return (await super.getUpdateComplete()) && result;
  }

  /** The strings changed: chips (their names and suffixes) are drawn again. */
  #stringsChanged(): void {
    this.#composer.chips.redrawAll();
  }

  /** The row under the editor: the toolbar, or with `toolbar="none"` the actions row as before it. */
  #actions() {
    const composer = this.#composer;
    const budget = composer.budget.render();
    if (this.toolbar === "none") {
      return html`<div class="bar" part="actions">${budget}${this.#retrying()}<span class="spacer"></span><slot name="actions"></slot></div>`;
    }
    const { toolbar } = this.#outOfBox;
    toolbar.sync();
    return html`<div class="bar toolbar" part="toolbar actions">${toolbar.renderStart()}<slot name="toolbar-start"></slot>${budget}${this.#retrying()}<span class="spacer"></span><slot name="actions"></slot><slot name="toolbar-end"></slot>${toolbar.renderSend()}</div>`;
  }

  /** What the actions row says while a send is retried (send.ts, `retryingAttempt`). */
  #retrying() {
    const attempt = this.#composer.sender.retryingAttempt;
    return attempt === null ? nothing : html`<span class="retrying" part="retrying">${this.localizer.text("sendRetrying", { attempt })}</span>`;
  }

  #focusOut(event: FocusEvent): void {
    const composer = this.#composer;
    composer.persistence.saveNow();
    const listbox = (this.renderRoot as ShadowRoot).getElementById(LISTBOX_ID);
    if (!listbox?.contains(event.relatedTarget as Node | null)) composer.suggestions.close();
  }
}

