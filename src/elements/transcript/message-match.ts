// Matching a new array of messages to the entries of the thread shown so far (message-list.ts):
// by id, then (for an optimistic message) by `clientMessageId`, then (for a new version) by
// `editOf`, so that a message whose content did not change keeps its article. The matching can
// stop at a deadline and go on later: a long thread set on an empty transcript matches its older
// messages in idle slices after its newest screenful is drawn (docs/transcript.md, "Long threads").
import { checkMessage, replacedBy } from "./message-model.js";
import type { TranscriptMessage } from "./types.js";

/** What the matching needs of an entry of the list. */
export interface MatchedEntry {
  message: TranscriptMessage;
  /** Where the entry is in the thread being built. */
  index: number;
}

export interface MatchSource<E extends MatchedEntry> {
  /** How many messages the new thread has, before duplicates are merged. */
  readonly length: number;
  /** The message at `index`, checked; `undefined` leaves it out (it was reported as invalid). */
  at(index: number): TranscriptMessage | undefined;
  /** The entries shown so far, by id, and all of them (for `clientMessageId`). */
  readonly previousById: ReadonlyMap<string, E>;
  readonly previous: readonly E[];
  /**
   * The first index whose message may take an entry shown so far (0: any). The older messages of
   * a thread matched later are new entries: the shown ones are the newest messages' own.
   */
  readonly reuseFrom: number;
  /** A new entry for a message that matches none shown. */
  create(message: TranscriptMessage): E;
  /** Gives an entry its new message (which may be the one it has). */
  assign(entry: E, message: TranscriptMessage): void;
}

/** How many messages are matched between two looks at the clock. */
const CLOCK_EVERY = 256;


export class ThreadMatch<E extends MatchedEntry> {
  /** The thread's entries, in order, once `run()` returned `true`. */
  readonly entries: E[] = [];
  readonly byId = new Map<string, E>();
  readonly #byClientId = new Map<string, E>();
  readonly #previousByClientId = new Map<string, E>();
  readonly #taken = new Set<E>();
  readonly #source: MatchSource<E>;
  #next = 0;

  constructor(source: MatchSource<E>) {
    this.#source = source;
    for (const entry of source.previous) if (entry.message.clientMessageId) this.#previousByClientId.set(entry.message.clientMessageId, entry);
  }

  /** Matches messages until `deadline` (a `performance.now()` time); `true` once every one is. */
  run(deadline = Infinity): boolean {
    const { length } = this.#source;
    while (this.#next < length) {
      const index = this.#next++;
      const message = this.#source.at(index);
      if (message) this.#match(message, index >= this.#source.reuseFrom);
      if (this.#next % CLOCK_EVERY === 0 && performance.now() >= deadline) break;
    }
    return this.#next >= length;
  }

  /** Whether a previous entry is in the new thread. */
  took(entry: E): boolean {
    return this.#taken.has(entry);
  }

  #match(message: TranscriptMessage, reuse: boolean): void {
    const { previousById } = this.#source;
    let entry = replacedBy(message, (id) => this.byId.get(id), (id) => this.#byClientId.get(id));
    if (entry) {
      // The same message twice in one array (an optimistic copy and the stored one, a
      // re-delivery, or a version and the one it replaced): the later copy wins, in the earlier
      // one's place.
      this.byId.delete(entry.message.id);
      this.#source.assign(entry, message);
      this.#index(entry, message);
      return;
    }
    if (reuse) entry = replacedBy(message, (id) => previousById.get(id), (id) => this.#previousByClientId.get(id));
    if (entry && this.#taken.has(entry)) entry = undefined;
    if (entry) this.#source.assign(entry, message);
    else entry = this.#source.create(message);
    this.#taken.add(entry);
    entry.index = this.entries.length;
    this.entries.push(entry);
    this.#index(entry, message);
  }

  #index(entry: E, message: TranscriptMessage): void {
    this.byId.set(message.id, entry);
    if (message.clientMessageId) this.#byClientId.set(message.clientMessageId, entry);
  }
}

/**
 * The `at` of a thread whose newest messages are shown already (`shown`, one entry each, after
 * the `given.length - shown.length` older ones): an older message is checked when its turn comes
 * (one that is not a message goes to `invalid`, with its index, and is left out); a shown one is
 * read from its entry, so an update made meanwhile (a reply streaming) is kept.
 */
export function olderThenShown<E extends MatchedEntry>(
  given: readonly unknown[],
  shown: readonly E[],
  invalid: (error: TypeError, index: number) => void,
): (index: number) => TranscriptMessage | undefined {
  const split = given.length - shown.length;
  return (index) => {
    if (index >= split) return shown[index - split]!.message;
    try {
      return checkMessage(given[index], "messages");
    } catch (error) {
      invalid(error as TypeError, index);
      return undefined;
    }
  };
}
