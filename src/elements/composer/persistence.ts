// Persistence (docs/composer.md, "Drafts"): the saved draft under `draft-key`, the form value,
// and when each is written. The controller owns all three. It follows the draft: a change marks
// the draft unsaved and schedules one save, which serializes the draft once for both.
//
// When: at most 500 ms after a change. A draft of ordinary size is saved at the end of the task
// that changed it: that costs about 0.1 ms for a few kilobytes and 0.4 ms at
// `PROMPT_SAVE_MAX_CHARS` (Chromium), and it means a tab whose renderer dies right after a
// keystroke (a crash, the system killing a background tab, where neither `pagehide` nor
// `visibilitychange` runs) still has that keystroke saved. A bigger draft costs more than a
// keystroke may (about 10 ms for a megabyte, more to hand a form a megabyte of text), so its
// changes are coalesced for a while and the save then waits for an idle moment, within the
// 500 ms: what was typed in the last half second before such a crash is lost.
//
// Across tabs: pages with the same `draft-key` share one saved draft. A page writes only a draft
// it changed, so a page that merely shows a draft never writes it back over a newer one (a sent
// message, a cleared draft). While a page has unsaved edits its own draft wins; otherwise it
// follows the `storage` event, and shows what another page saved (or nothing, once that page
// sent or cleared it).
import type { ReactiveController } from "lit";
import type { EditorState } from "prosemirror-state";
import { pastedRanges } from "../../editor/text.js";
import { emit } from "../events.js";
import type { ComposerHost, SenderRole } from "./wiring.js";
import type { DraftModel } from "./draft.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import { draftOf, liveAttachments, liveRecords } from "./draft-state.js";
import { DRAFT_STORAGE_PREFIX, parseDraft, serializeDraft } from "./draft-storage.js";
import { writeFormValue } from "./form.js";
import type { ComposerValue } from "./types.js";
import { shelfImages, valueOf } from "./value.js";

/** What persistence.ts uses of its composer (wiring.ts). */
export interface PersistenceParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
  readonly internals: ElementInternals | null;
  readonly sender: SenderRole;
}

/** The longest a change waits before it is saved. */
export const SAVE_DELAY_MS = 500;
/** A draft whose last save (or form value) was at most this many characters is saved at once. */
export const PROMPT_SAVE_MAX_CHARS = 64 * 1024;
/** Changes to a bigger draft within this time are saved together... */
const COALESCE_MS = 250;
/** ...and the save then waits at most this long for the page to be idle. */
const IDLE_TIMEOUT_MS = SAVE_DELAY_MS - COALESCE_MS;

export class Persistence implements ReactiveController, DraftObserver {
  readonly #composer: PersistenceParts;
  /** The draft key whose saved draft this one is (restored from, or saved to). */
  #loadedKey: string | null = null;
  /** Whether the draft changed since it was last saved or loaded. */
  #unsaved = false;
  /** Set while the draft is replaced by a saved one: that is no change of this page's. */
  #loading = false;
  /** The state the form value was last written from. */
  #formState: EditorState | null = null;
  /** Cancels the pending save, when one is scheduled. */
  #cancelSave: (() => void) | null = null;
  /** Characters the last save (or form value) wrote: how soon the next one may run. */
  #savedChars = 0;
  #stopListening: (() => void) | null = null;
  /** What this page last wrote to or read from storage (`null`: no saved draft): a different one is another page's. */
  #lastSaved: string | null = null;

  constructor(composer: PersistenceParts) {
    this.#composer = composer;
  }

  hostConnected(): void {
    const key = this.#composer.host.draftKey;
    if (key && this.#loadedKey !== key) {
      this.#restore(key);
      this.#loadedKey = key;
    }
    this.#listen();
    this.writeForm();
  }

  hostDisconnected(): void {
    this.saveNow();
    this.#stopListening?.();
    this.#stopListening = null;
  }

  draftChanged({ before, after, tr }: DraftChange): void {
    if (this.#loading || (tr && !tr.docChanged && draftOf(before) === draftOf(after))) return;
    this.#unsaved = true;
    if (!tr) this.writeForm(); // a draft the host replaced is in the form at once
    this.#schedule();
  }

  /** Something saved with the draft changed outside it (the id a send went out under): save it soon. */
  markUnsaved(): void {
    this.#unsaved = true;
    this.#schedule();
  }

  /**
   * After a send (or a `t3-send` the host took), the draft is empty: saved at once, which removes
   * the saved draft. If another page saved a draft of this key while the send ran, that draft is
   * newer than the one sent: this page shows it instead, and leaves it saved.
   */
  sent(): void {
    const key = this.#composer.host.draftKey;
    if (key && this.#savedByAnotherPage(key) && this.#restore(key)) return;
    this.saveNow();
  }

  /** Whether the draft saved under `key` is not the one this page last saw: another page wrote it. */
  #savedByAnotherPage(key: string): boolean {
    try {
      const raw = localStorage.getItem(DRAFT_STORAGE_PREFIX + key);
      return raw !== null && raw !== this.#lastSaved;
    } catch {
      return false; // reading fails the same way in `#restore`, which reports it
    }
  }

  /** `draft-key` changed: the draft so far is saved under the old key, then the new key's loads. */
  switchKey(previous: string | null, next: string | null): void {
    if (previous) this.#save(previous);
    // Setting a first key keeps the draft when nothing is saved under it: it becomes that key's.
    if (next && !this.#restore(next) && previous) this.#load(() => this.#composer.model.replace("", []));
    this.#loadedKey = next;
  }

  /** Saves and writes the form value now (on blur, `pagehide`, a hidden page, disconnect, after a send). */
  saveNow(): void {
    this.#cancelSave?.();
    this.#cancelSave = null;
    const key = this.#composer.host.draftKey;
    const formStale = this.#composer.internals?.form && this.#formState !== this.#composer.model.state;
    if (!formStale && !(key && this.#unsaved)) return;
    const value = this.#value(); // one serialization for both
    const written = Math.max(formStale ? this.writeForm(value) : 0, key ? this.#save(key, value) : 0);
    this.#savedChars = written;
  }

  /**
   * Writes the draft into the form and returns how many characters that was. Outside a form
   * nobody reads the form value, so a composer without one does not pay for handing it the whole
   * draft (0); `formAssociatedCallback` catches up when a form takes it.
   */
  writeForm(value?: ComposerValue): number {
    const internals = this.#composer.internals;
    if (!internals?.form) return 0;
    this.#formState = this.#composer.model.state;
    return writeFormValue(internals, this.#composer.host.name, value ?? this.#value());
  }

  #value(): ComposerValue {
    const { model } = this.#composer;
    return valueOf(model.state.doc, liveRecords(model.draft));
  }

  #schedule(): void {
    if (this.#cancelSave) return;
    // Without a key or a form a save writes nothing: no microtask per keystroke for it. The draft
    // stays unsaved, so a key set later, a form taking the element, a blur or a disconnect
    // catch up as before.
    if (!this.#composer.host.draftKey && !this.#composer.internals?.form) return;
    if (this.#savedChars <= PROMPT_SAVE_MAX_CHARS) this.#saveAtEndOfTask();
    else this.#saveWhenIdle();
  }

  /** A microtask: every change of the running script (a keystroke, a host's calls) in one save. */
  #saveAtEndOfTask(): void {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) this.saveNow();
    });
    this.#cancelSave = () => {
      cancelled = true;
    };
  }

  #saveWhenIdle(): void {
    let idle = 0;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(() => this.saveNow(), { timeout: IDLE_TIMEOUT_MS });
      else this.saveNow();
    }, COALESCE_MS);
    this.#cancelSave = () => {
      clearTimeout(timer);
      if (idle) cancelIdleCallback(idle);
    };
  }

  #failed(message: string, cause: unknown): void {
    emit(this.#composer.host, "t3-error", { code: "storage-failed", message, cause });
  }

  /**
   * Saves the draft under `key` if this page changed it (an empty draft removes the entry).
   * Returns the saved draft's size in characters (0 when nothing was written).
   */
  #save(key: string, value?: ComposerValue): number {
    if (!this.#unsaved) return 0;
    const { model, sender } = this.#composer;
    const draft = model.draft;
    const { text, context } = value ?? this.#value();
    const records = [...(context?.records ?? []), ...shelfImages(draft)];
    const json = serializeDraft(text, records, liveAttachments(draft), sender.pendingMessageId, pastedRanges(model.state.doc));
    try {
      if (json === null) localStorage.removeItem(DRAFT_STORAGE_PREFIX + key);
      else localStorage.setItem(DRAFT_STORAGE_PREFIX + key, json);
      this.#lastSaved = json;
      this.#unsaved = false;
      this.#loadedKey = key;
    } catch (error) {
      this.#failed(`The draft could not be saved under "${key}".`, error);
      return 0;
    }
    return json?.length ?? 0;
  }

  /** Runs `replace` as a load: the draft it makes is not saved for it (a recalled message, history.ts). */
  replaceAsLoad(replace: () => void): void {
    this.#load(replace);
  }

  /** Runs `replace` as a load: the draft it makes is the saved one, not an edit of this page. */
  #load(replace: () => void): void {
    this.#loading = true;
    try {
      replace();
    } finally {
      this.#loading = false;
    }
    this.#unsaved = false;
    this.writeForm();
  }

  /** Replaces the draft with the one saved under `key`; `false` when there is none. */
  #restore(key: string): boolean {
    let raw: string | null;
    try {
      raw = localStorage.getItem(DRAFT_STORAGE_PREFIX + key);
    } catch (error) {
      this.#failed(`The draft under "${key}" could not be read.`, error);
      return false;
    }
    this.#lastSaved = raw;
    if (raw === null) return false;
    let saved: ReturnType<typeof parseDraft>;
    try {
      saved = parseDraft(raw);
    } catch (error) {
      // Storage is shared with the page: what is there is untrusted and may be anything.
      this.#failed(`The draft under "${key}" is unreadable and was ignored.`, error);
      return false;
    }
    const { model, sender } = this.#composer;
    this.#load(() => model.replace(saved.text, saved.records, saved.entries, saved.pasted));
    if (saved.clientMessageId) sender.adoptMessageId(saved.clientMessageId);
    this.#loadedKey = key;
    return true;
  }

  /** Another page wrote the saved draft of this key: follow it, unless this page's edits are unsaved. */
  #followStorage(event: StorageEvent): void {
    const key = this.#composer.host.draftKey;
    if (!key || (event.key !== null && event.key !== DRAFT_STORAGE_PREFIX + key)) return;
    // While a send runs the draft cannot change: what another page saved is followed when it ends (`sent`).
    if (this.#unsaved || this.#composer.sender.sending) return; // this page's draft wins, and will be saved
    if (!this.#restore(key)) this.#load(() => this.#composer.model.replace("", []));
  }

  #listen(): void {
    // The document the element is in now, and its window: it may have moved into an iframe's.
    const document = this.#composer.host.ownerDocument;
    const view = document.defaultView ?? window;
    const onPageHide = () => this.saveNow();
    // A hidden page may be discarded or killed without `pagehide` (mobile browsers, tab discarding):
    // being hidden is the last moment that is sure to come.
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") this.saveNow();
    };
    const onStorage = (event: StorageEvent) => this.#followStorage(event);
    view.addEventListener("pagehide", onPageHide);
    view.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisibilityChange);
    this.#stopListening = () => {
      view.removeEventListener("pagehide", onPageHide);
      view.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }
}
