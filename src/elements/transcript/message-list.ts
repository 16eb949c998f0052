// The keyed list of messages. A message placed in the DOM keeps one MessageView (one <article>)
// while it stays placed: setting `messages`, appending and updating only touch the views whose
// message changed, and changes are drawn together at the next `flush()`. Which messages are
// placed is the virtual window's call (virtual-list.ts): all of them in a short thread, the ones
// near the viewport in a long one, with a spacer standing for each stretch left out.
import { olderThenShown, ThreadMatch, type MatchSource } from "./message-match.js";
import { checkArray, checkMessage, checkMessageId, checkMessages, MATCHED_AT_ONCE, patchMessage, replacedBy, sameContent, unknownMessage } from "./message-model.js";
import { MessageView, type RenderDeps } from "./message-view.js";
import { MessageHeights } from "./message-window.js";
import { arrange, position, Spacers } from "./placement-dom.js";
import type { TranscriptMessage, TranscriptMessagePatch } from "./types.js";

export { MATCHED_AT_ONCE };

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
  /** Where the message is in the thread (kept with the order, so a lookup by id is direct). */
  index: number;
}

/** The entry that stands for each older message of a thread set at once until it is matched (never placed). */
const UNMATCHED: Entry = { message: undefined as unknown as TranscriptMessage, view: null, drawn: undefined, force: false, height: undefined, index: -1 };

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
  /** The articles drawn since `takeDrawn()` was last asked: those whose height may have changed. */
  #drawnSince: Array<{ index: number; node: HTMLElement }> = [];
  #orderChanged = false;
  /** The entries that have an article in the DOM, in order: the last `place()`'s. */
  #placed: Entry[] = [];
  #version = 0;
  /** The measured heights, in thread order, kept in step with each measurement; `null` after the thread changed. */
  #heights: MessageHeights | null = null;
  /** Whether any message was ever measured: until then the heights are built without a walk of the thread. */
  #anyMeasured = false;
  /** `placedViews()` until the list or its placement changes. */
  #views: Array<{ index: number; id: string; node: HTMLElement }> | null = null;
  #spacers = new Spacers();
  /** The older messages of a thread set at once, while they wait for `matchLater()`. */
  #later: { split: number; match: ThreadMatch<Entry> } | null = null;
  /** Told of a message that is not one, found by `matchLater()` (it cannot throw at the caller). */
  readonly #invalid: (error: TypeError, index: number) => void;

  constructor(invalid: (error: TypeError, index: number) => void = () => {}) {
    this.#invalid = invalid;
    this.node = document.createElement("div");
    this.node.className = "messages";
    this.node.setAttribute("part", "messages");
  }

  /** The whole thread, checked (the older messages of a thread set at once are checked now if they were not yet). */
  get messages(): TranscriptMessage[] {
    this.settle();
    return this.#entries.map((entry) => entry.message);
  }

  /** The message with `id`, or `undefined`. */
  get(id: string): TranscriptMessage | undefined {
    return this.#lookup(id)?.message;
  }

  /**
   * Replaces the whole thread. Messages are matched to what is drawn by id, then (for an
   * optimistic message) by `clientMessageId`, then (for a new version) by `editOf`; a matched
   * message whose content did not change is not redrawn (message-match.ts). A long thread set on
   * an empty list checks and matches only its newest messages now and the others in `matchLater()`.
   */
  set(messages: unknown): void {
    this.settle();
    const given = checkArray(messages);
    if (this.#entries.length === 0 && given.length > MATCHED_AT_ONCE) {
      this.#setLater(given);
      return;
    }
    const checked = checkMessages(given);
    const match = this.#match({ length: checked.length, at: (i) => checked[i], reuseFrom: 0 }, this.#entries);
    match.run();
    this.#commit(match);
  }

  /**
   * How many of the oldest messages are not checked and matched yet (a thread set at once, until
   * `matchLater()` is done): they are counted, never placed.
   */
  get unmatched(): number {
    return this.#later?.split ?? 0;
  }

  /**
   * Checks and matches the older messages of a thread set at once, until `deadline`; `true` when
   * none is left. A message that is not one is reported through `invalid` and left out.
   */
  matchLater(deadline = Infinity): boolean {
    const later = this.#later;
    if (!later?.match.run(deadline)) return !later;
    this.#later = null;
    this.#commit(later.match);
    return true;
  }

  /** Finishes `matchLater()` now: whatever needs the whole thread calls it first. */
  settle(): void {
    if (this.#later) this.matchLater();
  }

  // The newest messages go through the usual matching now (a bad one throws, as in any set); the
  // older ones stand as entries that are only counted until `matchLater()` replaces them.
  #setLater(given: readonly unknown[]): void {
    const split = given.length - MATCHED_AT_ONCE;
    const newest = checkMessages(given.slice(split));
    const now = this.#match({ length: newest.length, at: (i) => newest[i], reuseFrom: 0 }, []);
    now.run();
    this.#commit(now);
    const shown = this.#entries;
    // One stand-in for every older message until `matchLater()` gives each its entry: an older
    // message is checked when its turn comes, and never placed, measured or looked up before. So
    // setting 10,000 messages costs no more, before the first frame, than setting 200 (one
    // object per message cost as much as drawing the screenful).
    const older: Entry[] = new Array<Entry>(split).fill(UNMATCHED);
    for (const entry of shown) entry.index += split;
    this.#entries = older.concat(shown);
    const at = olderThenShown(given, shown, this.#invalid);
    this.#later = { split, match: this.#match({ length: given.length, at, reuseFrom: split }, shown) };
  }

  #match(source: Pick<MatchSource<Entry>, "length" | "at" | "reuseFrom">, previous: readonly Entry[]): ThreadMatch<Entry> {
    return new ThreadMatch<Entry>({
      ...source,
      previous,
      previousById: this.#byId,
      create: (message) => this.#create(message),
      assign: (entry, message) => this.#assign(entry, message),
    });
  }

  /** The matched thread becomes the list; what no message took leaves the DOM. */
  #commit(match: ThreadMatch<Entry>): void {
    for (const entry of this.#entries) {
      if (!match.took(entry)) {
        entry.view?.node.remove();
        this.#dirty.delete(entry);
      }
    }
    this.#entries = match.entries;
    this.#byId = match.byId;
    this.#changed();
  }

  /** The entry of `id`; one of the older messages not matched yet settles the list first. */
  #lookup(id: string): Entry | undefined {
    const entry = this.#byId.get(id);
    if (entry || !this.#later) return entry;
    this.settle();
    return this.#byId.get(id);
  }

  /**
   * Adds a message at the end. A message whose id is shown already, whose `clientMessageId`
   * matches a shown message (the host's stored copy of an optimistic message), or whose `editOf`
   * names a shown message (a new version of it), replaces that message in place instead.
   */
  append(message: unknown): void {
    const checked = checkMessage(message, "appendMessage");
    this.settle();
    const existing = replacedBy(
      checked,
      (id) => this.#byId.get(id),
      (clientId) => this.#entries.find((entry) => entry.message.clientMessageId === clientId),
    );
    if (existing) {
      this.#byId.delete(existing.message.id);
      this.#assign(existing, checked);
      this.#byId.set(checked.id, existing);
      this.#views = null; // the id may have changed
      return;
    }
    const entry = this.#create(checked);
    entry.index = this.#entries.length;
    this.#entries.push(entry);
    this.#byId.set(checked.id, entry);
    this.#changed();
  }

  /**
   * Merges `patch` into the message `id`; throws a `TypeError` for an id that is not a string (as
   * every element does for an argument of the wrong type) and a `RangeError` when there is no such
   * message.
   */
  update(id: string, patch: TranscriptMessagePatch): void {
    checkMessageId(id);
    const entry = this.#lookup(id);
    if (!entry) throw unknownMessage(id);
    this.#assign(entry, patchMessage(entry.message, patch));
  }

  /**
   * Redraws every message at the next flush (the registry or the URL resolver changed): those in
   * the DOM now; the others are drawn afresh whenever they come in.
   */
  invalidateAll(): void {
    for (const entry of this.#placed) {
      entry.force = true;
      this.#dirty.add(entry);
    }
  }

  /**
   * Redraws afresh, at the next flush, the messages in the DOM whose view passes `test` (those
   * drawn without the legacy reader, once it is in); the others are drawn afresh whenever they
   * come in anyway.
   */
  redrawWhere(test: (view: MessageView) => boolean): void {
    for (const entry of this.#placed) {
      if (!entry.view || !test(entry.view)) continue;
      entry.force = true;
      this.#dirty.add(entry);
    }
  }

  /**
   * Whether the thread kept its messages and their order since the last `place()`: what changed
   * is only the content of some messages (a reply streams, a stored copy replaces its optimistic
   * one, the registry changed), so the placement can stay as it is.
   */
  get sameOrder(): boolean {
    return !this.#orderChanged;
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
    return this.#lookup(id)?.index ?? -1;
  }

  /**
   * Changes whenever a height is measured or the thread changes: the heights and their offsets
   * computed for one version hold until the next.
   */
  get version(): number {
    return this.#version;
  }

  /** The last measured height of each message (`NaN` where none was), in a tree that sums them (message-window.ts). */
  heights(): MessageHeights {
    if (this.#heights) return this.#heights;
    const entries = this.#entries;
    if (!this.#anyMeasured) return (this.#heights = new MessageHeights(entries.length));
    const heights = new Float64Array(entries.length);
    for (let i = 0; i < heights.length; i++) heights[i] = entries[i]!.height ?? NaN;
    return (this.#heights = new MessageHeights(heights));
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

  /**
   * The articles drawn since this was last asked (what a pass that only redrew measures). A pass
   * asks after it drew, before anything leaves the DOM.
   */
  takeDrawn(): Array<{ index: number; node: HTMLElement }> {
    return this.#drawnSince.splice(0);
  }

  /** The last measured height of the message at `index`, or `undefined`. */
  heightAt(index: number): number | undefined {
    return this.#entries[index]?.height;
  }

  /** Records the measured height of the article at `index`; returns whether it changed. */
  measured(index: number, height: number): boolean {
    const entry = this.#entries[index];
    // An article not drawn yet is an empty box: its height says nothing of the message's.
    if (!entry || entry.drawn === undefined || this.#dirty.has(entry) || entry.height === height) return false;
    entry.height = height;
    this.#heights?.set(index, height);
    this.#anyMeasured = true;
    this.#version++;
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
    for (const entry of this.#placed) {
      if (entry.view && !keep.has(entry)) {
        removed.push(entry.view.node);
        entry.view.node.remove();
        entry.view = null;
        entry.drawn = undefined;
        this.#dirty.delete(entry);
      }
    }
    const nodes: Node[] = [];
    const placed: Entry[] = [];
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
      placed.push(entry);
      next = index + 1;
    }
    if (placement && next < this.#entries.length) nodes.push(this.#spacers.get(spacers++, placement.span(next, this.#entries.length)));
    this.#spacers.trim(spacers);
    arrange(this.node, nodes);
    this.#placed = placed;
    this.#views = placed.map((entry) => ({ index: entry.index, id: entry.message.id, node: entry.view!.node }));
    this.#orderChanged = false;
    return { added, removed };
  }

  /**
   * Draws what changed, newest message first (a chat is read from its end), until `deadline`
   * (a `performance.now()` time) or until `enough` says so of the article just drawn. Returns
   * `true` when nothing is left to draw. Every placed article is in place from the start; an
   * article not drawn yet is an empty box until its turn.
   */
  flush(deps: RenderDeps, deadline = Infinity, enough?: (drawn: HTMLElement) => boolean): boolean {
    if (this.#orderChanged) this.place(null);
    // Only placed messages are ever drawn: the dirty ones are a window's worth, newest first.
    const dirty = [...this.#dirty].sort((a, b) => b.index - a.index);
    for (const entry of dirty) {
      if (!this.#dirty.delete(entry) || !entry.view) continue;
      const force = entry.force || entry.drawn === undefined;
      entry.force = false;
      if (!force && sameContent(entry.drawn!, entry.message)) continue;
      entry.view.render(entry.message, deps, force);
      entry.drawn = entry.message;
      this.#drawnSince.push({ index: entry.index, node: entry.view.node });
      if (performance.now() >= deadline || enough?.(entry.view.node)) return this.#dirty.size === 0;
    }
    this.#dirty.clear(); // only entries that left the list or the DOM could remain
    return true;
  }

  /** The thread's messages or their order changed. */
  #changed(): void {
    this.#orderChanged = true;
    this.#heights = null;
    this.#version++;
    this.#views = null;
  }

  // A new entry is drawn when it is placed (`place()` marks it); until then there is nothing to do.
  #create(message: TranscriptMessage): Entry {
    return { message, view: null, drawn: undefined, force: false, height: undefined, index: -1 };
  }

  #assign(entry: Entry, message: TranscriptMessage): void {
    if (entry.message === message) return;
    entry.message = message;
    // A message left out of the DOM is drawn afresh when it comes in: nothing to redraw now.
    if (entry.view) this.#dirty.add(entry);
  }
}
