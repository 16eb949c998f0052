import { css } from "lit";

/**
 * prosemirror-view's own stylesheet (`prosemirror-view/style/prosemirror.css`, the rules a
 * plain-text editor uses), inside the shadow root: a document stylesheet cannot reach it, and
 * without `white-space: break-spaces` ProseMirror warns and spaces collapse.
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
  .ProseMirror-hideselection {
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
