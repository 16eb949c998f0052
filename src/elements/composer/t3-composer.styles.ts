import { css } from "lit";

/** The composer's own look; chips come from `chipStyles`, tokens from `themeStyles`. */
export const composerStyles = css`
  :host {
    display: block;
    --_editor-min-height: var(--t3-composer-min-height, 2.6em);
    --_editor-max-height: var(--t3-composer-max-height, 16em);
  }
  :host([hidden]) {
    display: none;
  }
  /* The frame stacks its rows as blocks, each after the header spaced from the one above as a
     flex gap would space them. As a flex column it cost Firefox a second layout of the editor's
     lines on every keystroke: a column sizes an item whose height is its content's by laying that
     content out first (docs/performance.md, "Engines"). The spacing rule names no structural
     pseudo-class such as :first-child: matched against every element, that would mark each line
     to restyle its chips whenever its text changed, and Firefox then reloads their icons. */
  .frame {
    display: block;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
  }
  .frame > :not([part="header"]) {
    margin-top: calc(var(--_space) / 2);
  }
  .frame:focus-within {
    border-color: var(--_focus);
    box-shadow: 0 0 0 1px var(--_focus);
  }
  .frame.dragging {
    border-style: dashed;
    border-color: var(--_accent);
  }
  :host([disabled]) .frame {
    opacity: 0.6;
  }
  .editor {
    min-height: var(--_editor-min-height);
    max-height: var(--_editor-max-height);
    overflow-y: auto;
    outline: none;
    line-height: 1.5;
    caret-color: var(--_fg);
  }
  .editor p {
    margin: 0;
  }
  /* Off-screen line groups skip style and layout, so a keystroke in a long draft lays out
     one line group, not the whole draft (editor/line-groups.ts); editor/near-caret.ts keeps the
     line groups around the caret drawn, since the caret cannot move into a skipped one. Until a
     line group is drawn once, it is taken for 64 lines of one line each. */
  .editor > .t3-lines:not(.t3-near) {
    content-visibility: auto;
    contain-intrinsic-size: auto 96em;
  }
  /* The empty alternative text keeps the placeholder out of the accessibility tree, where it
     would read as typed text; the editor's aria-placeholder says it instead. */
  .editor .t3-placeholder::before {
    content: attr(data-placeholder) / "";
    color: var(--_muted);
    pointer-events: none;
    position: absolute;
  }
  /* The toolbar and actions rows wrap on a narrow screen (a phone) rather than squeeze their
     slotted controls into tall, thin columns or run past the frame. */
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
  }
  .retrying {
    color: var(--t3-muted);
    font-size: 0.875em;
  }
  .bar .spacer {
    flex: 1;
  }
  .shelf {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .thumbnail {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    width: var(--t3-thumbnail-size, 4em);
    height: var(--t3-thumbnail-size, 4em);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    overflow: hidden;
    font-size: 0.75em;
  }
  .thumbnail[data-status="failed"] {
    border-color: var(--_danger);
  }
  .thumbnail img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .thumbnail-name {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    padding: 0 0.3em;
    color: var(--_muted);
  }
  .thumbnail progress {
    position: absolute;
    inset: auto 0.3em 0.3em;
    width: calc(100% - 0.6em);
    height: 0.4em;
  }
  /* At least 24 CSS px square: the smallest target WCAG 2.5.8 allows. */
  .thumbnail button {
    position: absolute;
    top: 0.2em;
    width: max(1.6em, 24px);
    height: max(1.6em, 24px);
    padding: 0;
    border: none;
    border-radius: 50%;
    background: color-mix(in srgb, var(--_bg) 85%, transparent);
    color: var(--_fg);
    font: inherit;
    font-size: 1em;
    line-height: 1;
    cursor: pointer;
  }
  .thumbnail-remove {
    right: 0.2em;
  }
  .thumbnail-retry {
    left: 0.2em;
    color: var(--_danger);
  }
  .confirm {
    max-width: 24em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font-family: var(--_font);
  }
  .confirm::backdrop {
    background: rgb(0 0 0 / 0.3);
  }
  .confirm-buttons {
    display: flex;
    justify-content: flex-end;
    gap: var(--_space);
  }
  .t3-chip-badge {
    margin-left: 0.3em;
    padding: 0 0.3em;
    border-radius: var(--_radius);
    background: var(--_danger);
    color: var(--_bg);
    font-size: 0.75em;
  }
  .t3-chip[data-context-status="gone"] {
    border-style: dashed;
    color: var(--_muted);
  }
`;
