// The records of a draft. `live` holds what the draft has; `aside` holds records no chip
// references any more, so that undo (or a paste of the chip) brings them back (ui.md point 4).
import type { ComposerContextRecord } from "../../contract/types.js";

export class RecordStore {
  // Replaced, never mutated: a `t3-change` detail keeps the map of its moment and computes its
  // value later from it. Records change rarely (keystrokes do not touch them), so copying is cheap.
  #live: ReadonlyMap<string, ComposerContextRecord> = new Map();
  #aside = new Map<string, ComposerContextRecord>();

  /** The records of the draft, by context id, in the order they joined. */
  get live(): ReadonlyMap<string, ComposerContextRecord> {
    return this.#live;
  }

  get(contextId: string): ComposerContextRecord | undefined {
    return this.#live.get(contextId);
  }

  /** A record set aside (or staged to join with its first chip). */
  aside(contextId: string): ComposerContextRecord | undefined {
    return this.#aside.get(contextId);
  }

  /** Puts `record` in the draft (replacing one with its id). */
  set(record: ComposerContextRecord): void {
    const next = new Map(this.#live);
    next.set(record.contextId, record);
    this.#live = next;
    this.#aside.delete(record.contextId);
  }

  /** Keeps `record` aside: it joins the draft when a chip first references it. */
  stage(record: ComposerContextRecord): void {
    this.#aside.set(record.contextId, record);
  }

  /** Moves a record from the draft aside; returns it. */
  park(contextId: string): ComposerContextRecord | undefined {
    const record = this.#live.get(contextId);
    if (!record) return undefined;
    const next = new Map(this.#live);
    next.delete(contextId);
    this.#live = next;
    this.#aside.set(contextId, record);
    return record;
  }

  /** Brings a record set aside back into the draft; returns it. */
  unpark(contextId: string): ComposerContextRecord | undefined {
    const record = this.#aside.get(contextId);
    if (record) this.set(record);
    return record;
  }

  /** Replaces a record wherever it is (live or aside), keeping its place. */
  update(record: ComposerContextRecord): void {
    if (this.#live.has(record.contextId)) {
      const next = new Map(this.#live);
      next.set(record.contextId, record);
      this.#live = next;
    } else if (this.#aside.has(record.contextId)) {
      this.#aside.set(record.contextId, record);
    }
  }

  /** Starts over with `records` in the draft and nothing aside. */
  reset(records: Iterable<ComposerContextRecord> = []): void {
    this.#live = new Map([...records].map((record) => [record.contextId, record]));
    this.#aside.clear();
  }
}
