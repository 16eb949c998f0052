// The budget meter (docs/budget.md, "The meter"): the draft's estimated tokens against the
// budget, as a native `<meter>` with a name, its figures as text, and a live status that says
// when the draft is over the budget or a send was refused. It draws what `BudgetMeasure` owns (budget-measure.ts).
import { html, nothing, type TemplateResult } from "lit";
import type { Localizer } from "../../../l10n/localizer.js";

/**
 * Where the meter turns to its warning colour, as a fraction of the budget. The browser colours
 * a `<meter>` by `high` and `optimum`; past `max` it shows full and the text says by how much.
 */
const HIGH_FRACTION = 0.9;

/** What the meter shows. */
export interface BudgetView {
  limit: number;
  tokens: number;
  /** Whether the built-in warning text shows (a canceled `t3-budget` hides it). */
  warn: boolean;
  /** `budget-mode="block"`. */
  blocking: boolean;
  /** The announcement of a refused send, until the draft changes. */
  refused: string | null;
}

function statusText(view: BudgetView, strings: Localizer): string {
  if (view.refused) return view.refused;
  const excess = view.tokens - view.limit;
  if (excess <= 0 || !view.warn) return "";
  return strings.text(view.blocking ? "budgetOverBlocking" : "budgetOver", { excess });
}

/** The meter, or nothing without a budget. */
export function renderBudgetMeter(view: BudgetView | null, strings: Localizer): TemplateResult | typeof nothing {
  if (!view) return nothing;
  const over = view.tokens > view.limit;
  const figures = strings.text("budgetValue", { tokens: view.tokens, budget: view.limit });
  const status = statusText(view, strings);
  // One line: lit keeps a template's whitespace, and the drop-in's size is budgeted.
  return html`<div part=${over ? "budget budget-over" : "budget"} class="budget" ?data-over=${over}><meter aria-label=${strings.text("budgetLabel")} aria-valuetext=${status ? `${figures}. ${status}` : figures} min="0" max=${view.limit} high=${view.limit * HIGH_FRACTION} optimum="0" .value=${view.tokens}></meter><span class="budget-figures" aria-hidden="true">${figures}</span><span class="budget-status" aria-live="polite">${status}</span></div>`;
}
