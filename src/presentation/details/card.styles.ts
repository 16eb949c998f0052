import { css } from "lit";

/**
 * The look of the details cards of popovers and hover cards (in the overlays chunk with them:
 * elements/chunks.ts).
 */
export const detailsCardStyles = css`
  .t3-details {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    min-width: 0;
    font-size: 0.875rem;
    line-height: 1.45;
  }
  .t3-details-title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .t3-details-subtitle,
  .t3-details-meta,
  .t3-details-heading,
  .t3-details-fields dt {
    color: var(--_muted);
  }
  .t3-details-heading {
    font-size: 0.8em;
    margin-bottom: 0.25em;
  }
  .t3-details-meta {
    display: flex;
    gap: 0.5em;
  }
  .t3-details-state[data-tone] {
    color: var(--_tone);
    font-weight: 600;
  }
  .t3-details-state[data-tone="open"] { --_tone: var(--_tone-open); }
  .t3-details-state[data-tone="draft"] { --_tone: var(--_tone-draft); }
  .t3-details-state[data-tone="merged"] { --_tone: var(--_tone-merged); }
  .t3-details-state[data-tone="closed"] { --_tone: var(--_tone-closed); }
  .t3-details-fields {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.2em 0.75em;
    margin: 0;
  }
  .t3-details-fields dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .t3-details-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .t3-details-url {
    overflow-wrap: anywhere;
    color: var(--_accent);
  }
  .t3-details-code {
    margin: 0;
    padding: 0.5em 0.75em;
    max-height: 16em;
    overflow: auto;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    font-family: var(--_mono);
    font-size: 0.8rem;
    line-height: 1.5;
    white-space: pre;
  }
  .t3-line::before {
    content: attr(data-line);
    display: inline-block;
    min-width: 3ch;
    margin-right: 1.5ch;
    text-align: right;
    color: var(--_muted);
    user-select: none;
  }
  .t3-details-diff .t3-line::before {
    content: none;
  }
  .t3-diff-add { color: var(--_tone-open); }
  .t3-diff-del { color: var(--_danger); }
  .t3-diff-hunk { color: var(--_muted); }
  .t3-details-list {
    margin: 0;
    padding-left: 1.25em;
    font-family: var(--_mono);
    font-size: 0.8rem;
  }
  .t3-details-empty {
    color: var(--_muted);
    font-style: italic;
  }
  img.t3-details-screenshot {
    display: block;
    max-width: 100%;
    max-height: 14em;
    border-radius: calc(var(--_radius) * 0.75);
    border: 1px solid var(--_border);
  }
`;
