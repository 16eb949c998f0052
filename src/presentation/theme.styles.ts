import { css } from "lit";

/**
 * Design tokens shared by both elements. Each private `--_x` reads the public `--t3-x` a page
 * sets, with a light and a dark default (`prefers-color-scheme`).
 */
export const themeStyles = css`
  :host {
    --_font: var(--t3-font, system-ui, -apple-system, "Segoe UI", sans-serif);
    --_mono: var(--t3-font-mono, ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace);
    --_fg: var(--t3-fg, #1f2328);
    --_bg: var(--t3-bg, #ffffff);
    --_muted: var(--t3-muted, #59636e);
    --_border: var(--t3-border, #d1d9e0);
    --_accent: var(--t3-accent, #0969da);
    --_danger: var(--t3-danger, #cf222e);
    --_surface: var(--t3-surface, #f6f8fa);
    --_radius: var(--t3-radius, 8px);
    --_space: var(--t3-space, 8px);
    --_chip-bg: var(--t3-chip-bg, #eef2f6);
    --_chip-fg: var(--t3-chip-fg, #1f2328);
    /* 3.3:1 against the chip and 3.7:1 against white: a chip's edge is a component boundary (WCAG 1.4.11). */
    --_chip-border: var(--t3-chip-border, #7d8590);
    --_chip-radius: var(--t3-chip-radius, 6px);
    --_tone-open: var(--t3-tone-open, #1a7f37);
    --_tone-draft: var(--t3-tone-draft, #59636e);
    --_tone-merged: var(--t3-tone-merged, #8250df);
    --_tone-closed: var(--t3-tone-closed, #cf222e);
    --_focus: var(--t3-focus-ring, #0969da);
    color-scheme: light dark;
    font-family: var(--_font);
    color: var(--_fg);
    /* Text styles a page sets on an ancestor would reach inside through inheritance: a centered
       #root (Vite's templates) would center the placeholder and the messages, and white-space:
       pre would keep a long line from wrapping. Each element has its own, set here; the page
       still styles it from outside (a rule on t3-composer wins over :host). */
    text-align: start;
    text-indent: 0;
    text-transform: none;
    letter-spacing: normal;
    word-spacing: normal;
    white-space: normal;
    line-height: 1.5;
    /* The container's width, also as an item of a flex column that centers its items (where
       display: block alone shrinks to the content); stretch keeps a page's margin inside,
       and browsers without it use the line before it. */
    box-sizing: border-box;
    width: 100%;
    width: -webkit-fill-available;
    width: stretch;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_fg: var(--t3-fg, #e6edf3);
      --_bg: var(--t3-bg, #0d1117);
      --_muted: var(--t3-muted, #9198a1);
      --_border: var(--t3-border, #3d444d);
      --_accent: var(--t3-accent, #4493f8);
      /* 5.9:1 on a dark chip: a failed upload's suffix is text. */
      --_danger: var(--t3-danger, #ff7b72);
      --_surface: var(--t3-surface, #151b23);
      --_chip-bg: var(--t3-chip-bg, #212830);
      --_chip-fg: var(--t3-chip-fg, #e6edf3);
      --_chip-border: var(--t3-chip-border, #768390);
      --_tone-open: var(--t3-tone-open, #3fb950);
      --_tone-draft: var(--t3-tone-draft, #9198a1);
      --_tone-merged: var(--t3-tone-merged, #ab7df8);
      --_tone-closed: var(--t3-tone-closed, #f85149);
      --_focus: var(--t3-focus-ring, #4493f8);
    }
  }
  /* Read by screen readers, not drawn: the live regions. */
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  /* A person who asked for more contrast gets text-coloured edges and secondary text. */
  @media (prefers-contrast: more) {
    :host {
      --_muted: var(--t3-fg, currentColor);
      --_border: var(--t3-fg, currentColor);
      --_chip-border: var(--t3-fg, currentColor);
    }
  }
`;
