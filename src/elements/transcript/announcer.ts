// The transcript's polite live region. The message list is a `log` whose own announcements are
// off (a streamed reply would be read token by token); this region says, once, that a reply
// arrived or finished, with the speaker's name (docs/accessibility.md).

export class Announcer {
  readonly node: HTMLElement;

  constructor() {
    const node = document.createElement("div");
    node.className = "visually-hidden";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    this.node = node;
  }

  /** Says `message`; the same message twice is said twice. */
  say(message: string): void {
    // A trailing no-break space toggles, so the text changes even when the message does not.
    const previous = this.node.textContent ?? "";
    this.node.textContent = message + (previous.endsWith("\u00a0") ? "" : "\u00a0");
  }

  clear(): void {
    this.node.textContent = "";
  }
}
