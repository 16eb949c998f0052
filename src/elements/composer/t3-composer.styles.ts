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
  .frame {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
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
  /* Off-screen chunks of lines skip style and layout, so a keystroke in a long draft lays out
     one chunk, not the whole draft (editor/chunks.ts); editor/near-caret.ts keeps the chunks
     around the caret drawn, since the caret cannot move into a skipped one. Until a chunk is
     drawn once, it is taken for 64 lines of one line each. */
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
  .t3-trigger {
    anchor-name: --t3-trigger;
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
  /* The edit bar (editing.ts): the message's first words, then Cancel. */
  .editing {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) / 2) var(--_space);
    border-inline-start: 3px solid var(--_accent);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
    font-size: 0.875em;
  }
  .editing-text {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .editing-cancel {
    min-width: 24px;
    min-height: 24px;
    font: inherit;
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
  /* Above the trigger, so it never covers the actions row (the Send button) under the editor;
     below it when there is no room. The self- keywords take the list's own direction (the
     host's), not the top layer's: in right-to-left text the list opens to the left. */
  .suggestions {
    position-anchor: --t3-trigger;
    position-area: self-block-start span-self-inline-end;
    position-try-fallbacks: flip-block, flip-inline;
    inset: auto;
    margin: 0.25em 0;
    min-width: 12em;
    max-width: 28em;
    max-height: 16em;
    overflow-y: auto;
    padding: 0.25em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font-family: var(--_font);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.16);
  }
  /* The active option has a bar at its inline start in the text colour (far above 3:1 against
     the list, unlike the tint alone) and an outline; in forced colors it takes the system
     highlight. */
  [role="option"] {
    display: flex;
    flex-direction: column;
    padding: 0.3em 0.5em;
    border-inline-start: 3px solid transparent;
    border-radius: calc(var(--_radius) * 0.75);
    cursor: pointer;
  }
  [role="option"][aria-selected="true"] {
    background: var(--_chip-bg);
    border-inline-start-color: var(--_fg);
    outline: 1px solid var(--_fg);
    outline-offset: -1px;
  }
  .suggestion-label {
    unicode-bidi: isolate;
  }
  @media (forced-colors: active) {
    [role="option"] {
      forced-color-adjust: none;
      background: Canvas;
      color: CanvasText;
      border-inline-start-color: Canvas;
    }
    [role="option"][aria-selected="true"] {
      background: Highlight;
      color: HighlightText;
      border-inline-start-color: HighlightText;
      outline-color: HighlightText;
    }
    [role="option"] .suggestion-detail {
      color: inherit;
    }
  }
  .suggestion-detail {
    color: var(--_muted);
    font-size: 0.85em;
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
  /* The preview of what the model gets, and stale context (docs/preview-and-stale.md). */
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
