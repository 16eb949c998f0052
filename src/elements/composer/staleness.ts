// Stale context (docs/preview-and-stale.md): the host's `validateContext` hook says whether a
// record is still current, when its chip joins the draft, when the draft is restored and just
// before a send. A stale chip shows a badge and refreshes when activated (`t3-context-refresh`);
// a gone chip shows as unavailable, and a send asks whether to remove or keep it. This is the part
// every composer has: it loads the checks (on-demand/stale-check.ts, which owns the verdicts and
// the question) the first time the draft changes while a hook is set, and hands them everything.
import { nothing, type TemplateResult } from "lit";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import type { StaleCheck } from "./on-demand/stale-check.js";
import { withComposerParts } from "./parts.js";

/** What `validateContext` says of a record. */
export type ContextStatus = "current" | "stale" | "gone";

/** The host's hook: whether `record` is still what it was when it joined the draft. */
export type ContextValidator = (record: ComposerContextRecord) => ContextStatus | Promise<ContextStatus>;

/** What a send carries besides its message: the context it sends although it changed or is gone. */
export interface SendContextCheck {
  readonly stale: ComposerContextRecord[];
  readonly gone: ComposerContextRecord[];
}

/** What a send carries when no context changed, or nothing could tell. */
const nothingChanged = (): SendContextCheck => ({ stale: [], gone: [] });

export class Staleness implements DraftObserver {
  readonly #composer: Composer;
  #check: StaleCheck | null = null;
  #loading: Promise<StaleCheck | undefined> | null = null;
  /** The changes made while the checks load: they hear them once they are in, in order. */
  #missed: DraftChange[] = [];
  /** Whether the last load failed. */
  #failed = false;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /**
   * The checks, loaded once; `undefined` when the chunk failed to load (reported as `t3-error`).
   * After a failure, changes no longer ask for it (one report, not one per keystroke); the next
   * send does.
   */
  #load(): Promise<StaleCheck | undefined> {
    const composer = this.#composer;
    this.#loading ??= withComposerParts(composer.loads, composer.host.shadowRoot, (parts) => {
      const check = (this.#check ??= new parts.StaleCheck(composer));
      for (const change of this.#missed.splice(0)) check.draftChanged(change);
      return check;
    });
    void this.#loading.then((check) => {
      this.#failed = !check;
      if (!check) this.#missed = [];
    });
    return this.#loading;
  }

  /** The last verdict on `record`; `current` until the hook said otherwise. */
  status(record: ComposerContextRecord | undefined): ContextStatus {
    return this.#check?.status(record) ?? "current";
  }

  /** A record that joined (or a draft that was restored, `tr === null`) is asked about once. */
  draftChanged(change: DraftChange): void {
    if (!this.#composer.host.validateContext) return;
    if (this.#check) return this.#check.draftChanged(change);
    if (this.#failed) return;
    this.#missed.push(change);
    void this.#load();
  }

  /**
   * Just before a send: the checks of on-demand/stale-check.ts. `null`: do not send. Without a
   * hook, or when the checks cannot load, the context goes as it is.
   */
  async beforeSend(): Promise<SendContextCheck | null> {
    if (!this.#composer.host.validateContext) return nothingChanged();
    if (this.#failed) this.#loading = null; // a failed load is tried again
    const check = this.#check ?? (await this.#load());
    return check ? check.beforeSend() : nothingChanged();
  }

  /** Asks the host for a new version of the stale record of `contextId` (`t3-context-refresh`). */
  refresh(contextId: string): void {
    this.#check?.refresh(contextId);
  }

  /** Adds the badge, the part and the name's detail of a stale or gone chip, after the registry drew it. */
  decorate(dom: HTMLElement, record: ComposerContextRecord | undefined): void {
    if (this.#check) this.#check.decorate(dom, record);
    else dom.removeAttribute("data-context-status");
  }

  /** The question a send asks about gone context. */
  renderConfirm(): TemplateResult | typeof nothing {
    return this.#check?.renderConfirm() ?? nothing;
  }

  /** After a render: shows the question's dialog. */
  sync(dialog: HTMLDialogElement | null): void {
    this.#check?.sync(dialog);
  }
}
