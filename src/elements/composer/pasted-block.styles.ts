import { css } from "lit";

/**
 * A pasted block's card (pasted-block.ts): a chip-like box on the line, holding what the paste
 * brought and its two buttons. It wraps as a whole on a narrow composer.
 */
export const pastedBlockStyles = css`
  .pasted {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
    max-width: 100%;
    margin: 0 0.05em;
    padding: 0.1em 0.45em;
    border: 1px dashed var(--_chip-border);
    border-radius: var(--_chip-radius);
    background: var(--_chip-bg);
    color: var(--_chip-fg);
    font-size: 0.9em;
    vertical-align: baseline;
    white-space: normal;
    box-sizing: border-box;
    user-select: none;
  }
  .pasted.ProseMirror-selectednode {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .pasted-summary {
    font-variant-numeric: tabular-nums;
  }
  .pasted button {
    min-height: 24px;
    font: inherit;
    cursor: pointer;
  }
  .pasted button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
`;
