// The composer's chunk of parts loaded on demand (parts.ts says when): what only some drafts
// need. Everything it holds is reached through this module, and only through a dynamic import.
export { StaleCheck } from "./stale-check.js";
export { PreviewView, projectDraft } from "./preview-panel.js";
export { openRevealMenu } from "./reveal-menu.js";
export { BudgetMeasure } from "./budget-measure.js";
export { partStyles } from "./parts.styles.js";
