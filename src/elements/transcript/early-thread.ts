// The thread a transcript holds before its drawing engine has loaded (engine.ts: in the combined
// drop-in a chunk fetched when a transcript first draws). It answers what the element answers at
// once, by the rules of message-list.ts: `messages`, a bad message's TypeError, an unknown id's
// RangeError, a message that replaces a shown one by id, `clientMessageId` or `editOf`. When the
// engine is in, the thread is handed to its list; if the engine cannot load, it stays the model
// of the plain text drawn instead (plain-thread.ts).
import { checkArray, checkMessage, checkMessageId, checkMessages, MATCHED_AT_ONCE, patchMessage, replacedBy, unknownMessage } from "./message-model.js";
import type { TranscriptMessage, TranscriptMessagePatch } from "./types.js";

export class EarlyThread {
  /** The messages, oldest first; in a long thread set at once, only the newest are checked yet. */
  #given: readonly unknown[] = [];
  /** How many of the oldest messages are not checked yet (a long thread, as message-list.ts does). */
  #unchecked = 0;
  #version = 0;
  readonly #invalid: (error: TypeError, index: number) => void;

  constructor(invalid: (error: TypeError, index: number) => void) {
    this.#invalid = invalid;
  }

  /** Counts the changes: 0 until the thread is first set or appended to. */
  get version(): number {
    return this.#version;
  }

  /** The whole thread, checked: an older message of a long thread that is not one is reported and left out. */
  get messages(): TranscriptMessage[] {
    this.#settle();
    return [...(this.#given as TranscriptMessage[])];
  }

  /** What the engine's list is set to when it arrives: the thread as given (message-list.ts checks it again). */
  handover(): readonly unknown[] {
    return this.#given;
  }

  get(id: string): TranscriptMessage | undefined {
    const index = this.indexOf(id);
    return index < 0 ? undefined : (this.#given[index] as TranscriptMessage);
  }

  indexOf(id: string): number {
    this.#settle();
    return (this.#given as TranscriptMessage[]).findIndex((message) => message.id === id);
  }

  set(messages: unknown): void {
    const given = checkArray(messages);
    // A long thread on an empty transcript: its older messages are checked after the first draw.
    const empty = this.#given.length === 0;
    const unchecked = empty && given.length > MATCHED_AT_ONCE ? given.length - MATCHED_AT_ONCE : 0;
    this.#settle();
    checkMessages(given.slice(unchecked));
    this.#given = [...given];
    this.#unchecked = unchecked;
    this.#version++;
  }

  append(message: unknown): void {
    const checked = checkMessage(message, "appendMessage");
    this.#settle();
    const thread = this.#given as TranscriptMessage[];
    const found = (index: number) => (index < 0 ? undefined : index);
    const at = replacedBy(
      checked,
      (id) => found(thread.findIndex((shown) => shown.id === id)),
      (clientId) => found(thread.findIndex((shown) => shown.clientMessageId === clientId)),
    );
    this.#given = at === undefined ? [...thread, checked] : thread.map((shown, i) => (i === at ? checked : shown));
    this.#version++;
  }

  update(id: string, patch: TranscriptMessagePatch): void {
    checkMessageId(id);
    const at = this.indexOf(id);
    if (at < 0) throw unknownMessage(id);
    const patched = patchMessage(this.#given[at] as TranscriptMessage, patch);
    this.#given = this.#given.map((shown, i) => (i === at ? patched : shown));
    this.#version++;
  }

  // Checks the older messages of a long thread now: what needs the whole thread calls it first.
  #settle(): void {
    if (this.#unchecked === 0) return;
    const kept: unknown[] = [];
    this.#given.forEach((message, index) => {
      if (index >= this.#unchecked) kept.push(message);
      else {
        try {
          kept.push(checkMessage(message, "messages"));
        } catch (error) {
          this.#invalid(error as TypeError, index);
        }
      }
    });
    this.#given = kept;
    this.#unchecked = 0;
  }
}
