// Browsing the prompt history with ArrowUp and ArrowDown (docs/composer.md, "Prompt history"): the
// session from the first recall until a send or a draft replaced from outside, which message it
// shows, the unsent draft to come back to, and the changes a person made to a recalled message.
// The history itself (its list, in storage or in memory) is history.ts's, which hands the keys here.
//
// As in a shell (readline), a recalled message is a copy: changing it changes nothing stored, and
// the change is kept while the person browses on, so ArrowUp and ArrowDown never lose what was
// typed; past the newest comes the unsent draft exactly as it was. Sending ends the session. The
// caret lands at the start of a message ArrowUp brought, at the end of one ArrowDown brought, so
// pressing the same arrow again goes on browsing while the other moves through the text.
import { Selection } from "prosemirror-state";
import type { Composer } from "./composer.js";
import type { DraftChange } from "./draft.js";
import { draftEntry, restoreStash } from "./stash.js";
import type { ComposerHistoryEntry, ComposerStashEntry } from "./types.js";

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

export class HistoryBrowsing {
  readonly #composer: Composer;
  /** The history under a key, oldest first (history.ts, `read`). */
  readonly #read: (key: string | null) => readonly ComposerHistoryEntry[];
  #session: Session | null = null;
  /** Set while this controller replaces the draft: that is browsing, not a replacement from outside. */
  #showing = false;

  constructor(composer: Composer, read: (key: string | null) => readonly ComposerHistoryEntry[]) {
    this.#composer = composer;
    this.#read = read;
  }

  /** A send, or the history cleared: the session is over. A recalled message shown gives way to the unsent draft first when `back`. */
  end(back = false): void {
    const session = this.#session;
    if (back && session && session.index !== session.entries.length) this.#go(session, session.entries.length);
    this.#session = null;
  }

  draftChanged({ tr }: DraftChange): void {
    // The host or another page replaced the draft (a value, `clear()`, `restore()`, a send): the
    // session is over, and what it kept belonged to a draft that is gone.
    if (!this.#showing && tr === null) this.#session = null;
  }

  /** As `PromptHistory.key` (history.ts). */
  key(event: KeyboardEvent): boolean {
    const step = historyStep(this.#composer, event);
    const session = step === 0 ? null : this.#sessionFor(step);
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
}
