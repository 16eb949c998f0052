// The styles of the long-press menu (chip-menu.ts), in the overlays chunk with it
// (chunks.ts), adopted with the other overlays' styles (overlays.ts).
import { css } from "lit";

/** The menu's layout and its Copy button (at least 24 CSS px square, WCAG 2.5.8). */
export const chipMenuStyles = css`
  .chip-menu {
    display: grid;
    gap: var(--_space);
    justify-items: start;
  }
  /* At least 24 CSS px square (WCAG 2.5.8): a finger is the reason this menu exists. */
  .chip-menu-copy {
    min-width: 24px;
    min-height: 24px;
    padding: 0.25em 0.75em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
  }
  .chip-menu-copy:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
`;
