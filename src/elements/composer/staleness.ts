// Stale context (docs/preview-and-stale.md): the host's `validateContext` hook says whether a
// record is still current, when its chip joins the draft, when the draft is restored and just
// before a send. A stale chip shows a badge and refreshes when activated (`t3-context-refresh`);
// a gone chip shows as unavailable, and a send asks whether to remove or keep it. This is the part
// every composer has: it loads the checks (on-demand/stale-check.ts, which owns the verdicts and
// the question) the first time the draft changes while a hook is set, and hands them everything.
// Nothing shows while they load (no chip is checked yet, and a status at every first keystroke
// would be noise); a failed load shows an alert with Try again (view-status.ts).
import { nothing, type TemplateResult } from "lit";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { ComposerHost } from "./wiring.js";
import type { ChunkLoads } from "../chunks.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import type { StaleCheck, StaleCheckParts } from "./on-demand/stale-check.js";
import type { ContextStatus, SendContextCheck } from "./types.js";
import { withComposerParts } from "./parts.js";
import { renderViewStatus } from "../view-status.js";

/** What staleness.ts uses of its composer (wiring.ts). */
export interface StalenessParts extends StaleCheckParts {
  readonly host: ComposerHost;
  readonly loads: ChunkLoads;
}

/** What a send carries when no context changed, or nothing could tell. */
const nothingChanged = (): SendContextCheck => ({ stale: [], gone: [] });

export class Staleness implements DraftObserver {
  readonly #composer: StalenessParts;
  #check: StaleCheck | null = null;
  #loading: Promise<StaleCheck | undefined> | null = null;
  /** The changes made while the checks load: they hear them once they are in, in order. */
  #missed: DraftChange[] = [];
  /** Whether the last load failed. */
  #failed = false;

  constructor(composer: StalenessParts) {
    this.#composer = composer;
  }

  /**
   * The checks, loaded once; `undefined` when the chunk failed to load (reported as `t3-error`).
   * After a failure, changes no longer ask for it (one report, not one per keystroke); the next
   * send does.
   */
  #load(): Promise<StaleCheck | undefined> {
    const composer = this.#composer;
    this.#loading ??= withComposerParts(
      composer.loads,
      composer.host.shadowRoot,
      (parts) => {
        const check = (this.#check ??= new parts.StaleCheck(composer));
        for (const change of this.#missed.splice(0)) check.draftChanged(change);
        this.#failed = false;
        return check;
      },
      () => {
        this.#failed = true;
        this.#missed = [];
        composer.host.requestUpdate(); // the alert shows
      },
    );
    return this.#loading;
  }

  /** Try again: loads the checks, then asks about every record of the draft, as for a restored one. */
  #retry(): void {
    this.#loading = null;
    this.#failed = false;
    this.#composer.host.requestUpdate();
    const { state } = this.#composer.model;
    void this.#load().then((check) => check?.draftChanged({ before: state, after: this.#composer.model.state, tr: null }));
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

  /** The question a send asks about gone context, or the alert of checks that could not be loaded. */
  renderConfirm(): TemplateResult | typeof nothing {
    if (this.#check) return this.#check.renderConfirm();
    if (!this.#failed || !this.#composer.host.validateContext) return nothing;
    return renderViewStatus(this.#composer.host.localizer, "stale", "failed", { retry: () => this.#retry() });
  }

  /** After a render: shows the question's dialog. */
  sync(dialog: HTMLDialogElement | null): void {
    this.#check?.sync(dialog);
  }
}
