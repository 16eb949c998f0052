// Copying from the transcript (docs/transcript.md, "Copying"): a selection copies as canonical
// Markdown with its chips as links, plus the fragment of just the records that Markdown links
// to; a message's copy button writes the same for the whole message through the async
// clipboard. Both fire `t3-copy`. Nothing here changes a rendered message.
import type { ComposerContextRecord } from "../../contract/types.js";
import { writeClipboard } from "../clipboard-write.js";
import { copyPayload, fragmentSource, writeDataTransfer, type CopyPayload } from "../clipboard-payload.js";
import { emit } from "../events.js";
import "./events.js";
import { resolveMessageContext } from "./message-context.js";
import { COPY_SKIP_ATTRIBUTE, MARKDOWN_COPY_ATTRIBUTE, markdownOfRendered } from "./selection-markdown.js";
import type { TranscriptMessage } from "./types.js";

/** What copying needs from the element. */
export interface CopySource {
  host: HTMLElement & { readonly environmentId: string | null; readonly threadId: string | null };
  /** The message with `id`, as the element holds it. */
  message(id: string): TranscriptMessage | undefined;
}

/** The part of a copied message: its Markdown and its HTML, chips flattened to their labels. */
interface CopiedPart {
  messageId: string;
  markdown: string;
  html: string;
}

/** The class of the button that copies its message. */
export const COPY_BUTTON_CLASS = "copy-button";
const MESSAGE_SEPARATOR = "\n\n";

/**
 * HTML of rendered content for rich paste targets: the renderer's own (safe) DOM, with chips as
 * the plain text of their labels (a button means nothing in a document).
 */
function htmlOf(contents: DocumentFragment): string {
  const box = document.createElement("div");
  box.append(contents);
  for (const skipped of box.querySelectorAll(`[${COPY_SKIP_ATTRIBUTE}]`)) skipped.remove();
  for (const chip of box.querySelectorAll(`[${MARKDOWN_COPY_ATTRIBUTE}]`)) chip.replaceWith(chip.textContent ?? "");
  return box.innerHTML;
}

/**
 * `t3-copy`, with a copy of the payload: its records are the ones the messages are drawn with,
 * and a listener must not be able to change what is rendered.
 */
function copied(source: CopySource, payload: CopyPayload): void {
  emit(source.host, "t3-copy", structuredClone(payload));
}

/** The selection in `root`, as a range clamped to `container`; `null` when it is collapsed. */
export function selectionRange(root: ShadowRoot, container: Node): Range | null {
  const selection = root.ownerDocument.getSelection();
  let start: { node: Node; offset: number };
  let end: { node: Node; offset: number };
  if (selection && typeof selection.getComposedRanges === "function") {
    const [composed] = selection.getComposedRanges({ shadowRoots: [root] });
    if (!composed || composed.collapsed) return null;
    start = { node: composed.startContainer, offset: composed.startOffset };
    end = { node: composed.endContainer, offset: composed.endOffset };
  } else {
    // Chromium before getComposedRanges: the shadow root's own (non-standard) selection.
    const own = (root as ShadowRoot & { getSelection?(): Selection | null }).getSelection?.();
    if (!own || own.rangeCount === 0 || own.isCollapsed) return null;
    const range = own.getRangeAt(0);
    start = { node: range.startContainer, offset: range.startOffset };
    end = { node: range.endContainer, offset: range.endOffset };
  }
  const range = document.createRange();
  range.selectNodeContents(container);
  // A selection that reaches out of the transcript keeps the part inside it.
  if (container.contains(start.node)) range.setStart(start.node, start.offset);
  if (container.contains(end.node)) range.setEnd(end.node, end.offset);
  return range.collapsed ? null : range;
}

/** The selected part of each message body, in order. */
function selectedParts(range: Range, container: HTMLElement): CopiedPart[] {
  const parts: CopiedPart[] = [];
  for (const article of container.children) {
    const body = article.querySelector(".body");
    const messageId = (article as HTMLElement).dataset.messageId;
    if (!body || messageId === undefined || !range.intersectsNode(body)) continue;
    const part = document.createRange();
    part.selectNodeContents(body);
    if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0) part.setStart(range.startContainer, range.startOffset);
    if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0) part.setEnd(range.endContainer, range.endOffset);
    if (part.collapsed) continue;
    parts.push({ messageId, markdown: markdownOfRendered(part.cloneContents()), html: htmlOf(part.cloneContents()) });
  }
  return parts;
}

/** The records of the given messages by id; the first message holding an id wins. */
function recordLookup(source: CopySource, messageIds: readonly string[]): (contextId: string) => ComposerContextRecord | undefined {
  const maps = messageIds.flatMap((id) => {
    const message = source.message(id);
    return message ? [resolveMessageContext(message).recordsById] : [];
  });
  return (contextId) => {
    for (const records of maps) {
      const record = records.get(contextId);
      if (record) return record;
    }
    return undefined;
  };
}

/**
 * The `copy` handler of the message list: writes the selection's Markdown, its HTML and the
 * fragment through the event's data, and fires `t3-copy`. A selection that holds no message
 * text is left to the browser. `source.messageId` is set when the selection lies in one message.
 */
export function copySelection(source: CopySource, root: ShadowRoot, container: HTMLElement, event: ClipboardEvent): void {
  const data = event.clipboardData;
  const range = data && selectionRange(root, container);
  const parts = range ? selectedParts(range, container) : [];
  if (!data || parts.length === 0) return;
  const ids = parts.map((part) => part.messageId);
  const { environmentId, threadId } = source.host;
  const text = parts.map((part) => part.markdown).join(MESSAGE_SEPARATOR);
  const payload = copyPayload(text, recordLookup(source, ids), fragmentSource(environmentId, threadId, ids.length === 1 ? ids[0] : undefined));
  event.preventDefault();
  writeDataTransfer(data, payload, parts.map((part) => part.html).join(""));
  copied(source, payload);
}

/**
 * The copy button of message `messageId`: the whole message (a legacy message as upgraded, so its
 * context travels as records), written through `writeClipboard`, then `t3-copy`. The button
 * says how it went in `data-copy-state` (`copied` or `failed`) until the pointer or focus leaves.
 */
export async function copyMessage(source: CopySource, messageId: string, button: HTMLElement, body: Element | null): Promise<void> {
  const message = source.message(messageId);
  if (!message) return;
  const context = resolveMessageContext(message);
  const { environmentId, threadId } = source.host;
  const payload = copyPayload(context.text, (id) => context.recordsById.get(id), fragmentSource(environmentId, threadId, message.id));
  const contents = document.createRange();
  if (body) contents.selectNodeContents(body);
  if (await copyWithFeedback(button, () => writeClipboard(payload, htmlOf(contents.cloneContents())))) copied(source, payload);
}

/**
 * What a copy button (a message's, a code block's) does with its write: runs it, then says how it
 * went in the button's `data-copy-state` (`copied` or `failed`) until the pointer or focus leaves.
 * Resolves with whether it copied; a refusal is logged, never thrown.
 */
export async function copyWithFeedback(button: HTMLElement, write: () => Promise<void>): Promise<boolean> {
  let state: "copied" | "failed" = "copied";
  try {
    await write();
  } catch (error) {
    console.warn("t3-composer: the clipboard refused the copy", error);
    state = "failed";
  }
  button.dataset.copyState = state;
  const settle = () => delete button.dataset.copyState;
  button.addEventListener("pointerleave", settle, { once: true });
  button.addEventListener("blur", settle, { once: true });
  return state === "copied";
}

/** The copy button `event` is on, if any. */
export function copyButtonAt(event: Event): HTMLElement | null {
  const button = (event.target as Element | null)?.closest?.(`.${COPY_BUTTON_CLASS}`);
  return button instanceof HTMLElement ? button : null;
}

/** What a message's copy button does (a click, a tap or a long press): copies its message. */
export function pressCopyButton(source: CopySource, button: HTMLElement): void {
  const article = button.closest("article");
  const id = article?.dataset.messageId;
  if (id !== undefined) void copyMessage(source, id, button, article!.querySelector(".body"));
}

/**
 * Copies one chip of message `messageId` (a long press's menu, chip-menu.ts): its reference link
 * as the text, with its record in the fragment, then `t3-copy`. Rejects when the clipboard refuses.
 */
export async function copyChip(source: CopySource, messageId: string, chip: HTMLElement): Promise<void> {
  const message = source.message(messageId);
  const link = chip.dataset.markdownCopy;
  if (!message || link === undefined) return;
  const context = resolveMessageContext(message);
  const { environmentId, threadId } = source.host;
  const payload = copyPayload(link, (id) => context.recordsById.get(id), fragmentSource(environmentId, threadId, message.id));
  const contents = document.createRange();
  contents.selectNode(chip);
  await writeClipboard(payload, htmlOf(contents.cloneContents()));
  copied(source, payload);
}
