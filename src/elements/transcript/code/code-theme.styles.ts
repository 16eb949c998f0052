import { css } from "lit";

/**
 * The highlighting theme, in the chunk that draws highlighted code (lines.ts), which adds it to the
 * transcript's shadow root before its first spans: no first load holds it. Each scope's colour
 * reads a public `--t3-code-*` property with a light and a dark default; every default is at least
 * 4.5:1 against the block's background (`--t3-surface`'s defaults), which
 * test/elements/transcript/code-blocks.test.ts checks in both schemes.
 */
export const codeThemeStyles = css`
  :host {
    --_code-keyword: var(--t3-code-keyword, #cf222e);
    --_code-string: var(--t3-code-string, #0a3069);
    --_code-comment: var(--t3-code-comment, #57606a);
    --_code-number: var(--t3-code-number, #0550ae);
    --_code-title: var(--t3-code-title, #6639ba);
    --_code-type: var(--t3-code-type, #953800);
    --_code-meta: var(--t3-code-meta, #116329);
    --_code-addition: var(--t3-code-addition, #116329);
    --_code-deletion: var(--t3-code-deletion, #82071e);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_code-keyword: var(--t3-code-keyword, #ff7b72);
      --_code-string: var(--t3-code-string, #a5d6ff);
      --_code-comment: var(--t3-code-comment, #9198a1);
      --_code-number: var(--t3-code-number, #79c0ff);
      --_code-title: var(--t3-code-title, #d2a8ff);
      --_code-type: var(--t3-code-type, #ffa657);
      --_code-meta: var(--t3-code-meta, #7ee787);
      --_code-addition: var(--t3-code-addition, #aff5b4);
      --_code-deletion: var(--t3-code-deletion, #ffdcd7);
    }
  }
  /* Each line is a block of its own: when a streamed fence grows, the browser lays out again only
     the lines that changed, not the whole block. */
  .code-block .line { display: block; }
  .tok-keyword { color: var(--_code-keyword); }
  .tok-string { color: var(--_code-string); }
  .tok-comment { color: var(--_code-comment); font-style: italic; }
  .tok-number { color: var(--_code-number); }
  .tok-title { color: var(--_code-title); }
  .tok-type { color: var(--_code-type); }
  .tok-meta { color: var(--_code-meta); }
  .tok-addition { color: var(--_code-addition); }
  .tok-deletion { color: var(--_code-deletion); }
  @media (forced-colors: active) {
    [class^="tok-"] { color: CanvasText; background: none; }
  }
`;
