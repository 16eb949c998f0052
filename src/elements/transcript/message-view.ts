// One message's DOM. A message is re-rendered only when it changed, and then block by block:
// while a reply streams in, the blocks whose Markdown did not change keep their nodes, so the
// reader's selection and any open popover survive.
import type { Token, Tokens } from "marked";
import { englishLocalizer, type Localizer } from "../../l10n/localizer.js";
import type { ChipRegistry } from "../../presentation/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";
import type { MediaItem } from "./actions.js";
import { isImageAttachment, mediaItem, renderFileRow, renderGallery, type AttachmentUrlResolver } from "./message-attachments.js";
import { maskIcon } from "../../presentation/chip-dom.js";
import { createTranscriptChip, type MessageScope } from "./chips.js";
import { drawCodeBlock, type CodeBlockSettings } from "./code/code-block.js";
import type { CodeHighlighter } from "./code/types.js";
import { COPY_BUTTON_CLASS } from "./copy.js";
import { editButton, editedMark, isEdited, offersEdit } from "./edit.js";
import { removeExpansions } from "./expansion.js";
import type { MarkdownEngine } from "./markdown/engine.js";
import type { MarkdownReference } from "./markdown/inline.js";
import { relex, type LexedText } from "./markdown/relex.js";
import { completeStreamingTail } from "./markdown/streaming-tail.js";
import { emit } from "../events.js";
import { resolveMessageContext } from "./message-context.js";
import type { TranscriptMessage } from "./types.js";

/** What every message is drawn with; a change to any of it re-renders every message. */
export interface RenderDeps {
  host: HTMLElement;
  registry: ChipRegistry;
  resolveAttachmentUrl: AttachmentUrlResolver | undefined;
  /** Lexer and renderer (markdown/engine.ts); it never changes. */
  markdown: MarkdownEngine;
  /** The element's strings; default: English. */
  strings?: Localizer;
  /**
   * Says a finished reply in the transcript's live region; absent while the thread is first
   * drawn (nothing there is new).
   */
  announce?: ((message: string) => void) | undefined;
  /** Whether the person's messages get an Edit button (`editable`, and a transport that edits). */
  editable?: boolean;
  /**
   * Asks for the legacy reader, for a message drawn without it (load-legacy.ts): `true` while it
   * is on its way (the message is drawn again once it is in), `false` once it could not be loaded.
   * Absent: the message shows as it was sent.
   */
  awaitReader?: (() => boolean) | undefined;
  /** Highlights code blocks (code/types.ts); `undefined`: the built-in highlighter; `null`: none. */
  highlighter?: CodeHighlighter | null | undefined;
}

/** On a message drawn as it was sent while the legacy reader it needs is on its way. */
export const READER_PENDING_ATTRIBUTE = "data-context-pending";

/** Sets an attribute unless it has that value already: a redraw that changes nothing mutates nothing. */
export function setAttributeIfChanged(node: Element, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

const ROLE_KEYS = { user: "roleUser", assistant: "roleAssistant", system: "roleSystem" } as const;

interface Block {
  raw: string;
  /** The token drawn (`raw` is its): a paragraph that grows is extended from it (markdown/blocks.ts). */
  token: Token;
  node: Node | null;
  /** The file attachments this block's chips show (they stay out of the file row). */
  files: readonly string[];
}

/** What the kept blocks were drawn against: when any of it changes, every block is redrawn. */
interface Basis {
  context: unknown;
  attachments: unknown;
  role: string;
  /** Link reference definitions apply to the whole text. */
  links: string;
}

/** The button that copies its whole message (copy.ts); it never changes with the message. */
function copyButton(): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = COPY_BUTTON_CLASS;
  button.setAttribute("part", "copy-button");
  // An icon, not text: the message's text (and a reader's selection of it) stays the message's.
  button.append(maskIcon("copy"));
  return button;
}

export class MessageView {
  /** The message's `<article>`; the same node for the message's whole life. */
  readonly node: HTMLElement;
  #bubble: HTMLElement;
  #body: HTMLElement;
  #gallery: HTMLElement | null = null;
  #galleryItems: readonly MediaItem[] = [];
  #galleryIndex = new Map<string, number>();
  #files: HTMLElement | null = null;
  #filesKey = "";
  #blocks: Block[] = [];
  #basis: Basis | undefined;
  /**
   * The text last lexed and its tokens, whatever was drawn of them: a streamed reply is lexed
   * again from its last stable block (markdown/relex.ts).
   */
  #lexed: LexedText | undefined;
  #copy: HTMLButtonElement;
  #edit: HTMLButtonElement | null = null;
  #edited: HTMLElement | null = null;
  /** Whether the message was drawn, and drawn pending: its end is announced. */
  #drawnPending: boolean | undefined;
  #drawnWithoutReader = false;

  constructor() {
    this.node = document.createElement("article");
    this.node.className = "message";
    this.#bubble = document.createElement("div");
    this.#bubble.className = "bubble";
    this.#bubble.setAttribute("part", "bubble");
    this.#body = document.createElement("div");
    this.#body.className = "body markdown";
    this.#body.setAttribute("part", "body");
    this.#bubble.append(this.#body);
    this.#copy = copyButton();
    this.node.append(this.#bubble, this.#copy);
  }

  /** Whether the message was last drawn as it was sent because the legacy reader was not in. */
  get drawnWithoutReader(): boolean {
    return this.#drawnWithoutReader;
  }

  /** Draws `message`; with `force`, nothing drawn before is kept. Never throws. */
  render(message: TranscriptMessage, given: RenderDeps, force: boolean): void {
    const deps: Required<RenderDeps> = {
      ...given,
      strings: given.strings ?? englishLocalizer,
      announce: given.announce,
      editable: given.editable ?? false,
      awaitReader: given.awaitReader,
      highlighter: given.highlighter,
    };
    this.#attributes(message, deps.strings);
    this.#editing(message, deps);
    this.#announce(message, deps);
    try {
      this.#content(message, deps, force);
    } catch (error) {
      // A bug here must not take the thread down: show the text as it is.
      console.error("t3-composer: a message failed to render", error);
      emit(deps.host, "t3-error", { code: "render-failed", message: `Message ${message.id} could not be rendered; it shows as plain text`, cause: error });
      this.#reset();
      this.#body.textContent = message.text;
    }
    // Last in the bubble, after the files the content may have drawn.
    if (this.#edited) this.#bubble.append(this.#edited);
  }

  /** The Edit button (after the copy button) and the "edited" mark, as the message and deps say. */
  #editing(message: TranscriptMessage, deps: Required<RenderDeps>): void {
    if (offersEdit(message, deps.editable)) {
      const label = deps.strings.text("editMessage");
      if (!this.#edit) this.#copy.after((this.#edit = editButton(label)));
      setAttributeIfChanged(this.#edit, "aria-label", label);
      setAttributeIfChanged(this.#edit, "title", label);
    } else {
      this.#edit?.remove();
      this.#edit = null;
    }
    if (isEdited(message)) {
      const text = deps.strings.text("edited");
      this.#edited ??= editedMark(text);
      if (this.#edited.textContent !== text) this.#edited.textContent = text;
    } else {
      this.#edited?.remove();
      this.#edited = null;
    }
  }

  #attributes(message: TranscriptMessage, strings: Localizer): void {
    const node = this.node;
    const copy = strings.text("copyMessage");
    setAttributeIfChanged(this.#copy, "aria-label", copy);
    setAttributeIfChanged(this.#copy, "title", copy);
    // Each write only if it changes something: a streamed update sets the same values again, and
    // an attribute set, even to its value, makes the browser check the article's styles again.
    setAttributeIfChanged(node, "data-role", message.role);
    // Named by its speaker, so a screen reader's list of articles says who wrote each one.
    setAttributeIfChanged(node, "aria-label", strings.text("messageFrom", { speaker: strings.text(ROLE_KEYS[message.role]) }));
    setAttributeIfChanged(node, "data-message-id", message.id);
    setAttributeIfChanged(node, "part", `message message-${message.role}${message.pending ? " message-pending" : ""}`);
    if (message.pending) setAttributeIfChanged(node, "data-pending", "true");
    else node.removeAttribute("data-pending");
    if (message.pending) setAttributeIfChanged(node, "aria-busy", "true");
    else node.removeAttribute("aria-busy");
  }

  /** A reply by someone else that is new or has just finished is said once, by its speaker's name. */
  #announce(message: TranscriptMessage, deps: Required<RenderDeps>): void {
    const wasPending = this.#drawnPending;
    this.#drawnPending = message.pending === true;
    if (message.role === "user" || message.pending || !deps.announce) return;
    if (wasPending === false) return; // drawn before, and already finished then
    deps.announce(deps.strings.text("replyFinished", { speaker: deps.strings.text(ROLE_KEYS[message.role]) }));
  }

  #reset(): void {
    this.#body.replaceChildren();
    this.#blocks = [];
    this.#basis = undefined;
    this.#gallery?.remove();
    this.#gallery = null;
    this.#files?.remove();
    this.#files = null;
    this.#filesKey = "";
  }

  #content(message: TranscriptMessage, deps: Required<RenderDeps>, force: boolean): void {
    const context = resolveMessageContext(message);
    this.#markReader(message, context.awaitsReader && deps.awaitReader?.() === true);
    this.#drawnWithoutReader = context.awaitsReader;
    for (const problem of context.problems) emit(deps.host, "t3-error", { code: problem.code, message: `Message ${message.id}: ${problem.message}`, cause: problem.cause });
    // A pending reply's unfinished end is drawn as it will be when finished (markdown/streaming-tail.ts).
    const text = message.pending ? completeStreamingTail(context.text) : context.text;
    this.#lexed = relex(force ? undefined : this.#lexed, text, message.role === "user", deps.markdown.lex);
    const { tokens } = this.#lexed;
    const basis: Basis = { context: message.context, attachments: message.attachments, role: message.role, links: JSON.stringify(tokens.links) };
    const previous = this.#basis;
    const reusable =
      !force && previous !== undefined && previous.context === basis.context && previous.attachments === basis.attachments && previous.role === basis.role && previous.links === basis.links;
    if (!reusable) {
      this.#reset();
      this.#drawGallery(context.attachments.filter(isImageAttachment), deps);
    }
    this.#basis = basis;
    const scope: MessageScope = {
      host: deps.host,
      registry: deps.registry,
      messageId: message.id,
      context,
      resolveAttachmentUrl: deps.resolveAttachmentUrl,
      strings: deps.strings,
      gallery: this.#galleryItems,
      galleryIndex: this.#galleryIndex,
    };
    this.#drawBlocks(tokens, scope, deps.markdown.render, { strings: deps.strings, highlighter: deps.highlighter });
    const referenced = new Set(this.#blocks.flatMap((block) => block.files));
    this.#drawFiles(context.attachments.filter((a) => !isImageAttachment(a) && !referenced.has(a.id)), deps);
  }

  // Drawn as sent while its reader is on its way: busy for assistive technology, and marked for the
  // styles, so that the chips it gains a moment later are not a silent change.
  #markReader(message: TranscriptMessage, loading: boolean): void {
    this.node.toggleAttribute(READER_PENDING_ATTRIBUTE, loading);
    if (loading) setAttributeIfChanged(this.node, "aria-busy", "true");
    else if (!message.pending) this.node.removeAttribute("aria-busy");
  }

  #drawGallery(images: readonly TranscriptAttachment[], deps: Required<RenderDeps>): void {
    this.#galleryItems = images.map((image) => mediaItem(image, deps.resolveAttachmentUrl));
    this.#galleryIndex = new Map(images.map((image, index) => [image.id, index]));
    this.#gallery = renderGallery(images, this.#galleryItems, deps);
    if (this.#gallery) this.#bubble.prepend(this.#gallery);
  }

  // The blocks whose Markdown did not change keep their nodes; the first one that changed may only
  // have grown at its end (the paragraph a reply streams into), and is then extended in place.
  // New nodes go after the stale ones, which leave once all is drawn.
  #drawBlocks(tokens: readonly Token[], scope: MessageScope, renderBlock: MarkdownEngine["render"], code: CodeBlockSettings): void {
    let kept = 0;
    while (kept < this.#blocks.length && kept < tokens.length && this.#blocks[kept]!.raw === tokens[kept]!.raw) kept++;
    const stale = this.#blocks.splice(kept);
    for (const token of tokens.slice(kept)) {
      const files = new Set<string>();
      const drawn = this.#blocks.length === kept ? stale[0] : undefined;
      const hooks = { reference: (reference: MarkdownReference) => createTranscriptChip(reference, scope, files), code: (fence: Tokens.Code, node: Node | null) => drawCodeBlock(fence, code, node) };
      const node = renderBlock(token, hooks, drawn);
      if (drawn && node === drawn.node) {
        stale.shift();
        this.#blocks.push({ raw: token.raw, token, node, files: [...drawn.files, ...files] });
        continue;
      }
      if (node) this.#body.append(node);
      this.#blocks.push({ raw: token.raw, token, node, files: [...files] });
    }
    for (const block of stale) {
      removeExpansions(block.node);
      (block.node as ChildNode | null)?.remove();
    }
  }

  #drawFiles(files: readonly TranscriptAttachment[], deps: Required<RenderDeps>): void {
    const key = JSON.stringify(files.map((file) => file.id));
    if (this.#files && key === this.#filesKey) return;
    this.#files?.remove();
    this.#filesKey = key;
    this.#files = renderFileRow(files, deps);
    if (this.#files) this.#bubble.append(this.#files);
  }
}
