// The styles of the parts the on-demand chunk draws (parts.ts adds them to a composer's shadow
// root when it first uses the chunk, elements/adopt-styles.ts): the budget meter, the preview
// panel, the reveal menu.
import { css } from "lit";

export const partStyles = [
  css`
  /* The token budget meter (budget-meter.ts). */
  .budget {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    color: var(--_muted);
    font-size: 0.85em;
  }
  .budget meter {
    inline-size: 6em;
  }
  .budget[data-over] {
    color: var(--_danger);
  }
  /* The preview of what the model gets (preview-panel.ts, docs/preview-and-stale.md). */
  .preview {
    max-width: min(48em, 90vw);
    max-height: 80vh;
  }
  .preview pre {
    margin: 0 0 var(--_space);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font: 0.85em/1.4 var(--_mono);
  }
  /* The menu of a chip whose secrets were hidden (reveal-menu.ts). */
  .reveal {
    position: fixed;
    inset: auto;
    margin: 0;
  }
  `,
];
