// Prompt history (docs/composer.md, "Prompt history"): the messages sent from this composer's
// `draft-key` (or from this element, without one), recalled with ArrowUp at the very start of the
// draft and ArrowDown at its very end, chips and records included. This controller owns the list,
// in storage beside the draft or in memory; browsing it (which message is shown, the unsent draft
// to come back to) is in the rest chunk (rest/history-browsing.ts), and an ArrowUp that could
// recall a message before the chunk is in waits for it.
import { Selection } from "prosemirror-state";
import type { OutgoingMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { HISTORY_STORAGE_PREFIX, historyEntry, parseHistory, serializeHistory } from "./history-storage.js";
import type { ComposerRest } from "./rest.js";
import type { HistoryBrowsing } from "./rest/history-browsing.js";
import type { ComposerHistoryEntry } from "./types.js";
import { shelfImages } from "./value.js";

/**
 * Where a key would browse: -1 for ArrowUp at the very start of the draft, 1 for ArrowDown at its
 * very end, 0 for anything else (a modifier, a selection, the caret elsewhere, a composer that
 * cannot be edited now): that key is the editor's.
 */
export function historyStep(composer: Composer, event: KeyboardEvent): -1 | 0 | 1 {
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || !composer.host.canEdit) return 0;
  const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
  if (step === 0) return 0;
  const { selection, doc } = composer.model.state;
  const edge = step < 0 ? Selection.atStart(doc).from : Selection.atEnd(doc).to;
  return selection.empty && selection.head === edge ? step : 0;
}

export class PromptHistory implements DraftObserver {
  readonly #composer: Composer;
  /** The history of a composer without `draft-key`: this element's sends, for its lifetime. */
  #memory: ComposerHistoryEntry[] = [];
  /** Browsing, once the rest chunk is in. */
  #browsing: HistoryBrowsing | undefined;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The history, oldest first, as plain JSON copies. */
  get entries(): ComposerHistoryEntry[] {
    return structuredClone(this.read(this.#composer.host.draftKey));
  }

  /** `clearHistory()`: a recalled message gives way to the unsent draft, and the history empties. */
  clear(): void {
    this.#browsing?.end(true);
    const key = this.#composer.host.draftKey;
    this.#memory = [];
    if (key) this.#write(key, []);
  }

  draftChanged(change: DraftChange): void {
    this.#browsing?.draftChanged(change);
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
    this.#browsing?.end();
  }

  /**
   * ArrowUp at the very start of the draft recalls the previous message, ArrowDown at its very end
   * the next one (or the unsent draft). Returns whether the key was taken. Before the rest chunk
   * is in, an ArrowUp that would recall a message is taken, and recalls it once the chunk is in
   * (if the caret is still at the start then); ArrowDown browses only a running session.
   */
  key(event: KeyboardEvent): boolean {
    const composer = this.#composer;
    const rest = composer.rest.loaded;
    if (rest) return this.#browsingWith(rest).key(event);
    if (historyStep(composer, event) !== -1 || this.read(composer.host.draftKey).length === 0) return false;
    void composer.rest.run((loaded) => this.#browsingWith(loaded).key(event));
    return true;
  }

  /** Browsing, made with the rest chunk the first time it is needed. */
  #browsingWith(rest: ComposerRest): HistoryBrowsing {
    return (this.#browsing ??= new rest.HistoryBrowsing(this.#composer, this));
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
