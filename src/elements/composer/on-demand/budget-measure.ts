// The token budget, the part loaded on demand (docs/budget.md): measures what the draft would
// cost a model, once typing pauses, and owns the last measure, whether it is over the budget, and
// whether the built-in warning shows. The meter (budget-meter.ts) draws that state; chips read
// their share from it; a send asks it whether it may go. budget.ts, the part every composer has,
// loads it when a budget is set and hands everything here.
import { measureComposerContext, type ComposerContextMeasure } from "../../../codec/measure.js";
import { ComposerError } from "../../../transport/errors.js";
import { emit } from "../../events.js";
import { renderBudgetMeter, type BudgetView } from "./budget-meter.js";
import type { BudgetRole, ChipsRole, ComposerHost } from "../wiring.js";
import type { DraftChange } from "../draft.js";
import { draftOf } from "../draft-state.js";
import { sentContent, type MessageParts } from "../message.js";

/** What budget-measure.ts uses of its composer (wiring.ts). */
export interface BudgetMeasureParts extends MessageParts {
  readonly host: ComposerHost;
  readonly budget: BudgetRole;
  readonly chips: ChipsRole;
}

/**
 * How long the draft must stay unchanged before it is measured: a measure re-projects the whole
 * draft (a few milliseconds for a megabyte), which a keystroke should not pay for.
 */
const MEASURE_DELAY_MS = 250;

/**
 * A host's `estimateTokens`, remembered per string from one measure to the next: a tokenizer is
 * slow, and between two measures most parts (the entries of records that did not change) are the
 * same strings, counted once.
 */
class TokenMemo {
  #last = new Map<string, number>();
  #next = new Map<string, number>();
  estimate: ((text: string) => number) | undefined;

  readonly count = (text: string): number => {
    let tokens = this.#last.get(text) ?? this.#next.get(text);
    if (tokens === undefined) tokens = this.estimate!(text);
    this.#next.set(text, tokens);
    return tokens;
  };

  /** After a measure: only what it counted is remembered. */
  settle(): void {
    this.#last = this.#next;
    this.#next = new Map();
  }
}

export class BudgetMeasure {
  readonly #composer: BudgetMeasureParts;
  readonly #memo = new TokenMemo();
  #measure: ComposerContextMeasure | null = null;
  /** The budget the last measure's shares were drawn against. */
  #measuredLimit: number | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #over = false;
  /** Whether the built-in warning shows: a canceled `t3-budget` hides it until the next crossing. */
  #warn = true;
  /** What a refused send announced, until the draft changes. */
  #refused: string | null = null;

  constructor(composer: BudgetMeasureParts) {
    this.#composer = composer;
  }

  /** The budget in tokens (budget.ts says when there is one). */
  get limit(): number | null {
    return this.#composer.budget.limit;
  }

  /** The element left the page: no measure is due. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  draftChanged({ before, after }: DraftChange): void {
    if (before.doc === after.doc && draftOf(before) === draftOf(after)) return; // the selection moved
    this.#refused = null;
    this.#schedule(MEASURE_DELAY_MS);
  }

  /** `budget`, `budget-mode`, `estimateTokens` or the registry changed: measure again soon. */
  settingsChanged(): void {
    if (this.limit !== null) return this.#schedule(0);
    clearTimeout(this.#timer);
    this.#over = false;
    this.#warn = true;
    if (!this.#measure) return;
    this.#measure = null;
    this.#composer.chips.redrawAll(); // the shares go
  }

  #schedule(delay: number): void {
    if (this.limit === null || !this.#composer.host.isConnected) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.measureNow(), delay);
  }

  /** Measures the draft as a send would carry it, now; `null` without a budget. */
  measureNow(): ComposerContextMeasure | null {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const limit = this.limit;
    if (limit === null) return null;
    const { host } = this.#composer;
    this.#memo.estimate = host.estimateTokens;
    // Another budget changes every chip's percentage.
    const previous = limit === this.#measuredLimit ? this.#measure : null;
    this.#measuredLimit = limit;
    const measure = measureComposerContext(sentContent(this.#composer), {
      kinds: host.registry.definitions(),
      estimateTokens: host.estimateTokens ? this.#memo.count : undefined,
    });
    this.#memo.settle();
    this.#measure = measure;
    this.#redrawShares(previous, measure);
    const over = measure.tokens > limit;
    if (over !== this.#over) {
      this.#over = over;
      this.#warn = emit(host, "t3-budget", { tokens: measure.tokens, budget: limit, over, measure }, { cancelable: true });
    }
    host.requestUpdate();
    return measure;
  }

  /** The chips whose share changed are drawn again (all of them without a `previous` measure to compare). */
  #redrawShares(previous: ComposerContextMeasure | null, measure: ComposerContextMeasure): void {
    if (!previous) return this.#composer.chips.redrawAll();
    for (const [contextId, entry] of measure.entries) {
      if (previous.entries.get(contextId)?.tokens !== entry.tokens) this.#composer.chips.redraw(contextId);
    }
  }

  /**
   * With `budget-mode="block"`, the error a send over the budget is refused with (measured now,
   * so the figure is the draft's own); `null` when the send may go.
   */
  refusal(): ComposerError | null {
    const { host } = this.#composer;
    if (host.budgetMode !== "block") return null;
    const measure = this.measureNow();
    const limit = this.limit;
    if (!measure || limit === null || measure.tokens <= limit) return null;
    this.#refused = host.localizer.text("budgetRefused", { excess: measure.tokens - limit });
    host.requestUpdate();
    return new ComposerError("over-budget", `Over the token budget: ${measure.tokens} of ${limit}.`, {
      cause: { tokens: measure.tokens, budget: limit },
    });
  }

  /** A chip's share of the budget, as its tooltip and description say it; `undefined` before a measure. */
  share(contextId: string): string | undefined {
    const entry = this.#measure?.entries.get(contextId);
    const limit = this.limit;
    if (!entry || limit === null) return undefined;
    const strings = this.#composer.host.localizer;
    return strings.text("budgetChipShare", { tokens: entry.tokens, percent: strings.percent(entry.tokens / limit) });
  }

  /** Adds the chip's share to what its tooltip and description already say. */
  describeChip(dom: HTMLElement, contextId: string): void {
    const share = this.share(contextId);
    if (share === undefined) return;
    dom.title = dom.title ? `${dom.title}\n${share}` : share;
    const description = dom.getAttribute("aria-description");
    dom.setAttribute("aria-description", description ? `${description} ${share}` : share);
  }

  render(): ReturnType<typeof renderBudgetMeter> {
    const limit = this.limit;
    const view: BudgetView | null =
      limit === null
        ? null
        : { limit, tokens: this.#measure?.tokens ?? 0, warn: this.#warn, blocking: this.#composer.host.budgetMode === "block", refused: this.#refused };
    return renderBudgetMeter(view, this.#composer.host.localizer);
  }
}
