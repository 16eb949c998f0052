// Prompt history (docs/composer.md, "Prompt history"): the messages sent from this composer's
// `draft-key` (or from this element, without one), recalled with ArrowUp at the very start of the
// draft and ArrowDown at its very end, chips and records included. This controller owns the list,
// in storage beside the draft or in memory; browsing it (which message is shown, the unsent draft
// to come back to) is history-browsing.ts's.
import type { OutgoingMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { HISTORY_STORAGE_PREFIX, historyEntry, parseHistory, serializeHistory } from "./history-storage.js";
import { HistoryBrowsing } from "./history-browsing.js";
import type { ComposerHistoryEntry } from "./types.js";
import { shelfImages } from "./value.js";

export class PromptHistory implements DraftObserver {
  readonly #composer: Composer;
  /** The history of a composer without `draft-key`: this element's sends, for its lifetime. */
  #memory: ComposerHistoryEntry[] = [];
  readonly #browsing: HistoryBrowsing;

  constructor(composer: Composer) {
    this.#composer = composer;
    this.#browsing = new HistoryBrowsing(composer, (key) => this.read(key));
  }

  /** The history, oldest first, as plain JSON copies. */
  get entries(): ComposerHistoryEntry[] {
    return structuredClone(this.read(this.#composer.host.draftKey));
  }

  /** `clearHistory()`: a recalled message gives way to the unsent draft, and the history empties. */
  clear(): void {
    this.#browsing.end(true);
    const key = this.#composer.host.draftKey;
    this.#memory = [];
    if (key) this.#write(key, []);
  }

  draftChanged(change: DraftChange): void {
    this.#browsing.draftChanged(change);
  }

  /** A send took the message (Sender, before the draft clears): it joins the history. */
  sent(message: OutgoingMessage): void {
    const records = message.context?.records ?? [];
    const ids = new Set(records.map((record) => record.contextId));
    // Images on the shelf went out as attachments without a chip: they come back on the shelf.
    const shelf = shelfImages(this.#composer.model.draft).filter((record) => !ids.has(record.contextId));
    const entry = historyEntry(message.text, [...records, ...shelf], new Date().toISOString());
    const key = this.#composer.host.draftKey;
    if (key) this.#write(key, [...this.read(key), entry]);
    else this.#memory = [...this.#memory, entry];
    this.#browsing.end();
  }

  /**
   * ArrowUp at the very start of the draft recalls the previous message, ArrowDown at its very end
   * the next one (or the unsent draft). Returns whether the key was taken.
   */
  key(event: KeyboardEvent): boolean {
    return this.#browsing.key(event);
  }

  /** The history under `key` (`null`: this element's), oldest first. */
  read(key: string | null): ComposerHistoryEntry[] {
    if (!key) return this.#memory;
    try {
      return parseHistory(localStorage.getItem(HISTORY_STORAGE_PREFIX + key));
    } catch {
      return []; // storage denied: no history, and the draft's own reads report it
    }
  }

  #write(key: string, entries: readonly ComposerHistoryEntry[]): void {
    const json = serializeHistory(entries);
    try {
      if (json === null) localStorage.removeItem(HISTORY_STORAGE_PREFIX + key);
      else localStorage.setItem(HISTORY_STORAGE_PREFIX + key, json);
    } catch (error) {
      emit(this.#composer.host, "t3-error", { code: "storage-failed", message: `The prompt history could not be saved under "${key}".`, cause: error });
    }
  }
}
