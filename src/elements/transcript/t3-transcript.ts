import { LitElement, html } from "lit";
import type { T3StringTable } from "../../l10n/catalog.js";
import type { Localizer } from "../../l10n/localizer.js";
import { chipStyles } from "../../presentation/chip.styles.js";
import { detailsStyles } from "../../presentation/details.styles.js";
import { chipRegistry } from "../../presentation/shared-registry.js";
import { assertChipRegistry } from "../../presentation/report.js";
import { themeStyles } from "../../presentation/theme.styles.js";
import type { ChipPresenter, ChipRegistry } from "../../presentation/types.js";
import { actionTarget, activate, hoverChip, previewOnTap, type Overlays } from "./activation.js";
import type { AttachmentUrlResolver } from "./message-attachments.js";
import { COPY_BUTTON_CLASS, copyMessage, copySelection, type CopySource } from "./copy.js";
import { DetailsPopover } from "./details-popover.js";
import { HoverCard } from "./hover-card.js";
import { Announcer } from "./announcer.js";
import { setAttributeIfChanged } from "./message-view.js";
import { loadMarkdown, loadedMarkdown } from "./markdown/load.js";
import { MediaModal } from "./media-modal.js";
import { MessageList } from "./message-list.js";
import { OlderPagesWatch } from "./older-pages.js";
import { StringsController } from "../strings-controller.js";
import { transcriptStyles } from "./t3-transcript.styles.js";
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
 *
 * @fires t3-chip-activate - A chip was activated (click, Enter, Space). Cancelable: canceling it
 *   stops the default action (popover, media modal, opening a file or a pull request).
 * @fires t3-copy - A selection or a whole message was copied: `{ text, fragment }`, the canonical
 *   Markdown (chips as links) and the fragment of the records it links to (or `null`).
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
 * @csspart chip - Each chip, also `chip-<kind>` and `chip-unresolved`.
 * @csspart expansion - The block a chip with `expanded: "inline-block"` opens after its paragraph.
 * @csspart gallery - A message's strip of images.
 * @csspart gallery-item - One thumbnail of the strip.
 * @csspart files - A message's row of files that no chip references.
 * @csspart file - One file of that row.
 * @csspart popover - The details popover.
 * @csspart hover-card - The pull-request hover card.
 * @csspart modal - The media modal (`<dialog>`).
 * @csspart modal-stage - The image or video inside the modal.
 * @csspart modal-previous - The modal's "Previous" button.
 * @csspart modal-next - The modal's "Next" button.
 * @csspart modal-close - The modal's "Close" button.
 */
export class T3TranscriptElement extends LitElement {
  /** The element's shadow styles (theme, chips, details, layout); restyle through parts and custom properties. */
  static override styles = [themeStyles, chipStyles, detailsStyles, transcriptStyles];

  static override properties = {
    environmentId: { attribute: "environment-id" },
    threadId: { attribute: "thread-id" },
  };

  /** The environment written into copied clipboard fragments. */
  declare environmentId: string | null;
  /** The thread written into copied clipboard fragments. */
  declare threadId: string | null;

  #list = new MessageList();
  #olderPages = new OlderPagesWatch(this, this.#list.node);
  #copySource: CopySource = { host: this, message: (id) => this.#list.get(id) };
  #overlays: Overlays = { popover: new DetailsPopover(), hoverCard: new HoverCard(), modal: new MediaModal() };
  #announcer = new Announcer();
  /** Whether the thread was drawn to the end once: what is drawn after that is new. */
  #settled = false;
  #strings = new StringsController(this, () => this.#redrawAll());
  #registry: ChipRegistry = chipRegistry;
  #resolveAttachmentUrl: AttachmentUrlResolver | undefined;
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

  constructor() {
    super();
    this.environmentId = null;
    this.threadId = null;
  }

  /** The messages, oldest first. Setting it replaces the thread, keeping what did not change. */
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
    list.addEventListener("pointerover", hover(true), { signal });
    list.addEventListener("pointerout", hover(false), { signal });
    list.addEventListener("focusin", hover(true), { signal });
    list.addEventListener("focusout", hover(false), { signal });
    this.#subscribe();
    this.#olderPages.connect();
    if (this.#presenters().some((presenter, i) => presenter !== this.#drawnWith[i])) this.#redrawAll();
    else if (this.#list.pending) this.requestUpdate(); // drawing stopped when it was disconnected
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connection?.abort();
    this.#connection = null;
    this.#olderPages.disconnect();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#overlays.popover.close();
    this.#overlays.hoverCard.hide();
    this.#overlays.modal.close();
    clearTimeout(this.#nextSlice);
    this.#nextSlice = undefined;
  }

  protected override render() {
    const { popover, hoverCard, modal } = this.#overlays;
    return html`${this.#list.node}${popover.node}${hoverCard.node}${modal.node}${this.#announcer.node}`;
  }

  protected override updated(): void {
    if (this.#nextSlice === undefined && !this.#awaitingMarkdown) this.#drawSlice();
  }

  /** Resolves once lit has rendered and every message is drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    if (this.#list.pending) await new Promise<void>((resolve) => this.#drawnWaiters.push(resolve));
    return result;
  }

  // A long thread is drawn in slices so input is never blocked for long: the newest messages
  // first, then a new slice after the browser had its turn. A streaming update is one slice.
  #drawSlice(): void {
    this.#nextSlice = undefined;
    if (this.#list.pending) {
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
      const deps = { host: this, registry: this.#registry, resolveAttachmentUrl: this.#resolveAttachmentUrl, markdown, strings, announce };
      if (!this.#list.flush(deps, performance.now() + SLICE_MS)) {
        if (this.isConnected) this.#nextSlice = setTimeout(() => this.#drawSlice());
        return;
      }
    }
    this.#settled = true;
    this.#olderPages.update();
    const waiters = this.#drawnWaiters;
    this.#drawnWaiters = [];
    for (const resolve of waiters) resolve();
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

  #onClick(event: Event): void {
    const copy = (event.target as Element | null)?.closest?.(`.${COPY_BUTTON_CLASS}`);
    if (copy instanceof HTMLElement) {
      const article = copy.closest("article");
      const id = article?.dataset.messageId;
      if (id !== undefined) void copyMessage(this.#copySource, id, copy, article!.querySelector(".body"));
      return;
    }
    const node = actionTarget(event, this.#list.node);
    if (!node) return;
    if (this.#lastPointer === "touch" && previewOnTap(node, this.#overlays.hoverCard)) return;
    activate(this, node, this.#overlays);
  }
}
