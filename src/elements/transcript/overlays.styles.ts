// The look of the transcript's overlays (details popover, hover card, media modal), in the overlays
// chunk with them (chunks.ts): adopted into the transcript's shadow root when they are made
// (overlays.ts).
import { css } from "lit";

/** The popover and the hover card, anchored to their chip; the modal and its bar. */
export const overlayStyles = css`
  .popover,
  .hover-card {
    /* The UA centres popovers with inset: 0 and margin: auto; anchor them instead: under the
       chip from its start edge, else ending at its end edge, else above it. A definite width
       makes a too-wide box overflow (and so try the next position) instead of shrinking. */
    inset: auto;
    margin: 4px 0;
    position-area: block-end span-inline-end;
    position-try-fallbacks: flip-inline, flip-block, flip-block flip-inline;
    width: max-content;
    box-sizing: border-box;
    max-width: min(36rem, calc(100vw - 16px));
    max-height: min(28rem, 70vh);
    overflow: auto;
    padding: calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font-family: var(--_font);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.18);
  }
  .popover {
    position-anchor: --t3-details-anchor;
  }
  .popover:focus-visible {
    outline: 2px solid var(--_focus);
  }
  .hover-card-text {
    margin: 0;
  }
  .hover-card {
    position-anchor: --t3-hover-anchor;
    max-width: min(24rem, calc(100vw - 16px));
  }
  .modal {
    box-sizing: border-box;
    width: min(90vw, 72rem);
    height: min(90vh, 56rem);
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font-family: var(--_font);
  }
  .modal[open] {
    display: flex;
    flex-direction: column;
  }
  .modal::backdrop {
    background: rgb(0 0 0 / 0.6);
  }
  .modal .stage {
    flex: 1;
    min-height: 0;
    display: grid;
    place-items: center;
    padding: var(--_space);
  }
  .modal .stage > * {
    max-width: 100%;
    max-height: 100%;
  }
  .modal .bar {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-top: 1px solid var(--_border);
  }
  .modal .caption {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .modal .counter {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .modal button {
    min-width: 2em;
    padding: 0.2em 0.5em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;
