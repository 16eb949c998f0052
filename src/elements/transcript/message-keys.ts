// Moving between messages with the keyboard, as in the APG feed pattern: PageDown and PageUp
// move the focus from anywhere inside a message (a chip, its copy button, the article itself) to
// the next or previous message; Home and End, on a focused article, to the first and last
// message of the thread. In a long thread the message moved to is drawn on demand (virtual-list.ts
// reveals it), so a keyboard or screen-reader user reaches every message, not only those in the DOM.

/** Where a key moves the focus from message `current` of `count`; `null` when the key does not move it. */
export function messageKeyTarget(event: KeyboardEvent, current: number, onArticle: boolean, count: number): number | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  let target: number;
  switch (event.key) {
    case "PageDown":
      target = current + 1;
      break;
    case "PageUp":
      target = current - 1;
      break;
    case "Home":
      if (!onArticle) return null;
      target = 0;
      break;
    case "End":
      if (!onArticle) return null;
      target = count - 1;
      break;
    default:
      return null;
  }
  return target >= 0 && target < count && target !== current ? target : null;
}

/** The article an event happened in, and whether it happened on the article itself. */
export function eventArticle(event: Event, list: HTMLElement): { id: string; onArticle: boolean } | null {
  const path = event.composedPath();
  for (const node of path) {
    if (node === list) return null;
    if (node instanceof HTMLElement && node.localName === "article" && node.dataset.messageId !== undefined) {
      return { id: node.dataset.messageId, onArticle: node === path[0] };
    }
  }
  return null;
}
