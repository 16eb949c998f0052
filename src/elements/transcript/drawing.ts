// What a transcript draws and how a person acts on it, in the engine chunk (engine.ts): the list
// of messages and their views, the virtual window, the watch for older pages, the overlays
// (details popover, hover card, media modal, expansions), chip menus, edit and copy. The element
// (t3-transcript.ts) creates one when the engine has loaded, hands it the thread and its
// settings, and asks it to draw; it owns no state the element's API reads before that.
import type { LitElement } from "lit";
import { englishLocalizer, type Localizer } from "../../l10n/localizer.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { ChunkLoads } from "../chunks.js";
import { actionTarget, activate, expand, hoverChip, previewOnTap } from "./activation.js";
import { Announcer } from "./announcer.js";
import { chipLongPress } from "./chip-press.js";
import { codeCopyButtonAt, codeOf } from "./code/code-block.js";
import type { CodeHighlighter } from "./code/types.js";
import { copyButtonAt, copySelection, pressCopyButton, type CopySource } from "./copy.js";
import { EDIT_BUTTON_CLASS, requestEdit, type EditTarget } from "./edit.js";
import { whenIdle } from "../idle.js";
import { legacyReader } from "./load-legacy.js";
import { markdownEngine } from "./markdown/engine.js";
import type { AttachmentUrlResolver } from "./message-attachments.js";
import { eventArticle, messageKeyTarget } from "./message-keys.js";
import { MessageList } from "./message-list.js";
import { setAttributeIfChanged, type RenderDeps } from "./message-view.js";
import { OlderPagesWatch } from "./older-pages.js";
import { TranscriptOverlays } from "./overlays.js";
import { pinnedSpans } from "./pins.js";
import { VirtualList } from "./virtual-list.js";

/** How long one slice of the idle checking of a long thread's older messages may take, in ms. */
const MATCH_SLICE_MS = 10;

/** What the drawing asks of its element. */
export interface DrawingHooks {
  host: LitElement & CopySource["host"];
  /** An older message of a long thread is not one (it cannot throw at the caller). */
  invalid(error: TypeError, index: number): void;
  /** Asks the element for a pass (a scroll in a long thread, a size change). */
  request(): void;
  /** The composer an Edit loads its message into. */
  composer(): EditTarget | null;
  /** The element's loads of chunks (the overlays'), which its `updateComplete` waits for. */
  loads: ChunkLoads;
}

/** The element's settings a draw uses; a change to any of them redraws every message. */
export interface DrawSettings {
  registry: ChipRegistry;
  resolveAttachmentUrl: AttachmentUrlResolver | undefined;
  strings: Localizer;
  editable: boolean;
  /** The element's `highlighter` (code/types.ts). */
  highlighter: CodeHighlighter | null | undefined;
}

export class TranscriptDrawing {
  readonly list: MessageList;
  /** What the element renders into its shadow root, in order. */
  readonly nodes: readonly Node[];
  readonly #hooks: DrawingHooks;
  readonly #olderPages: OlderPagesWatch;
  readonly #copySource: CopySource;
  readonly #overlays: TranscriptOverlays;
  /** A finger held on a chip opens its menu; on a message's copy button, copies (chip-menu.ts). */
  readonly #longPress: ReturnType<typeof chipLongPress>;
  readonly #window: VirtualList;
  readonly #announcer = new Announcer();
  /** The drawing context of the slice being drawn. */
  #deps: RenderDeps | null = null;
  /** Whether the thread was drawn to the end once: what is drawn after that is new. */
  #settled = false;
  #connection: AbortController | null = null;
  /** The kind of pointer that pressed last (`touch`, `mouse`, `pen`): a tap previews. */
  #lastPointer = "";
  /** Cancels the idle checking of a long thread's older messages, while it waits. */
  #cancelMatching: (() => void) | null = null;
  /** Where this transcript's load of the legacy reader stands (load-legacy.ts). */
  #reader: "unasked" | "loading" | "failed" = "unasked";
  /** The strings of the last draw. */
  #strings: Localizer = englishLocalizer;

  constructor(hooks: DrawingHooks) {
    this.#hooks = hooks;
    const { host } = hooks;
    this.#overlays = new TranscriptOverlays(hooks.loads);
    const list = (this.list = new MessageList(hooks.invalid));
    this.#olderPages = new OlderPagesWatch(host, () => list.placedViews().find((view) => view.index === 0)?.node ?? null);
    this.#copySource = { host, message: (id) => list.get(id) };
    this.#longPress = chipLongPress(list.node, this.#overlays, this.#copySource);
    this.#window = new VirtualList(host, list, {
      draw: (deadline, enough) => this.#flush(deadline, enough),
      pins: () => pinnedSpans(host.renderRoot as ShadowRoot, list.node, this.#overlays),
      request: hooks.request,
    });
    this.nodes = [list.node, this.#overlays.node, this.#announcer.node];
  }

  /** Whether a pass has something to do: a message changed, or the window must move. */
  get due(): boolean {
    return this.list.pending || this.#window.stale;
  }

  connect(): void {
    this.#connection = new AbortController();
    const { signal } = this.#connection;
    const list = this.list.node;
    const { host } = this.#hooks;
    list.addEventListener("click", (event) => this.#onClick(event), { signal });
    list.addEventListener("copy", (event) => copySelection(this.#copySource, host.renderRoot as ShadowRoot, list, event), { signal });
    const hover = (entering: boolean) => (event: Event) => {
      // A tap focuses its chip too: the tap itself decides what shows (previewOnTap).
      if (event.type === "focusin" && this.#lastPointer === "touch") return;
      hoverChip(event, list, this.#overlays, entering);
    };
    list.addEventListener("pointerdown", (event) => void (this.#lastPointer = event.pointerType), { signal, capture: true });
    list.addEventListener("keydown", () => void (this.#lastPointer = ""), { signal, capture: true });
    list.addEventListener("keydown", (event) => this.#onKeydown(event), { signal });
    list.addEventListener("pointerover", hover(true), { signal });
    list.addEventListener("pointerout", hover(false), { signal });
    list.addEventListener("focusin", hover(true), { signal });
    list.addEventListener("focusout", hover(false), { signal });
    this.#longPress.connect(list);
    this.#window.connect();
    this.#olderPages.connect();
  }

  disconnect(): void {
    this.#connection?.abort();
    this.#connection = null;
    this.#longPress.disconnect();
    this.#olderPages.disconnect();
    this.#window.disconnect();
    this.#overlays.disconnect();
    this.#cancelMatching?.();
    this.#cancelMatching = null;
  }

  /** Draws what is due until `deadline` (a `performance.now()` time); `true` when all is drawn. */
  draw(settings: DrawSettings, deadline: number): boolean {
    const { strings } = settings;
    this.#strings = strings;
    this.#overlays.localize(strings);
    this.#describeList(strings);
    const announce = this.#settled ? (message: string) => this.#announcer.say(message) : undefined;
    this.#deps = { host: this.#hooks.host, ...settings, markdown: markdownEngine, announce, awaitReader: () => this.#awaitReader() };
    return this.#window.pass(deadline);
  }

  /** After the thread is drawn to its end. */
  drawn(): void {
    this.#settled = true;
    this.#olderPages.update();
    if (this.#hooks.host.isConnected) this.#overlays.prefetch();
    this.matchLater();
  }

  /** Brings the message `id` into the DOM at the next pass, and into view; `false` for an unknown id. */
  reveal(id: string): boolean {
    // Where it is now: the thread may have changed meanwhile, and is checked whole before a jump.
    this.list.settle();
    const index = this.list.indexOf(id);
    if (index < 0) return false;
    this.#window.reveal(index);
    return true;
  }

  closeOverlays(): void {
    this.#overlays.views?.popover.close();
    this.#overlays.views?.hoverCard.hide();
  }

  // A long thread set at once draws its newest screenful first and checks its older messages when
  // the page is idle (message-list.ts, `matchLater`), a slice at a time.
  matchLater(): void {
    if (this.#cancelMatching || this.list.unmatched === 0 || !this.#hooks.host.isConnected) return;
    this.#cancelMatching = whenIdle(() => {
      this.#cancelMatching = null;
      if (this.list.matchLater(performance.now() + MATCH_SLICE_MS)) this.#hooks.host.requestUpdate();
      else this.matchLater();
    });
  }

  /**
   * Fetches the legacy reader for a message drawn without it, once per transcript; the messages
   * drawn so are drawn again when it is in, or when it failed (then as sent, no longer busy: the
   * load is a `load-failed` and is not tried again by this transcript).
   */
  #awaitReader(): boolean {
    if (this.#reader === "unasked") {
      this.#reader = "loading";
      const redraw = () => {
        this.list.redrawWhere((view) => view.drawnWithoutReader);
        this.#hooks.request();
      };
      void this.#hooks.loads.run(legacyReader, redraw, () => {
        this.#reader = "failed";
        redraw();
      });
    }
    return this.#reader === "loading";
  }

  #flush(deadline: number, enough?: (drawn: HTMLElement) => boolean): boolean {
    const done = this.#deps ? this.list.flush(this.#deps, deadline, enough) : true;
    // A message drawn again (back in the window, or redrawn whole) opens what was open in it.
    this.#overlays.expansions.restore(this.list.placedViews(), expand);
    return done;
  }

  /**
   * The list is the conversation's `log`; its live announcements are off because this element
   * says finished replies itself (announcer.ts), not every streamed token.
   */
  #describeList(strings: Localizer): void {
    const list = this.list.node;
    setAttributeIfChanged(list, "role", "log");
    setAttributeIfChanged(list, "aria-live", "off");
    setAttributeIfChanged(list, "aria-label", strings.text("conversation"));
  }

  /** PageUp / PageDown (and Home / End on an article) move between messages, drawing them on demand. */
  #onKeydown(event: KeyboardEvent): void {
    const from = eventArticle(event, this.list.node);
    if (!from) return;
    this.list.settle(); // a key may go to any message: the thread is checked whole first
    const target = messageKeyTarget(event, this.list.indexOf(from.id), from.onArticle, this.list.count);
    if (target === null) return;
    event.preventDefault();
    this.#window.reveal(target);
    this.#hooks.request();
    const node = this.list.placedViews().find((view) => view.index === target)?.node;
    if (!node) return;
    // Focusable by script only: the messages are not tab stops of their own.
    node.tabIndex = -1;
    node.focus({ preventScroll: true });
  }

  /**
   * A code block's Copy button: exactly the code between the fences, as plain text, through the
   * async clipboard; "Copied" is said in the live region, and the button says how it went in
   * `data-copy-state` until the pointer or focus leaves (as a message's copy button does).
   */
  async #copyCode(button: HTMLElement): Promise<void> {
    const code = codeOf(button);
    if (code === undefined) return;
    let state: "copied" | "failed" = "copied";
    try {
      await navigator.clipboard.writeText(code);
    } catch (error) {
      console.warn("t3-composer: the clipboard refused the code", error);
      state = "failed";
    }
    button.dataset.copyState = state;
    const settle = () => delete button.dataset.copyState;
    button.addEventListener("pointerleave", settle, { once: true });
    button.addEventListener("blur", settle, { once: true });
    if (state === "copied") this.#announcer.say(this.#strings.text("codeCopied"));
  }

  #onClick(event: Event): void {
    const edit = (event.target as Element | null)?.closest?.(`.${EDIT_BUTTON_CLASS}`);
    if (edit instanceof HTMLElement) {
      const message = this.list.get(edit.closest("article")?.dataset.messageId ?? "");
      if (message) requestEdit(this.#hooks.host, message, this.#hooks.composer());
      return;
    }
    const copy = copyButtonAt(event);
    if (copy) {
      pressCopyButton(this.#copySource, copy);
      return;
    }
    const codeCopy = codeCopyButtonAt(event);
    if (codeCopy) {
      void this.#copyCode(codeCopy);
      return;
    }
    const node = actionTarget(event, this.list.node);
    if (!node) return;
    if (this.#lastPointer === "touch" && previewOnTap(node, this.#overlays)) return;
    activate(this.#hooks.host, node, this.#overlays);
  }
}
