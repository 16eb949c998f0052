import { LitElement, html } from "lit";
import type { T3StringTable } from "../../l10n/catalog.js";
import type { Localizer } from "../../l10n/localizer.js";
import { chipStyles } from "../../presentation/chip.styles.js";
import { detailsStyles } from "../../presentation/details.styles.js";
import { chipRegistry } from "../../presentation/shared-registry.js";
import { assertChipRegistry } from "../../presentation/report.js";
import { themeStyles } from "../../presentation/theme.styles.js";
import type { ChipPresenter, ChipRegistry } from "../../presentation/types.js";
import { actionTarget, activate, expand, hoverChip, previewOnTap, type Overlays } from "./activation.js";
import { ExpansionState } from "./expansion.js";
import type { AttachmentUrlResolver } from "./message-attachments.js";
import { chipLongPress, chipMenuStyles } from "./chip-menu.js";
import { copyButtonAt, copySelection, pressCopyButton, type CopySource } from "./copy.js";
import { DetailsPopover } from "./details-popover.js";
import { EDIT_BUTTON_CLASS, requestEdit, type EditTarget } from "./edit.js";
import { HoverCard } from "./hover-card.js";
import { Announcer } from "./announcer.js";
import { setAttributeIfChanged } from "./message-view.js";
import { loadMarkdown, loadedMarkdown } from "./markdown/load.js";
import { MediaModal } from "./media-modal.js";
import { MessageList } from "./message-list.js";
import { eventArticle, messageKeyTarget } from "./message-keys.js";
import { OlderPagesWatch } from "./older-pages.js";
import { pinnedSpans } from "./pins.js";
import { VirtualList } from "./virtual-list.js";
import { whenIdle } from "./idle.js";
import { emit } from "../events.js";
import { StringsController } from "../strings-controller.js";
import { transcriptStyles } from "./t3-transcript.styles.js";
import type { RenderDeps } from "./message-view.js";
import type { TranscriptMessage, TranscriptMessagePatch } from "./types.js";

/** How long one drawing slice may take, in ms: well under a frame, so input stays responsive. */
const SLICE_MS = 10;

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
 * @csspart message - Each message (`<article>`), also `message-user`, `message-assistant`, `message-system`, `message-pending`.
 * @csspart bubble - The box around a message's content.
 * @csspart body - A message's rendered Markdown.
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
  /** The element's shadow styles (theme, chips, details, layout); restyle through parts and custom properties. */
  static override styles = [themeStyles, chipStyles, detailsStyles, transcriptStyles, chipMenuStyles];

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

  #list = new MessageList((error, index) => this.#reportInvalid(error, index));
  #olderPages = new OlderPagesWatch(this, () => this.#list.placedViews().find((view) => view.index === 0)?.node ?? null);
  #copySource: CopySource = { host: this, message: (id) => this.#list.get(id) };
  #overlays: Overlays = { popover: new DetailsPopover(), hoverCard: new HoverCard(), modal: new MediaModal(), expansions: new ExpansionState() };
  /** A finger held on a chip opens its menu; on a message's copy button, copies (chip-menu.ts). */
  #longPress = chipLongPress(this.#list.node, this.#overlays, this.#copySource);
  #window = new VirtualList(this, this.#list, {
    draw: (deadline, enough) => this.#flush(deadline, enough),
    pins: () => pinnedSpans(this.renderRoot as ShadowRoot, this.#list.node, this.#overlays),
    request: () => this.#requestPass(),
  });
  /** The drawing context of the slice being drawn. */
  #deps: RenderDeps | null = null;
  #announcer = new Announcer();
  /** Whether the thread was drawn to the end once: what is drawn after that is new. */
  #settled = false;
  #strings = new StringsController(this, () => this.#redrawAll());
  #registry: ChipRegistry = chipRegistry;
  #resolveAttachmentUrl: AttachmentUrlResolver | undefined;
  #transport: EditTarget["transport"];
  #composer: EditTarget | null = null;
  #connection: AbortController | null = null;
  /** The kind of pointer that pressed last (`touch`, `mouse`, `pen`): a tap previews. */
  #lastPointer = "";
  #unsubscribe: (() => void) | null = null;
  /** The presenters drawn with, to notice a change made while disconnected. */
  #drawnWith: ReadonlyArray<ChipPresenter | undefined> = [];
  /** The timer of the next drawing slice, while a long thread is drawn. */
  #nextSlice: ReturnType<typeof setTimeout> | undefined;
  /** Whether drawing waits for the Markdown engine to load (markdown/load.ts). */
  #awaitingMarkdown = false;
  /** Who waits for the thread to be drawn (`updateComplete`). */
  #drawnWaiters: Array<() => void> = [];
  /** Cancels the idle checking of a long thread's older messages, while it waits. */
  #cancelMatching: (() => void) | null = null;

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
    return this.#list.messages;
  }
  set messages(messages: TranscriptMessage[]) {
    this.#list.set(messages);
    this.requestUpdate();
  }

  /** Adds a message at the end, or replaces the message with its id or `clientMessageId` in place. */
  appendMessage(message: TranscriptMessage): void {
    this.#list.append(message);
    this.requestUpdate();
  }

  /** Adds older messages (oldest first) before the ones shown: a page fetched for `t3-load-older`. */
  prependMessages(messages: TranscriptMessage[]): void {
    this.#list.set([...messages, ...this.#list.messages]);
    this.requestUpdate();
  }

  /**
   * Scrolls the message `id` into view, drawing it first in a long thread (where only the
   * messages near the viewport are in the DOM: docs/transcript.md, "Long threads"). A page's own
   * search over `messages` uses it to show a hit. Throws a `RangeError` for an unknown id.
   */
  async scrollToMessage(id: string): Promise<void> {
    if (this.#list.indexOf(id) < 0) throw new RangeError(`scrollToMessage: no message with id ${JSON.stringify(id) ?? String(id)}`);
    await this.updateComplete;
    if (!this.isConnected) return;
    // Where it is now: the thread may have changed meanwhile, and is checked whole before a jump.
    this.#list.settle();
    const index = this.#list.indexOf(id);
    if (index < 0) return;
    this.#window.reveal(index);
    this.#requestPass();
    await this.updateComplete;
  }

  /** Merges `patch` into one message and redraws that message only. Throws for an unknown id. */
  updateMessage(id: string, patch: TranscriptMessagePatch): void {
    this.#list.update(id, patch);
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

  override connectedCallback(): void {
    super.connectedCallback();
    this.#connection = new AbortController();
    const { signal } = this.#connection;
    const list = this.#list.node;
    list.addEventListener("click", (event) => this.#onClick(event), { signal });
    list.addEventListener("copy", (event) => copySelection(this.#copySource, this.renderRoot as ShadowRoot, list, event), { signal });
    const hover = (entering: boolean) => (event: Event) => {
      // A tap focuses its chip too: the tap itself decides what shows (previewOnTap).
      if (event.type === "focusin" && this.#lastPointer === "touch") return;
      hoverChip(event, list, this.#overlays.hoverCard, entering);
    };
    list.addEventListener("pointerdown", (event) => void (this.#lastPointer = event.pointerType), { signal, capture: true });
    list.addEventListener("keydown", () => void (this.#lastPointer = ""), { signal, capture: true });
    list.addEventListener("keydown", (event) => this.#onKeydown(event), { signal });
    list.addEventListener("pointerover", hover(true), { signal });
    list.addEventListener("pointerout", hover(false), { signal });
    list.addEventListener("focusin", hover(true), { signal });
    list.addEventListener("focusout", hover(false), { signal });
    this.#longPress.connect(list);
    this.#subscribe();
    this.#window.connect();
    this.#olderPages.connect();
    if (this.#presenters().some((presenter, i) => presenter !== this.#drawnWith[i])) this.#redrawAll();
    else if (this.#list.pending) this.requestUpdate(); // drawing stopped when it was disconnected
    this.#matchLater();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connection?.abort();
    this.#connection = null;
    this.#longPress.disconnect();
    this.#olderPages.disconnect();
    this.#window.disconnect();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#overlays.popover.close();
    this.#overlays.hoverCard.hide();
    this.#overlays.modal.close();
    clearTimeout(this.#nextSlice);
    this.#nextSlice = undefined;
    this.#cancelMatching?.();
    this.#cancelMatching = null;
  }

  protected override render() {
    const { popover, hoverCard, modal } = this.#overlays;
    return html`${this.#list.node}${popover.node}${hoverCard.node}${modal.node}${this.#announcer.node}`;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A change of `editable` (not its first value) adds or removes every Edit button.
    if (changed.has("editable") && changed.get("editable") !== undefined) this.#list.invalidateAll();
  }

  protected override updated(): void {
    if (this.#nextSlice === undefined && !this.#awaitingMarkdown) this.#drawSlice();
  }

  /** Resolves once lit has rendered and every message is drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    if (this.#list.pending || this.#window.stale) await new Promise<void>((resolve) => this.#drawnWaiters.push(resolve));
    return result;
  }

  // A thread is drawn in slices so input is never blocked for long: the newest messages first,
  // then a new slice after the browser had its turn. A streaming update is one slice. A long
  // thread draws only the messages near the viewport (virtual-list.ts), in one slice.
  #drawSlice(): void {
    this.#nextSlice = undefined;
    if (this.#list.pending || this.#window.stale) {
      const markdown = loadedMarkdown();
      if (!markdown) {
        this.#awaitMarkdown();
        return;
      }
      this.#drawnWith = this.#presenters();
      const strings = this.#strings.localizer;
      this.#overlays.modal.localize(strings);
      this.#overlays.popover.localize(strings);
      this.#describeList(strings);
      const announce = this.#settled ? (message: string) => this.#announcer.say(message) : undefined;
      const editable = this.#editsOffered();
      this.#deps = { host: this, registry: this.#registry, resolveAttachmentUrl: this.#resolveAttachmentUrl, markdown, strings, announce, editable };
      if (!this.#window.pass(performance.now() + SLICE_MS)) {
        if (this.isConnected) this.#nextSlice = setTimeout(() => this.#drawSlice());
        return;
      }
    }
    this.#settled = true;
    this.#olderPages.update();
    this.#matchLater();
    const waiters = this.#drawnWaiters;
    this.#drawnWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Draws now, unless a slice or the Markdown engine is awaited (then that draw will do). */
  #requestPass(): void {
    if (this.#nextSlice === undefined && !this.#awaitingMarkdown && this.isConnected) this.#drawSlice();
  }

  #flush(deadline: number, enough?: (drawn: HTMLElement) => boolean): boolean {
    const done = this.#deps ? this.#list.flush(this.#deps, deadline, enough) : true;
    // A message drawn again (back in the window, or redrawn whole) opens what was open in it.
    this.#overlays.expansions.restore(this.#list.placedViews(), expand);
    return done;
  }

  /** PageUp / PageDown (and Home / End on an article) move between messages, drawing them on demand. */
  #onKeydown(event: KeyboardEvent): void {
    const from = eventArticle(event, this.#list.node);
    if (!from) return;
    this.#list.settle(); // a key may go to any message: the thread is checked whole first
    const target = messageKeyTarget(event, this.#list.indexOf(from.id), from.onArticle, this.#list.count);
    if (target === null) return;
    event.preventDefault();
    this.#window.reveal(target);
    this.#requestPass();
    const node = this.#list.placedViews().find((view) => view.index === target)?.node;
    if (!node) return;
    // Focusable by script only: the messages are not tab stops of their own.
    node.tabIndex = -1;
    node.focus({ preventScroll: true });
  }

  // A long thread set at once draws its newest screenful first and checks its older messages when
  // the page is idle (message-list.ts, `matchLater`), a slice at a time.
  #matchLater(): void {
    if (this.#cancelMatching || this.#list.unmatched === 0 || !this.isConnected) return;
    this.#cancelMatching = whenIdle(() => {
      this.#cancelMatching = null;
      if (this.#list.matchLater(performance.now() + SLICE_MS)) this.requestUpdate();
      else this.#matchLater();
    });
  }

  /** An older message of a long thread that is not one: checked after the setter returned, it is reported instead of thrown. */
  #reportInvalid(error: TypeError, index: number): void {
    console.error(`t3-composer: message ${index} of messages is not a message; it is left out`, error);
    emit(this, "t3-error", { code: "invalid-message", message: `Message ${index} of messages is left out: ${error.message}`, cause: error });
  }

  #awaitMarkdown(): void {
    if (this.#awaitingMarkdown) return;
    this.#awaitingMarkdown = true;
    void loadMarkdown().then(() => {
      this.#awaitingMarkdown = false;
      if (this.isConnected) this.#drawSlice();
    });
  }

  /**
   * The list is the conversation's `log`; its live announcements are off because this element
   * says finished replies itself (announcer.ts), not every streamed token.
   */
  #describeList(strings: Localizer): void {
    const list = this.#list.node;
    setAttributeIfChanged(list, "role", "log");
    setAttributeIfChanged(list, "aria-live", "off");
    setAttributeIfChanged(list, "aria-label", strings.text("conversation"));
  }

  #subscribe(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = this.#registry.subscribe(() => this.#redrawAll());
  }

  #presenters(): Array<ChipPresenter | undefined> {
    const registry = this.#registry;
    return [registry.fallback, ...registry.kinds().map((kind) => registry.get(kind))];
  }

  #redrawAll(): void {
    this.#overlays.popover.close();
    this.#overlays.hoverCard.hide();
    this.#list.invalidateAll();
    this.requestUpdate();
  }

  /** Whether Edit is offered: `editable`, unless the transport says the host takes no edits. */
  #editsOffered(): boolean {
    return this.editable && this.#transport?.capabilities?.edit !== false;
  }

  #onClick(event: Event): void {
    const edit = (event.target as Element | null)?.closest?.(`.${EDIT_BUTTON_CLASS}`);
    if (edit instanceof HTMLElement) {
      const message = this.#list.get(edit.closest("article")?.dataset.messageId ?? "");
      if (message) requestEdit(this, message, this.#composer);
      return;
    }
    const copy = copyButtonAt(event);
    if (copy) {
      pressCopyButton(this.#copySource, copy);
      return;
    }
    const node = actionTarget(event, this.#list.node);
    if (!node) return;
    if (this.#lastPointer === "touch" && previewOnTap(node, this.#overlays.hoverCard)) return;
    activate(this, node, this.#overlays);
  }
}
