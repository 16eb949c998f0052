// What a transcript shows when its engine (engine.ts) cannot be fetched: every message's text, as
// written, in one paragraph under the same parts a drawn message has, so nothing the thread holds
// is hidden. The element reports the failure as `t3-error` (`load-failed`: docs/errors.md).
import type { Localizer } from "../../l10n/localizer.js";
import type { TranscriptMessage } from "./types.js";

function article(message: TranscriptMessage): HTMLElement {
  const node = document.createElement("article");
  node.className = "message";
  node.dataset.messageId = message.id;
  node.dataset.role = message.role;
  node.setAttribute("part", `message message-${message.role}`);
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  bubble.setAttribute("part", "bubble");
  const body = document.createElement("div");
  body.className = "body";
  body.setAttribute("part", "body");
  const text = document.createElement("p");
  text.textContent = message.text;
  body.append(text);
  bubble.append(body);
  node.append(bubble);
  return node;
}

export class PlainThread {
  readonly node: HTMLElement;
  /** The version of the thread drawn last (early-thread.ts); -1: draw again. */
  #drawn = -1;

  constructor() {
    this.node = document.createElement("div");
    this.node.className = "messages";
    this.node.setAttribute("part", "messages");
    this.node.setAttribute("role", "log");
  }

  /** Whether the thread changed since it was drawn. */
  due(version: number): boolean {
    return version !== this.#drawn;
  }

  draw(messages: readonly TranscriptMessage[], version: number, strings: Localizer): void {
    this.node.setAttribute("aria-label", strings.text("conversation"));
    this.node.replaceChildren(...messages.map(article));
    this.#drawn = version;
  }

  invalidate(): void {
    this.#drawn = -1;
  }
}
