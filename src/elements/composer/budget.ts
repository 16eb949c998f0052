// The token budget (docs/budget.md): with a `budget`, the draft's estimated tokens against it in a
// meter, each chip's share, and with `budget-mode="block"` a refused send. This is the part every
// composer has: the measure and the meter are loaded on demand (on-demand/budget-measure.ts, which
// owns the last measure and what the meter shows), when a budget is first set, and it hands
// everything there.
import { nothing, type ReactiveController, type TemplateResult } from "lit";
import type { ComposerError } from "../../transport/errors.js";
import type { Composer } from "./composer.js";
import type { DraftChange, DraftObserver } from "./draft.js";
import type { BudgetMeasure } from "./on-demand/budget-measure.js";
import { withComposerParts } from "./parts.js";

export class Budget implements ReactiveController, DraftObserver {
  readonly #composer: Composer;
  #measure: BudgetMeasure | null = null;
  #loading: Promise<BudgetMeasure | undefined> | null = null;

  constructor(composer: Composer) {
    this.#composer = composer;
  }

  /** The budget in tokens, or `null` when there is none (no attribute, or not a positive number). */
  get limit(): number | null {
    const { budget } = this.#composer.host;
    return typeof budget === "number" && Number.isFinite(budget) && budget > 0 ? budget : null;
  }

  /** The measure and the meter, loaded once (again after a failure, the next time they are needed). */
  #load(): Promise<BudgetMeasure | undefined> {
    const composer = this.#composer;
    this.#loading ??= withComposerParts(composer.loads, composer.host.shadowRoot, (parts) => {
      this.#measure ??= new parts.BudgetMeasure(composer);
      this.#measure.settingsChanged();
      composer.host.requestUpdate(); // the meter shows
      return this.#measure;
    });
    void this.#loading.then((measure) => measure ?? (this.#loading = null));
    return this.#loading;
  }

  hostConnected(): void {
    this.settingsChanged();
  }

  hostDisconnected(): void {
    this.#measure?.stop();
  }

  draftChanged(change: DraftChange): void {
    this.#measure?.draftChanged(change);
  }

  /** `budget`, `budget-mode`, `estimateTokens` or the registry changed: measure again soon. */
  settingsChanged(): void {
    if (this.#measure) this.#measure.settingsChanged();
    else if (this.limit !== null && this.#composer.host.isConnected) void this.#load();
  }

  /**
   * With `budget-mode="block"`, the error a send over the budget is refused with (measured now,
   * so the figure is the draft's own); `null` when the send may go, or when the measure cannot load.
   */
  async refusal(): Promise<ComposerError | null> {
    if (this.#composer.host.budgetMode !== "block" || this.limit === null) return null;
    const measure = this.#measure ?? (await this.#load());
    return measure?.refusal() ?? null;
  }

  /** Adds the chip's share to what its tooltip and description already say. */
  describeChip(dom: HTMLElement, contextId: string): void {
    this.#measure?.describeChip(dom, contextId);
  }

  /** The meter, or nothing without a budget. */
  render(): TemplateResult | typeof nothing {
    return this.#measure?.render() ?? nothing;
  }
}
