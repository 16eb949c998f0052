// Prompt history (docs/composer.md, "Prompt history"): the messages sent from this composer's
// `draft-key` (or from this element, without one), recalled with ArrowUp at the very start of the
// draft and ArrowDown at its very end, chips and records included. The controller owns the list
// (in storage beside the draft, or in memory) and the browsing session: which message is shown,
// the unsent draft to come back to, and the changes a person made to a recalled message.
//
// As in a shell (readline), a recalled message is a copy: changing it changes nothing stored, and
// the change is kept while the person browses on, so ArrowUp and ArrowDown never lose what was
// typed; past the newest comes the unsent draft exactly as it was. Sending ends the session. The
// caret lands at the start of a message ArrowUp brought, at the end of one ArrowDown brought, so
// pressing the same arrow again goes on browsing while the other moves through the text.
import { Selection } from "prosemirror-state";
import type { OutgoingMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { HISTORY_STORAGE_PREFIX, historyEntry, parseHistory, serializeHistory } from "./history-storage.js";
import { draftEntry, restoreStash } from "./stash.js";
import type { ComposerHistoryEntry, ComposerStashEntry } from "./types.js";
import { shelfImages } from "./value.js";

/** One run of ArrowUp/ArrowDown, from the first recall until a send or a draft replaced from outside. */
interface Session {
  readonly key: string | null;
  /** The history as it was when the session began, oldest first. */
  readonly entries: readonly ComposerHistoryEntry[];
  /** The position shown: an entry, or `entries.length` for the unsent draft. */
  index: number;
  /** What a position holds since the person changed it (the unsent draft is always here once left). */
  readonly kept: Map<number, ComposerStashEntry>;
  /** The draft's version right after the position was shown: a later one means a change. */
  shownVersion: number;
  /** Whether the saved draft (under `draft-key`) is still the unsent one: no change was saved since. */
  savedIsUnsent: boolean;
}

/** A stored entry as the restore path takes it. */
function stashOf(entry: ComposerHistoryEntry): ComposerStashEntry {
  return { version: 1, text: entry.text, records: entry.context?.records ?? [], createdAt: entry.sentAt };
}

export class PromptHistory implements DraftObserver {
  readonly #composer: Composer;
  /** The history of a composer without `draft-key`: this element's sends, for its lifetime. */
  #memory: ComposerHistoryEntry[] = [];
  #session: Session | null = null;
  /** Set while this controller replaces the draft: that is browsing, not a replacement from outside. */
  #showing = false;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The history, oldest first, as plain JSON copies. */
  get entries(): ComposerHistoryEntry[] {
    return structuredClone(this.#read(this.#composer.host.draftKey));
  }

  /** `clearHistory()`: a recalled message gives way to the unsent draft, and the history empties. */
  clear(): void {
    const session = this.#session;
    if (session && session.index !== session.entries.length) this.#go(session, session.entries.length);
    this.#session = null;
    const key = this.#composer.host.draftKey;
    this.#memory = [];
    if (key) this.#write(key, []);
  }

  draftChanged({ tr }: DraftChange): void {
    // The host or another page replaced the draft (a value, `clear()`, `restore()`, a send): the
    // session is over, and what it kept belonged to a draft that is gone.
    if (!this.#showing && tr === null) this.#session = null;
  }

  /** A send took the message (Sender, before the draft clears): it joins the history. */
  sent(message: OutgoingMessage): void {
    const records = message.context?.records ?? [];
    const ids = new Set(records.map((record) => record.contextId));
    // Images on the shelf went out as attachments without a chip: they come back on the shelf.
    const shelf = shelfImages(this.#composer.model.draft).filter((record) => !ids.has(record.contextId));
    const entry = historyEntry(message.text, [...records, ...shelf], new Date().toISOString());
    const key = this.#composer.host.draftKey;
    if (key) this.#write(key, [...this.#read(key), entry]);
    else this.#memory = [...this.#memory, entry];
    this.#session = null;
  }

  /**
   * ArrowUp at the very start of the draft recalls the previous message, ArrowDown at its very end
   * the next one (or the unsent draft). Any modifier, a selection, or the caret elsewhere: the key
   * is the editor's. Returns whether the key was taken.
   */
  key(event: KeyboardEvent): boolean {
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || !this.#composer.host.canEdit) return false;
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (step === 0) return false;
    const { selection, doc } = this.#composer.model.state;
    const edge = step < 0 ? Selection.atStart(doc).from : Selection.atEnd(doc).to;
    if (!selection.empty || selection.head !== edge) return false;
    const session = this.#sessionFor(step);
    const target = session ? session.index + step : -1;
    if (!session || target < 0 || target > session.entries.length) return false;
    this.#go(session, target);
    return true;
  }

  /** The running session of this key, or (for ArrowUp, with a history) a new one. */
  #sessionFor(step: number): Session | null {
    const key = this.#composer.host.draftKey;
    if (this.#session && this.#session.key !== key) this.#session = null; // `draft-key` changed
    if (this.#session || step > 0) return this.#session;
    const entries = this.#read(key);
    if (entries.length === 0) return null;
    this.#composer.persistence.saveNow(); // the saved draft is the unsent one while recalled ones show
    const version = this.#composer.model.version;
    this.#session = { key, entries, index: entries.length, kept: new Map(), shownVersion: version, savedIsUnsent: true };
    return this.#session;
  }

  /** Leaves the position shown (keeping it if it is the unsent draft or was changed) and shows `target`. */
  #go(session: Session, target: number): void {
    const { model, persistence } = this.#composer;
    const unsent = session.entries.length;
    if (session.index === unsent || model.version !== session.shownVersion) {
      session.kept.set(session.index, draftEntry(this.#composer));
      // A changed recalled message was saved as the draft (Persistence follows every change).
      if (session.index !== unsent) session.savedIsUnsent = false;
      else persistence.saveNow();
    }
    const entry = session.kept.get(target) ?? stashOf(session.entries[target]!);
    // Showing a message is no change of the draft's, so nothing is saved for it: a reload while
    // browsing finds the unsent draft saved. Coming back to the unsent draft after a changed
    // message was saved saves it again.
    const show = () => restoreStash(this.#composer, entry);
    this.#showing = true;
    try {
      if (target === unsent && !session.savedIsUnsent) show();
      else persistence.replaceAsLoad(show);
      if (target === unsent) session.savedIsUnsent = true;
      const { doc } = model.state;
      if (target < session.index) model.apply(model.state.tr.setSelection(Selection.atStart(doc)).scrollIntoView());
    } finally {
      this.#showing = false;
    }
    session.index = target;
    session.shownVersion = model.version;
    // Back at the unsent draft with no recalled message changed, nothing is left to keep: the next
    // ArrowUp reads the history again (with what other pages sent meanwhile).
    if (target === unsent && [...session.kept.keys()].every((index) => index === unsent)) this.#session = null;
  }

  #read(key: string | null): ComposerHistoryEntry[] {
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
