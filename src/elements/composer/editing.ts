// Edit and resend (docs/composer.md, "Edit and resend"): `composer.edit(message)` loads a sent
// message into the composer, and the next send carries `editOf`. This front stays in the first
// load with what must answer at once: the checks `edit()` throws from, and the getters. Edit mode
// itself (loading the message, the edit bar, Escape, leaving, the state saved under `draft-key`)
// is in the rest chunk (rest/edit-mode.ts, rest.ts), made the first time it is used once the
// chunk is in; from then on every call runs at once, as it always did. Before the chunk is in
// (docs/composer.md, "Edit and resend", "Before the rest chunk is in"):
// - `edit()` and `cancelEdit()` apply once it is, in the order they were made, and a send made
//   meanwhile waits for them (send.ts), so that it carries the edit it was made after.
// - `editing` and `editOf` describe the draft as it is: `null` until an edit has applied, so that
//   they, the edit bar and `value` change together.
// - What a person types meanwhile goes into the draft as it is; an edit that applies then keeps
//   that draft, typing and all, as the draft from before, which comes back when edit mode ends.
// - A key with an edit mode saved loads the chunk when the composer connects (`updateComplete`
//   waits for it); if it cannot be fetched, the next call or send tries again.
// - A new `draft-key` drops an `edit()` that still waits: it was made on the other key's draft.
import { nothing, type ReactiveController, type TemplateResult } from "lit";
import type { Composer } from "./composer.js";
import { isStored } from "./draft-storage.js";
import { checkMessage } from "./edit-message.js";
import type { ComposerRest } from "./rest.js";
import type { EditMode } from "./rest/edit-mode.js";

/** Edit modes live under `t3-composer:edit:<draft-key>`, beside the draft (rest/edit-storage.ts). */
export const EDIT_STORAGE_PREFIX = "t3-composer:edit:";

/** The message being edited, as `composer.editing` reports it. */
export interface ComposerEditing {
  /** The id the next send names in `editOf`. */
  messageId: string;
  /** The first words of the message, chips as their labels: what the edit bar shows. */
  preview: string;
}

export class Editing implements ReactiveController {
  readonly #composer: Composer;
  /** Edit mode (rest/edit-mode.ts), once the chunk is in and something used it. */
  #mode: EditMode | null = null;
  /** The `draft-key` whose saved edit mode goes on once the chunk is in. */
  #owed: string | null = null;
  /** The last call waiting for the chunk: `true` once it applied, `false` if the load failed. */
  #waiting: Promise<boolean> | null = null;
  /** Changes with a new `draft-key`: a call made on the other key's draft is dropped. */
  #generation = 0;
  readonly #onKeyDown = (event: KeyboardEvent) => this.#current()?.keyDown(event);

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The message being edited, or `null` (also while an `edit()` waits for the chunk). */
  get editing(): ComposerEditing | null {
    return this.#current()?.editing ?? null;
  }

  /** The `editOf` of the next send, or `null` outside edit mode (a send first waits: `waiting`). */
  get editOf(): string | null {
    return this.#current()?.editOf ?? null;
  }

  // Captured on the way down, before ProseMirror's keymap: its base keymap takes Escape itself
  // (it selects the parent node), which would leave a node selection in the restored draft.
  hostConnected(): void {
    this.#composer.host.addEventListener("keydown", this.#onKeyDown, { capture: true });
    this.#owe(this.#composer.host.draftKey); // after persistence.ts restored the draft
  }

  hostDisconnected(): void {
    this.#composer.host.removeEventListener("keydown", this.#onKeyDown, { capture: true });
  }

  /**
   * Loads `message` into the composer, replacing the draft (rest/edit-mode.ts). Throws for a
   * value that is not a message, while a send runs, and when the transport says the host takes
   * no edits.
   */
  edit(input: unknown): void {
    const message = checkMessage(input);
    const composer = this.#composer;
    if (composer.host.transport?.capabilities?.edit === false) {
      throw new Error(`edit: the transport says its host takes no edits (capabilities.edit is false); cannot edit ${message.id}`);
    }
    if (composer.sender.sending) throw new Error(`edit: a send is running; edit ${message.id} once it has finished`);
    this.#use((mode) => mode.edit(message));
  }

  /** Leaves edit mode, bringing back the draft from before; nothing outside it (nor anything to load). */
  cancel(): void {
    if (this.#mode === null && this.#waiting === null && this.#owed === null) return;
    // Applied later, it leaves the focus where the person has put it meanwhile.
    const now = this.#composer.rest.loaded !== undefined;
    this.#use((mode) => mode.cancel(now));
  }

  /** A send went out: `true` if it ended edit mode (the draft from before is back), else `false`. */
  finish(): boolean {
    return this.#current()?.finish() ?? false;
  }

  /** `draft-key` changed (after persistence.ts switched the draft): edit mode follows the key. */
  switchKey(previous: string | null, next: string | null): void {
    const loaded = this.#composer.rest.loaded;
    if (loaded) {
      this.#modeOf(loaded).switchKey(previous, next);
      return;
    }
    // Nothing is in edit mode yet. With no key before, an edit waiting becomes the new key's, as the draft does.
    if (previous !== null) this.#generation++;
    this.#owed = null;
    this.#owe(next);
  }

  /**
   * What a send waits for before it reads the draft: the calls waiting for the chunk (resolving
   * `false` if its load failed, already reported), or `null` when none waits. A saved edit mode
   * that could not go on for want of the chunk tries again.
   */
  waiting(): Promise<boolean> | null {
    if (this.#owed !== null && this.#waiting === null) this.#use(() => undefined);
    return this.#waiting;
  }

  /** The edit bar, or nothing outside edit mode. */
  render(): TemplateResult | typeof nothing {
    return this.#current()?.render() ?? nothing;
  }

  /** The edit mode saved under `key`, if any, goes on once the chunk is in (`#modeOf`). */
  #owe(key: string | null): void {
    // Once per key: a `draft-key` attribute switches the key before the composer connects, and
    // both ask; a second load would report a second `load-failed` for the same need.
    if (!isStored(EDIT_STORAGE_PREFIX, key) || (this.#owed === key && this.#waiting !== null)) return;
    this.#owed = key;
    this.#use(() => undefined);
  }

  /** Edit mode as it is now: one the chunk could not load in time goes on as soon as it is in. */
  #current(): EditMode | null {
    const loaded = this.#composer.rest.loaded;
    return loaded && this.#owed !== null ? this.#modeOf(loaded) : this.#mode;
  }

  #modeOf(loaded: ComposerRest): EditMode {
    const mode = (this.#mode ??= new loaded.EditMode(this.#composer));
    const owed = this.#owed;
    this.#owed = null;
    if (owed !== null && owed === this.#composer.host.draftKey) mode.adopt(owed);
    return mode;
  }

  /** Runs `apply` at once if the chunk is in, else once it is, after the calls made before it. */
  #use(apply: (mode: EditMode) => void): void {
    const { rest } = this.#composer;
    if (rest.loaded) {
      apply(this.#modeOf(rest.loaded));
      return;
    }
    const generation = this.#generation;
    const run = rest
      .run((loaded) => {
        const mode = this.#modeOf(loaded);
        if (generation === this.#generation) apply(mode);
        return true;
      })
      .then((applied) => applied === true);
    this.#waiting = run;
    void run.then(() => {
      if (this.#waiting === run) this.#waiting = null;
    });
  }
}
