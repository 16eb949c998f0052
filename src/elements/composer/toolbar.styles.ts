import { css } from "lit";

/** The toolbar's buttons, the error notice and dictation's pending run, themed by the tokens of `themeStyles`. */
export const toolbarStyles = css`
  /* At least 24 CSS px square (WCAG 2.5.8); 2em at the default size. */
  .tool {
    display: inline-grid;
    place-items: center;
    min-width: max(2em, 24px);
    min-height: max(2em, 24px);
    padding: 0;
    border: 1px solid transparent;
    border-radius: var(--_radius);
    background: transparent;
    color: var(--_fg);
    font: inherit;
    cursor: pointer;
  }
  .tool:hover:not(:disabled) {
    background: var(--_surface);
  }
  .tool:focus-visible,
  .error button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .tool:disabled {
    cursor: default;
    opacity: 0.45;
  }
  .tool[aria-pressed="true"] {
    border-color: var(--_danger);
    color: var(--_danger);
  }
  .tool.send:not(:disabled) {
    background: var(--_accent);
    color: var(--_bg);
  }
  .tool.send:hover:not(:disabled) {
    background: color-mix(in srgb, var(--_accent) 85%, var(--_fg));
  }
  .error {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    padding: calc(var(--_space) / 2) var(--_space);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    color: var(--_fg);
    background: color-mix(in srgb, var(--_danger) 10%, var(--_bg));
  }
  .error-text {
    flex: 1;
  }
  .error button {
    min-height: 24px;
    min-width: 24px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    cursor: pointer;
  }
  .t3-interim {
    color: var(--_muted);
    text-decoration: underline dotted;
  }
`;
