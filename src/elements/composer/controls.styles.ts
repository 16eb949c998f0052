// The styles of the composer's controls beside the editor: the queue's list, the edit bar, the
// suggestion list, and the status of a view that is not in yet (view-status.ts).
import { css } from "lit";
import { viewStatusStyles } from "../view-status.js";

/** The list of queued follow-ups (queue-list.ts): above the editor, one row per message. */
const queueStyles = css`
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

/** The edit bar (editing.ts) and the suggestion list (suggestion-list.ts). */
const barAndListStyles = css`
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
  /* The typed query (the trigger's decoration: src/editor/trigger.ts) is the list's anchor. */
  .t3-trigger {
    anchor-name: --t3-trigger;
  }
  /* Above the trigger, so it never covers the actions row (the Send button) under the editor;
     below it when there is no room; toward the inline end of the host's text: to the right in
     left-to-right text, to the left in right-to-left text. Physical keywords chosen by the
     host's direction, because engines resolve the logical ones against different writing modes
     in the top layer: Firefox placed a right-to-left list by span-self-inline-end out of the
     composer. */
  .suggestions {
    position-anchor: --t3-trigger;
    position-area: top span-right;
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
  /* In right-to-left text, its right edge on the trigger's and its bottom on the trigger's top,
     by anchor() insets: Firefox puts a right-to-left box at the far (left) edge of a
     "top span-left" area, the viewport's. */
  :host(:dir(rtl)) .suggestions {
    position-area: none;
    right: anchor(right);
    bottom: anchor(top);
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
`;

export const controlStyles = [queueStyles, barAndListStyles, viewStatusStyles];
