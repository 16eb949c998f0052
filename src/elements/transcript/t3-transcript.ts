import { LitElement, adoptStyles, html, nothing, type TemplateResult } from "lit";
import type { T3StringTable } from "../../l10n/catalog.js";
import { chipStyles } from "../../presentation/chip.styles.js";
import { chipRegistry } from "../../presentation/shared-registry.js";
import { assertChipRegistry } from "../../presentation/report.js";
import { themeStyles } from "../../presentation/theme.styles.js";
import type { ChipPresenter, ChipRegistry } from "../../presentation/types.js";
import type { AttachmentUrlResolver } from "./message-attachments.js";
import type { CodeHighlighter } from "./code/types.js";
import type { DrawSettings, TranscriptDrawing } from "./drawing.js";
import type { EditTarget } from "./edit.js";
import { EarlyThread } from "./early-thread.js";
import { engineLoaded, loadEngine, type TranscriptEngine } from "./load-engine.js";
import { PlainThread } from "./plain-thread.js";
import { ChunkLoads } from "../chunks.js";
import { emit } from "../events.js";
import { StringsController } from "../strings-controller.js";
import { renderViewStatus, viewStatusStyles } from "../view-status.js";
import type { TranscriptMessage, TranscriptMessagePatch } from "./types.js";

/** How long one drawing slice may take, in ms: well under a frame, so input stays responsive. */
const SLICE_MS = 10;

/** What the element's API reads and writes: the early thread until the engine is in, then its list. */
type Thread = Pick<EarlyThread, "messages" | "get" | "indexOf" | "set" | "append" | "update">;

/**
 * A thread of sent messages: Markdown rendered safely, context references drawn as chips by the
 * chip registry, details popovers, a media modal, attachments, optimistic messages and streaming.
 *
 * @element t3-transcript
 *
 * @attr environment-id - The environment written into copied clipboard fragments.
 * @attr thread-id - The thread written into copied clipboard fragments.
 * @attr editable - The person's own messages get an Edit button (unless `transport.capabilities.edit` is `false`).
 *
 * @fires t3-chip-activate - A chip was activated (click, Enter, Space). Cancelable: canceling it
 *   stops the default action (popover, media modal, opening a file or a pull request).
 * @fires t3-copy - A selection or a whole message was copied: `{ text, fragment }`, the canonical
 *   Markdown (chips as links) and the fragment of the records it links to (or `null`).
 * @fires t3-edit - Edit was activated on a message: `{ message }`. Cancelable: canceling it stops
 *   the default action (loading the message into `composer`, when one is set).
 * @fires t3-load-older - The oldest message shown scrolled into view: `{ before }`, its id. A page
 *   that lists the thread in pages fetches the page before it and calls `prependMessages`.
 *
 * @cssprop --t3-font - Text font.
 * @cssprop --t3-font-mono - Code font.
 * @cssprop --t3-fg - Text colour.
 * @cssprop --t3-bg - Background of popovers and the modal.
 * @cssprop --t3-muted - Secondary text.
 * @cssprop --t3-border - Borders.
 * @cssprop --t3-accent - Links and focus.
 * @cssprop --t3-danger - Failures, deleted diff lines.
 * @cssprop --t3-surface - Code blocks, tables, assistant surfaces.
 * @cssprop --t3-radius - Corner radius of bubbles and popovers.
 * @cssprop --t3-space - The spacing unit.
 * @cssprop --t3-user-bubble-bg - Background of the user's bubbles.
 * @cssprop --t3-user-bubble-fg - Text colour of the user's bubbles.
 * @cssprop --t3-chip-bg - Chip background.
 * @cssprop --t3-chip-fg - Chip text.
 * @cssprop --t3-chip-border - Chip border.
 * @cssprop --t3-chip-radius - Chip corner radius.
 * @cssprop --t3-tone-open - Open pull requests.
 * @cssprop --t3-tone-draft - Draft pull requests.
 * @cssprop --t3-tone-merged - Merged pull requests.
 * @cssprop --t3-tone-closed - Closed pull requests.
 * @cssprop --t3-focus-ring - Focus outline.
 *
 * @csspart messages - The list of messages.
 * @csspart view-status - What stands for a part loaded on demand until it is in (docs/performance.md): a status, or an alert with its `view-retry` (and `view-dismiss`) buttons; also `engine-status` above the thread, and `popover-status`, `hover-card-status`, `modal-status`, `chip-menu-status` under a chip, each with its `-retry` and `-dismiss` buttons.
 * @csspart message - Each message (`<article>`), also `message-user`, `message-assistant`, `message-system`, `message-pending`.
 * @csspart bubble - The box around a message's content.
 * @csspart body - A message's rendered Markdown.
 * @csspart code-block - A fenced code block: its header and its code.
 * @csspart code-language - The language named by a code block's fence, in its header.
 * @csspart code-copy - A code block's Copy button: exactly its code, as plain text.
 * @csspart copy-button - A message's "Copy" button: the whole message as Markdown, HTML and fragment.
 * @csspart edit - A user message's "Edit" button (with `editable`).
 * @csspart edited - The "edited" mark of a message that replaced an earlier version.
 * @csspart chip - Each chip, also `chip-<kind>` and `chip-unresolved`.
 * @csspart expansion - The block a chip with `expanded: "inline-block"` opens after its paragraph.
 * @csspart gallery - A message's strip of images.
 * @csspart gallery-item - One thumbnail of the strip.
 * @csspart files - A message's row of files that no chip references.
 * @csspart file - One file of that row.
 * @csspart popover - The details popover.
 * @csspart chip-copy - The Copy button in the details popover that a long press on a chip opens (docs/accessibility.md).
 * @csspart hover-card - The pull-request hover card.
 * @csspart modal - The media modal (`<dialog>`).
 * @csspart modal-stage - The image or video inside the modal.
 * @csspart modal-previous - The modal's "Previous" button.
 * @csspart modal-next - The modal's "Next" button.
 * @csspart modal-close - The modal's "Close" button.
 */
export class T3TranscriptElement extends LitElement {
  /**
   * The element's shadow styles (theme, chips); restyle through parts and custom properties. The
   * styles of the drawn thread and its overlays come with the engine (engine.ts), which adopts
   * them after these.
   */
  static override styles = [themeStyles, chipStyles, viewStatusStyles];

  static override properties = {
    environmentId: { attribute: "environment-id" },
    threadId: { attribute: "thread-id" },
    editable: { type: Boolean, reflect: true },
  };

  /** The environment written into copied clipboard fragments. */
  declare environmentId: string | null;
  /** The thread written into copied clipboard fragments. */
  declare threadId: string | null;
  /**
   * Whether the person's own messages (`role: "user"`, not pending) get an Edit button, which
   * fires `t3-edit`. A `transport` whose `capabilities.edit` is `false` turns it off.
   */
  declare editable: boolean;

  /** The thread until the engine has loaded (load-engine.ts); `null` once its list holds it. */
  #early: EarlyThread | null = new EarlyThread((error, index) => this.#reportInvalid(error, index));
  /** The engine's drawing of the thread, once it has loaded. */
  #drawing: TranscriptDrawing | null = null;
  /** The messages' text, drawn instead when the engine could not load. */
  #plain: PlainThread | null = null;
  /** Whether drawing waits for the engine to load. */
  #awaitingEngine = false;
  #strings = new StringsController(this, () => this.#redrawAll());
  #registry: ChipRegistry = chipRegistry;
  #resolveAttachmentUrl: AttachmentUrlResolver | undefined;
  #highlighter: CodeHighlighter | null | undefined;
  #transport: EditTarget["transport"];
  #composer: EditTarget | null = null;
  #unsubscribe: (() => void) | null = null;
  /** The presenters drawn with, to notice a change made while disconnected. */
  #drawnWith: ReadonlyArray<ChipPresenter | undefined> = [];
  /** The timer of the next drawing slice, while a long thread is drawn. */
  #nextSlice: ReturnType<typeof setTimeout> | undefined;
  /** Who waits for the thread to be drawn (`updateComplete`). */
  #drawnWaiters: Array<() => void> = [];
  /** The loads of the overlays chunk (chunks.ts), which `updateComplete` waits for too. */
  readonly #loads = new ChunkLoads(this, "transcript");

  constructor() {
    super();
    this.environmentId = null;
    this.threadId = null;
    this.editable = false;
  }

  /**
   * The thread's transport; the transcript reads only its `capabilities` (a host that does not
   * take edits, `capabilities.edit === false`, gets no Edit button).
   */
  get transport(): EditTarget["transport"] {
    return this.#transport;
  }
  set transport(transport: EditTarget["transport"]) {
    if (transport === this.#transport) return;
    const before = this.#editsOffered();
    this.#transport = transport;
    if (this.#editsOffered() !== before) this.#redrawAll();
  }

  /**
   * The composer an Edit loads its message into (the default action of `t3-edit`: its
   * `edit(message)`, then focus). `null` (the default): the transcript only fires `t3-edit`.
   * Throws a TypeError for something without an `edit` method.
   */
  get composer(): EditTarget | null {
    return this.#composer;
  }
  set composer(composer: EditTarget | null) {
    if (composer !== null && composer !== undefined && typeof (composer as Partial<EditTarget>).edit !== "function") {
      throw new TypeError(`composer: expected an element with an edit(message) method, got ${String(composer)}`);
    }
    this.#composer = composer ?? null;
  }

  /**
   * The messages, oldest first. Setting it replaces the thread, keeping what did not change.
   * Throws a TypeError for a bad message; in a long thread set on an empty transcript only the
   * newest 200 are checked at once, and a bad older one is reported as `t3-error`
   * (`invalid-message`) after the first draw and left out (docs/transcript.md, "Long threads").
   */
  get messages(): TranscriptMessage[] {
    return this.#thread.messages;
  }
  set messages(messages: TranscriptMessage[]) {
    this.#thread.set(messages);
    this.requestUpdate();
  }

  /** Adds a message at the end, or replaces the message with its id or `clientMessageId` in place. */
  appendMessage(message: TranscriptMessage): void {
    this.#thread.append(message);
    this.requestUpdate();
  }

  /** Adds older messages (oldest first) before the ones shown: a page fetched for `t3-load-older`. */
  prependMessages(messages: TranscriptMessage[]): void {
    this.#thread.set([...messages, ...this.#thread.messages]);
    this.requestUpdate();
  }

  /**
   * Scrolls the message `id` into view, drawing it first in a long thread (where only the
   * messages near the viewport are in the DOM: docs/transcript.md, "Long threads"). A page's own
   * search over `messages` uses it to show a hit. Throws a `RangeError` for an unknown id.
   */
  async scrollToMessage(id: string): Promise<void> {
    if (this.#thread.indexOf(id) < 0) throw new RangeError(`scrollToMessage: no message with id ${JSON.stringify(id) ?? String(id)}`);
    await this.updateComplete;
    if (!this.isConnected || !this.#drawing?.reveal(id)) return;
    this.#requestPass();
    await this.updateComplete;
  }

  /** Merges `patch` into one message and redraws that message only. Throws for an unknown id. */
  updateMessage(id: string, patch: TranscriptMessagePatch): void {
    this.#thread.update(id, patch);
    this.requestUpdate();
  }

  /**
   * Replaces some of the strings this transcript shows or announces (docs/localization.md lists
   * the keys); the rest come from the tables registered with `setStrings` for its `lang`, then
   * English. Throws a TypeError for an unknown key or a value of the wrong type.
   */
  get strings(): T3StringTable | undefined {
    return this.#strings.overrides;
  }
  set strings(table: T3StringTable | undefined) {
    this.#strings.overrides = table;
  }

  /** The chip registry; default: the shared `chipRegistry`. */
  get registry(): ChipRegistry {
    return this.#registry;
  }
  set registry(registry: ChipRegistry) {
    assertChipRegistry(registry);
    if (registry === this.#registry) return;
    this.#registry = registry;
    if (this.isConnected) this.#subscribe();
    this.#redrawAll();
  }

  /**
   * Where an attachment loads from, by its id: `undefined` falls back to the attachment's own
   * `url`. Only http, https and object URLs are used.
   */
  get resolveAttachmentUrl(): AttachmentUrlResolver | undefined {
    return this.#resolveAttachmentUrl;
  }
  set resolveAttachmentUrl(resolve: AttachmentUrlResolver | undefined) {
    if (resolve !== undefined && resolve !== null && typeof resolve !== "function") {
      throw new TypeError(`resolveAttachmentUrl: expected a function, got ${String(resolve)}`);
    }
    if ((resolve ?? undefined) === this.#resolveAttachmentUrl) return;
    this.#resolveAttachmentUrl = resolve ?? undefined;
    this.#redrawAll();
  }

  /**
   * Highlights fenced code: `(code, language) => tokens` (sync or async), each token a run of the
   * code's text and its scope (docs/transcript.md, "Code blocks"). `undefined` (the default): the
   * built-in highlighter, loaded with the first code block that comes into view; `null`: code
   * stays plain.
   */
  get highlighter(): CodeHighlighter | null | undefined {
    return this.#highlighter;
  }
  set highlighter(highlighter: CodeHighlighter | null | undefined) {
    if (highlighter !== undefined && highlighter !== null && typeof highlighter !== "function") {
      throw new TypeError(`highlighter: expected a function or null, got ${String(highlighter)}`);
    }
    if (highlighter === this.#highlighter) return;
    this.#highlighter = highlighter;
    this.#redrawAll();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe();
    this.#drawing?.connect();
    if (this.#presenters().some((presenter, i) => presenter !== this.#drawnWith[i])) this.#redrawAll();
    else if (this.#due) this.requestUpdate(); // drawing stopped when it was disconnected
    this.#drawing?.matchLater();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#drawing?.disconnect();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    clearTimeout(this.#nextSlice);
    this.#nextSlice = undefined;
  }

  protected override render() {
    return html`${this.#engineStatus()}${this.#drawing?.nodes ?? this.#plain?.node ?? nothing}`;
  }

  /**
   * What stands above the thread until the engine is in (view-status.ts): a status while it loads
   * for a thread that waits to be drawn, an alert with Try again over the plain text when it failed.
   */
  #engineStatus(): TemplateResult | typeof nothing {
    if (this.#drawing) return nothing;
    const failed = this.#plain !== null && !this.#awaitingEngine;
    // An engine already in (another transcript fetched it) draws at once, with no status first; an
    // empty thread has nothing waiting, and a status that comes and goes above it would only move
    // the page under a person's pointer.
    if (!failed && (engineLoaded() || this.#early!.messages.length === 0 || (!this.#awaitingEngine && this.#early!.version === 0))) return nothing;
    return renderViewStatus(this.#strings.localizer, "engine", failed ? "failed" : "loading", { retry: () => this.#retryEngine() });
  }

  /** Try again: fetches the engine again; the plain text stays until it is in. */
  #retryEngine(): void {
    this.#awaitEngine();
    this.requestUpdate();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A change of `editable` (not its first value) adds or removes every Edit button.
    if (changed.has("editable") && changed.get("editable") !== undefined) this.#invalidateAll();
  }

  protected override updated(): void {
    if (this.#nextSlice === undefined && !this.#awaitingEngine) this.#drawSlice();
  }

  /** Resolves once lit has rendered and every message is drawn (the engine loaded first), and the chunks asked for are in. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    // A load may ask for a draw as it ends (the messages drawn without the legacy reader are drawn
    // again once it is in: load-legacy.ts), and that draw may be a slice away: wait for both.
    do {
      if (this.#due) await new Promise<void>((resolve) => this.#drawnWaiters.push(resolve));
      await this.#loads.settled();
    } while (this.#due);
    return result;
  }

  get #thread(): Thread {
    return this.#drawing?.list ?? this.#early!;
  }

  /** Whether something waits to be drawn: before the engine, a thread was given at all. */
  get #due(): boolean {
    if (this.#drawing) return this.#drawing.due;
    const version = this.#early!.version;
    return this.#plain ? this.#plain.due(version) : version > 0;
  }

  // A thread is drawn in slices so input is never blocked for long: the newest messages first,
  // then a new slice after the browser had its turn. A streaming update is one slice. A long
  // thread draws only the messages near the viewport (virtual-list.ts), in one slice.
  #drawSlice(): void {
    this.#nextSlice = undefined;
    if (this.#due) {
      if (!this.#drawing && !this.#plain) {
        this.#awaitEngine();
        return;
      }
      this.#drawnWith = this.#presenters();
      if (!this.#drawing) this.#plain!.draw(this.#early!.messages, this.#early!.version, this.#strings.localizer);
      else if (!this.#drawing.draw(this.#settings(), performance.now() + SLICE_MS)) {
        if (this.isConnected) this.#nextSlice = setTimeout(() => this.#drawSlice());
        return;
      }
    }
    this.#drawing?.drawn();
    const waiters = this.#drawnWaiters;
    this.#drawnWaiters = [];
    for (const resolve of waiters) resolve();
  }

  #settings(): DrawSettings {
    return { registry: this.#registry, resolveAttachmentUrl: this.#resolveAttachmentUrl, strings: this.#strings.localizer, editable: this.#editsOffered(), highlighter: this.#highlighter };
  }

  /** Draws now, unless a slice or the engine is awaited (then that draw will do). */
  #requestPass(): void {
    if (this.#nextSlice === undefined && !this.#awaitingEngine && this.isConnected) this.#drawSlice();
  }

  /** An older message of a long thread that is not one: checked after the setter returned, it is reported instead of thrown. */
  #reportInvalid(error: TypeError, index: number): void {
    console.error(`t3-composer: message ${index} of messages is not a message; it is left out`, error);
    emit(this, "t3-error", { code: "invalid-message", message: `Message ${index} of messages is left out: ${error.message}`, cause: error });
  }

  #awaitEngine(): void {
    if (this.#awaitingEngine) return;
    this.#awaitingEngine = true;
    void this.#loads.wait(
      loadEngine().then(
        (engine) => this.#adopt(engine),
        (cause: unknown) => this.#fallBack(cause),
      ),
    );
  }

  /** The engine is in: its list takes the thread given so far, and draws from now on. */
  #adopt(engine: TranscriptEngine): void {
    const drawing = new engine.TranscriptDrawing({
      host: this,
      invalid: (error, index) => this.#reportInvalid(error, index),
      request: () => this.#requestPass(),
      composer: () => this.#composer,
      loads: this.#loads,
    });
    const ownStyles = (this.constructor as typeof LitElement).elementStyles;
    adoptStyles(this.renderRoot as ShadowRoot, [...ownStyles, ...engine.drawingStyles]);
    drawing.list.set(this.#early!.handover());
    this.#drawing = drawing;
    this.#early = null;
    this.#plain = null; // drawn before, when an earlier load failed
    this.#awaitingEngine = false;
    // Disconnected meanwhile: connecting again draws it (connectedCallback).
    if (!this.isConnected) return;
    drawing.connect();
    this.requestUpdate();
  }

  /** The engine could not be fetched: the messages show as plain text, and the page is told. */
  #fallBack(cause: unknown): void {
    this.#plain ??= new PlainThread();
    this.#awaitingEngine = false;
    emit(this, "t3-error", { code: "load-failed", message: "A part of the transcript could not be loaded; its messages show as plain text.", cause });
    this.requestUpdate();
  }

  #subscribe(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = this.#registry.subscribe(() => this.#redrawAll());
  }

  #presenters(): Array<ChipPresenter | undefined> {
    const registry = this.#registry;
    return [registry.fallback, ...registry.kinds().map((kind) => registry.get(kind))];
  }

  #invalidateAll(): void {
    this.#drawing?.list.invalidateAll();
    this.#plain?.invalidate();
  }

  #redrawAll(): void {
    this.#drawing?.closeOverlays();
    this.#invalidateAll();
    this.requestUpdate();
  }

  /** Whether Edit is offered: `editable`, unless the transport says the host takes no edits. */
  #editsOffered(): boolean {
    return this.editable && this.#transport?.capabilities?.edit !== false;
  }
}
