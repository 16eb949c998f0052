import { css } from "lit";

/**
 * prosemirror-view's own stylesheet (`prosemirror-view/style/prosemirror.css`, the rules a
 * plain-text editor uses), inside the shadow root: a document stylesheet cannot reach it, and
 * without `white-space: break-spaces` ProseMirror warns and spaces collapse. Left out: the `pre`
 * and `li` rules (the schema has neither), `::-moz-selection` (Firefox has `::selection`), and
 * the generic `.ProseMirror-selectednode` outline (chips draw their own in chip.styles.ts, and
 * nothing here node-selects a line or a chunk).
 */
export const proseMirrorStyles = css`
  .ProseMirror {
    position: relative;
    word-wrap: break-word;
    white-space: pre-wrap;
    white-space: break-spaces;
    font-variant-ligatures: none;
    font-feature-settings: "liga" 0;
  }
  .ProseMirror-hideselection *::selection {
    background: transparent;
  }
  /* Doubled class: upstream's single class loses to the composer's later ".editor { caret-color }"
     (same specificity), and the caret would show while a chip is node-selected. */
  .ProseMirror.ProseMirror-hideselection {
    caret-color: transparent;
  }
  .ProseMirror [draggable][contenteditable="false"] {
    user-select: text;
  }
  img.ProseMirror-separator {
    display: inline !important;
    border: none !important;
    margin: 0 !important;
  }
`;
