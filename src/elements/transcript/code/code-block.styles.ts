import { css } from "lit";

/**
 * Code blocks: the frame, the header and the plain code. The highlighting theme comes with the
 * chunk that draws highlighted code (code-theme.styles.ts).
 */
export const codeBlockStyles = css`
  .markdown .code-block {
    margin: 0 0 0.75em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    overflow: hidden;
  }
  .markdown .code-block:last-child {
    margin-bottom: 0;
  }
  .code-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    padding: 0.2em 0.4em 0.2em 1em;
    border-bottom: 1px solid var(--_border);
    font-size: 0.8em;
    color: var(--_muted);
    user-select: none;
  }
  .code-language {
    font-family: var(--_mono);
  }
  .code-copy {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 24px;
    min-height: 24px;
    padding: 2px;
    border: 0;
    border-radius: 4px;
    background: none;
    color: inherit;
    cursor: pointer;
  }
  .code-copy:hover {
    color: var(--_fg);
  }
  .code-copy:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .code-copy[data-copy-state="copied"] {
    color: var(--_tone-open);
  }
  .markdown .code-block pre {
    margin: 0;
    border: 0;
    border-radius: 0;
  }
`;
