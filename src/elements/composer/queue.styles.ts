import { css } from "lit";

/** The list of queued follow-ups (queue-view.ts): above the editor, one row per message. */
export const queueStyles = css`
  .queue {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .queue > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
    padding: calc(var(--_space) / 2);
    border: 1px dashed var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
  }
  .queue > li[part~="queued-failed"] {
    border-color: var(--_danger);
    border-style: solid;
  }
  .queued-text {
    flex: 1 1 12em;
    min-width: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .queued-status {
    color: var(--_muted);
    font-size: 0.85em;
  }
  li[part~="queued-failed"] .queued-status {
    color: var(--_danger);
  }
  .queued-actions {
    display: flex;
    gap: calc(var(--_space) / 4);
  }
  /* At least 24 CSS px high: the smallest target WCAG 2.5.8 allows. */
  .queued-actions button {
    min-height: 24px;
    font: inherit;
    font-size: 0.85em;
    cursor: pointer;
  }
`;
