// The keyed list of messages. A message placed in the DOM keeps one MessageView (one <article>)
// while it stays placed: setting `messages`, appending and updating only touch the views whose
// message changed, and changes are drawn together at the next `flush()`. Which messages are
// placed is the virtual window's call (virtual-list.ts): all of them in a short thread, the ones
// near the viewport in a long one, with a spacer standing for each stretch left out.
import { checkMessage, checkMessages, patchMessage } from "./message-model.js";
import { MessageView, type RenderDeps } from "./message-view.js";
import { arrange, position, Spacers } from "./placement-dom.js";
import type { TranscriptMessage, TranscriptMessagePatch } from "./types.js";

interface Entry {
  message: TranscriptMessage;
  /** The message's view while it is placed in the DOM; `null` while it is left out. */
  view: MessageView | null;
  /** The message last drawn; `undefined` before the first draw. */
  drawn: TranscriptMessage | undefined;
  /** Redraw without keeping anything drawn before (the registry or the resolver changed). */
  force: boolean;
  /** The article's height when it was last measured, in px; `undefined` before. */
  height: number | undefined;
}

/** Where the list leaves messages out: which indices are placed, and the height of a stretch left out. */
export interface Placement {
  indices: readonly number[];
  span(from: number, to: number): number;
}

export class MessageList {
  /** The container the articles live in. */
  readonly node: HTMLElement;
  #entries: Entry[] = [];
  #byId = new Map<string, Entry>();
  #dirty = new Set<Entry>();
  #orderChanged = false;
  /** `placedViews()` until the list or its placement changes. */
  #views: Array<{ index: number; id: string; node: HTMLElement }> | null = null;
  #spacers = new Spacers();

  constructor() {
    this.node = document.createElement("div");
    this.node.className = "messages";
    this.node.setAttribute("part", "messages");
  }

  get messages(): TranscriptMessage[] {
    return this.#entries.map((entry) => entry.message);
  }

  /** The message with `id`, or `undefined`. */
  get(id: string): TranscriptMessage | undefined {
    return this.#byId.get(id)?.message;
  }

  /**
   * Replaces the whole thread. Messages are matched to what is drawn by id, then (for an
   * optimistic message) by `clientMessageId`, then (for a new version) by `editOf`; a matched
   * message whose content did not change is not redrawn.
   */
  set(messages: unknown): void {
    const checked = checkMessages(messages);
    const byClientId = new Map<string, Entry>();
    for (const entry of this.#entries) if (entry.message.clientMessageId) byClientId.set(entry.message.clientMessageId, entry);
    const next: Entry[] = [];
    const nextById = new Map<string, Entry>();
    const nextByClientId = new Map<string, Entry>();
    const taken = new Set<Entry>();
    for (const message of checked) {
      const clientId = message.clientMessageId;
      let entry = nextById.get(message.id) ?? (clientId ? nextByClientId.get(clientId) : undefined) ?? editedIn(nextById, message);
      if (entry) {
        // The same message twice in one array (an optimistic copy and the stored one, a
        // re-delivery, or a version and the one it replaced): the later copy wins, in the
        // earlier one's place.
        nextById.delete(entry.message.id);
        this.#assign(entry, message);
        nextById.set(message.id, entry);
        if (clientId) nextByClientId.set(clientId, entry);
        continue;
      }
      entry = this.#byId.get(message.id) ?? (clientId ? byClientId.get(clientId) : undefined) ?? editedIn(this.#byId, message);
      if (entry && taken.has(entry)) entry = undefined;
      if (entry) this.#assign(entry, message);
      else entry = this.#create(message);
      taken.add(entry);
      next.push(entry);
      nextById.set(message.id, entry);
      if (clientId) nextByClientId.set(clientId, entry);
    }
    for (const entry of this.#entries) {
      if (!taken.has(entry)) {
        entry.view?.node.remove();
        this.#dirty.delete(entry);
      }
    }
    this.#entries = next;
    this.#byId = nextById;
    this.#orderChanged = true;
    this.#views = null;
  }

  /**
   * Adds a message at the end. A message whose id is shown already, whose `clientMessageId`
   * matches a shown message (the host's stored copy of an optimistic message), or whose `editOf`
   * names a shown message (a new version of it), replaces that message in place instead.
   */
  append(message: unknown): void {
    const checked = checkMessage(message, "appendMessage");
    const clientId = checked.clientMessageId;
    const existing =
      this.#byId.get(checked.id) ??
      (clientId ? this.#entries.find((entry) => entry.message.clientMessageId === clientId) : undefined) ??
      editedIn(this.#byId, checked);
    if (existing) {
      this.#byId.delete(existing.message.id);
      this.#assign(existing, checked);
      this.#byId.set(checked.id, existing);
      this.#views = null; // the id may have changed
      return;
    }
    const entry = this.#create(checked);
    this.#entries.push(entry);
    this.#byId.set(checked.id, entry);
    this.#orderChanged = true;
    this.#views = null;
  }

  /**
   * Merges `patch` into the message `id`; throws a `TypeError` for an id that is not a string (as
   * every element does for an argument of the wrong type) and a `RangeError` when there is no such
   * message.
   */
  update(id: string, patch: TranscriptMessagePatch): void {
    if (typeof id !== "string") throw new TypeError(`updateMessage: id must be a string, got ${JSON.stringify(id) ?? String(id)}`);
    const entry = this.#byId.get(id);
    if (!entry) throw new RangeError(`updateMessage: no message with id ${JSON.stringify(id)}`);
    this.#assign(entry, patchMessage(entry.message, patch));
  }

  /** Redraws every message at the next flush (the registry or the URL resolver changed). */
  invalidateAll(): void {
    for (const entry of this.#entries) {
      entry.force = true;
      this.#dirty.add(entry);
    }
  }

  /** Whether anything waits for `flush()`. */
  get pending(): boolean {
    return this.#dirty.size > 0 || this.#orderChanged;
  }

  /** How many messages the thread holds. */
  get count(): number {
    return this.#entries.length;
  }

  /** The index of the message `id`, or -1. */
  indexOf(id: string): number {
    const entry = this.#byId.get(id);
    return entry ? this.#entries.indexOf(entry) : -1;
  }

  /** The last measured height of each message, `undefined` where none was measured. */
  heights(): Array<number | undefined> {
    return this.#entries.map((entry) => entry.height);
  }

  /** The articles in the DOM, in order, with their messages' indices and ids. */
  placedViews(): ReadonlyArray<{ index: number; id: string; node: HTMLElement }> {
    if (this.#views) return this.#views;
    const views: Array<{ index: number; id: string; node: HTMLElement }> = [];
    this.#entries.forEach((entry, index) => {
      if (entry.view) views.push({ index, id: entry.message.id, node: entry.view.node });
    });
    return (this.#views = views);
  }

  /** Records the measured height of the article at `index`; returns whether it changed. */
  measured(index: number, height: number): boolean {
    const entry = this.#entries[index];
    // An article not drawn yet is an empty box: its height says nothing of the message's.
    if (!entry || entry.drawn === undefined || this.#dirty.has(entry) || entry.height === height) return false;
    entry.height = height;
    return true;
  }

  /**
   * Puts these messages in the DOM, in order, a spacer for each stretch left out (`null`: every
   * message, no spacer). A message that leaves drops its view; one that comes back is drawn
   * afresh at the next flush. Returns the views that came and went, for the size observer.
   */
  place(placement: Placement | null): { added: HTMLElement[]; removed: HTMLElement[] } {
    const wanted = placement?.indices ?? this.#entries.map((_, i) => i);
    const keep = new Set(wanted.map((index) => this.#entries[index]!));
    const added: HTMLElement[] = [];
    const removed: HTMLElement[] = [];
    for (const entry of this.#entries) {
      if (entry.view && !keep.has(entry)) {
        removed.push(entry.view.node);
        entry.view.node.remove();
        entry.view = null;
        entry.drawn = undefined;
      }
    }
    const nodes: Node[] = [];
    let spacers = 0;
    let next = 0;
    for (const index of wanted) {
      if (placement && index > next) nodes.push(this.#spacers.get(spacers++, placement.span(next, index)));
      const entry = this.#entries[index]!;
      if (!entry.view) {
        entry.view = new MessageView();
        this.#dirty.add(entry);
        added.push(entry.view.node);
      }
      position(entry.view.node, placement ? index : null, this.#entries.length);
      nodes.push(entry.view.node);
      next = index + 1;
    }
    if (placement && next < this.#entries.length) nodes.push(this.#spacers.get(spacers++, placement.span(next, this.#entries.length)));
    this.#spacers.trim(spacers);
    arrange(this.node, nodes);
    this.#views = null;
    this.#orderChanged = false;
    return { added, removed };
  }

  /**
   * Draws what changed, newest message first (a chat is read from its end), until `deadline`
   * (a `performance.now()` time). Returns `true` when nothing is left to draw. Every placed
   * article is in place from the start; an article not drawn yet is an empty box until its turn.
   */
  flush(deps: RenderDeps, deadline = Infinity): boolean {
    if (this.#orderChanged) this.place(null);
    for (let i = this.#entries.length - 1; i >= 0 && this.#dirty.size > 0; i--) {
      const entry = this.#entries[i]!;
      if (!this.#dirty.delete(entry) || !entry.view) continue;
      const force = entry.force || entry.drawn === undefined;
      entry.force = false;
      if (!force && sameContent(entry.drawn!, entry.message)) continue;
      entry.view.render(entry.message, deps, force);
      entry.drawn = entry.message;
      if (performance.now() >= deadline) return this.#dirty.size === 0;
    }
    this.#dirty.clear(); // only entries that left the list or the DOM could remain
    return true;
  }

  #create(message: TranscriptMessage): Entry {
    const entry: Entry = { message, view: null, drawn: undefined, force: false, height: undefined };
    this.#dirty.add(entry);
    return entry;
  }

  #assign(entry: Entry, message: TranscriptMessage): void {
    if (entry.message === message) return;
    entry.message = message;
    this.#dirty.add(entry);
  }
}

/** The entry of the message `message` is a new version of, if it is shown (edit and resend). */
function editedIn(byId: ReadonlyMap<string, Entry>, message: TranscriptMessage): Entry | undefined {
  return typeof message.editOf === "string" ? byId.get(message.editOf) : undefined;
}

/**
 * Whether two messages draw the same. A host that sets `messages` again with fresh objects
 * (after a refetch) should not repaint the thread; the JSON is compared only when the objects
 * differ, and only for messages that were touched.
 */
function sameContent(a: TranscriptMessage, b: TranscriptMessage): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
