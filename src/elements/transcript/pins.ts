// The messages a long thread must keep in the DOM whatever the scroll position
// (docs/transcript.md, "Long threads"): removing their articles would lose something a person
// holds on to.
// - A live selection: every message from the one it starts in to the one it ends in, so that
//   copying it after scrolling away still copies all of it (a removed node leaves the range).
// - The focus: the message that holds it (a removed node drops the focus to the body).
// - The open overlays: the chip a details popover or hover card is anchored to, and the chip the
//   media modal gives the focus back to.
import type { TranscriptOverlays } from "./overlays.js";
import { selectionRange } from "./copy.js";

/** A stretch of messages to keep, by the ids of its first and last message (the same for one). */
export type PinnedSpan = readonly [first: string, last: string];

function messageOf(node: Node | null | undefined): string | undefined {
  const element = node instanceof Element ? node : node?.parentElement;
  return element?.closest<HTMLElement>("article[data-message-id]")?.dataset.messageId;
}

/** The messages to keep in the DOM now. */
export function pinnedSpans(root: ShadowRoot, list: HTMLElement, overlays: TranscriptOverlays): PinnedSpan[] {
  const spans: PinnedSpan[] = [];
  const one = (node: Node | null | undefined) => {
    const id = messageOf(node);
    if (id !== undefined) spans.push([id, id]);
  };
  const range = selectionRange(root, list);
  if (range) {
    const first = messageOf(range.startContainer) ?? messageOf(list.querySelector("article"));
    const last = messageOf(range.endContainer) ?? messageOf(list.querySelector("article:last-of-type"));
    if (first !== undefined && last !== undefined) spans.push([first, last]);
  }
  const focused = root.activeElement;
  if (focused && list.contains(focused)) one(focused);
  const views = overlays.views;
  one(views?.popover.chip);
  one(views?.hoverCard.chip);
  one(views?.modal.opener);
  return spans;
}
