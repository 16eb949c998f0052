import { css, unsafeCSS } from "lit";
import { iconRules } from "./icons.js";

/** The look of chips in both elements. */
export const chipStyles = [
  css`
    .t3-chip {
      display: inline-flex;
      align-items: center;
      gap: 0.3em;
      max-width: min(100%, 28em);
      margin: 0 0.05em;
      padding: 0 0.45em;
      border: 1px solid var(--_chip-border);
      border-radius: var(--_chip-radius);
      background: var(--_chip-bg);
      color: var(--_chip-fg);
      font: inherit;
      font-size: 0.9em;
      line-height: 1.55;
      vertical-align: baseline;
      white-space: nowrap;
      cursor: default;
      box-sizing: border-box;
    }
    .t3-chip:focus-visible,
    .t3-chip.ProseMirror-selectednode {
      outline: 2px solid var(--_focus);
      outline-offset: 1px;
    }
    .t3-chip-label {
      unicode-bidi: isolate;
      overflow: hidden;
      text-overflow: ellipsis;
      min-width: 0;
    }
    .t3-chip-suffix {
      color: var(--_muted);
      font-variant-numeric: tabular-nums;
    }
    .t3-chip-icon {
      flex: none;
      width: 1em;
      height: 1em;
      background: currentColor;
      -webkit-mask: var(--_icon) center / contain no-repeat;
      mask: var(--_icon) center / contain no-repeat;
    }
    .t3-chip-icon-text {
      flex: none;
      line-height: 1;
    }
    .t3-chip-thumb {
      flex: none;
      width: 1.25em;
      height: 1.25em;
      margin-left: -0.2em;
      border-radius: 3px;
      object-fit: cover;
    }
    .t3-chip[data-context-unresolved] {
      border-style: dashed;
      background: transparent;
      color: var(--_muted);
    }
    .t3-chip[data-status="failed"] {
      border-color: var(--_danger);
    }
    .t3-chip[data-status="failed"] .t3-chip-suffix {
      color: var(--_danger);
    }
    .t3-chip[data-tone] .t3-chip-icon {
      color: var(--_tone);
    }
    .t3-chip[data-tone="open"] { --_tone: var(--_tone-open); }
    .t3-chip[data-tone="draft"] { --_tone: var(--_tone-draft); }
    .t3-chip[data-tone="merged"] { --_tone: var(--_tone-merged); }
    .t3-chip[data-tone="closed"] { --_tone: var(--_tone-closed); }
    /* Forced colors (Windows high contrast) replace backgrounds with Canvas, which would blank
       every icon, since they are masks over a currentColor background: the icons keep their own
       paint, in system colours, and the pull-request tones take distinct ones. */
    @media (forced-colors: active) {
      .t3-chip {
        border-color: CanvasText;
      }
      .t3-chip[data-context-unresolved] {
        border-color: GrayText;
      }
      .t3-chip-icon {
        forced-color-adjust: none;
        background: CanvasText;
      }
      .t3-chip[data-context-unresolved] .t3-chip-icon { background: GrayText; }
      .t3-chip[data-tone="open"] .t3-chip-icon { background: LinkText; }
      .t3-chip[data-tone="draft"] .t3-chip-icon { background: GrayText; }
      .t3-chip[data-tone="merged"] .t3-chip-icon { background: Highlight; }
      .t3-chip[data-tone="closed"] .t3-chip-icon { background: Mark; }
    }
  `,
  unsafeCSS(iconRules()),
];
