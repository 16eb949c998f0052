import { css } from "lit";

/** The transcript's own look: messages, Markdown, gallery, files, popovers and the modal. */
export const transcriptStyles = css`
  :host {
    display: block;
    --_user-bubble-bg: var(--t3-user-bubble-bg, var(--_surface));
    --_user-bubble-fg: var(--t3-user-bubble-fg, var(--_fg));
    line-height: 1.55;
  }
  :host([hidden]) {
    display: none;
  }
  .messages {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 2);
  }
  .message {
    display: flex;
    min-width: 0;
    /* Off-screen messages skip layout and paint: a thread of thousands stays fast. */
    content-visibility: auto;
    contain-intrinsic-size: auto 5em;
  }
  /* The transcript keeps what is on screen in place itself (virtual-list.ts): the browser's
     anchoring would pick a node it then moves again, or one inside a spacer's stretch. */
  .messages {
    overflow-anchor: none;
  }
  /* A long thread has only the messages near the viewport, and measures each one whole. */
  .messages[data-virtual] > .message {
    content-visibility: visible;
  }
  .spacer {
    flex: none;
  }
  .message:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .message[data-role="user"] {
    justify-content: flex-end;
  }
  .message[data-role="system"] {
    justify-content: center;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .bubble {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    min-width: 0;
    max-width: 100%;
  }
  .message[data-role="user"] .bubble {
    max-width: min(85%, 48rem);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-radius: var(--_radius);
    background: var(--_user-bubble-bg);
    color: var(--_user-bubble-fg);
  }
  /* Subdued like a pending message while its legacy reader is on its way (load-legacy.ts). */
  .message[data-pending] .bubble,
  .message[data-context-pending] .bubble {
    opacity: 0.65;
  }
  /* Always shown (a touch screen has no hover), at least 24 CSS px square (WCAG 2.5.8). */
  .copy-button,
  .edit-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 24px;
    min-height: 24px;
    box-sizing: border-box;
    align-self: flex-start;
    margin: 0 calc(var(--_space) * 0.5);
    padding: 0.25em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_bg);
    color: var(--_muted);
    font: inherit;
    font-size: 0.75em;
    cursor: pointer;
    user-select: none;
  }
  .message:hover .copy-button,
  .message:hover .edit-button {
    color: var(--_fg);
  }
  .copy-button:focus-visible,
  .edit-button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .copy-button[data-copy-state="copied"] {
    color: var(--_accent);
  }
  .copy-button[data-copy-state="failed"] {
    color: var(--_danger);
  }
  .message[data-role="user"] .copy-button,
  .message[data-role="user"] .edit-button {
    order: -1;
  }
  .edit-button {
    margin-inline-start: 0;
  }
  /* The mark of a message that replaced an earlier version (edit.ts). */
  .edited {
    align-self: flex-end;
    font-size: 0.75em;
    opacity: 0.75;
  }
  .body:empty {
    display: none;
  }
  /* A chip's inline-block expansion (expansion.ts), after the block that holds the chip. */
  .chip-expansion {
    margin: 0 0 0.75em;
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 3px solid var(--_accent);
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_bg);
  }
  .markdown {
    overflow-wrap: anywhere;
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  .markdown :is(p, ul, ol, blockquote, pre, .md-table, h1, h2, h3, h4, h5, h6, hr) {
    margin: 0 0 0.75em;
  }
  .markdown :is(h1, h2, h3, h4, h5, h6) {
    line-height: 1.3;
  }
  .markdown h1 { font-size: 1.35em; }
  .markdown h2 { font-size: 1.2em; }
  .markdown :is(h3, h4, h5, h6) { font-size: 1em; }
  .markdown :is(ul, ol) {
    padding-left: 1.5em;
  }
  .markdown li.task {
    list-style: none;
  }
  .markdown li.task > input {
    margin: 0 0.4em 0 -1.3em;
  }
  .markdown a {
    color: var(--_accent);
  }
  .markdown code {
    font-family: var(--_mono);
    font-size: 0.875em;
    padding: 0.1em 0.3em;
    border-radius: 4px;
    background: var(--_surface);
  }
  .markdown pre {
    padding: 0.75em 1em;
    overflow-x: auto;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  .markdown pre code {
    padding: 0;
    background: none;
    font-size: 0.85em;
  }
  .markdown blockquote {
    padding-left: 0.9em;
    border-left: 3px solid var(--_border);
    color: var(--_muted);
  }
  .markdown hr {
    border: 0;
    border-top: 1px solid var(--_border);
  }
  .markdown .md-table {
    overflow-x: auto;
  }
  .markdown table {
    border-collapse: collapse;
  }
  .markdown :is(th, td) {
    padding: 0.3em 0.7em;
    border: 1px solid var(--_border);
  }
  .markdown th {
    background: var(--_surface);
  }
  .markdown .md-raw {
    white-space: pre-wrap;
    font-family: var(--_mono);
    font-size: 0.875em;
  }
  button.t3-chip {
    cursor: pointer;
    -webkit-user-select: text;
    user-select: text;
  }
  button.t3-chip[data-action="none"] {
    cursor: default;
  }
  button.t3-chip:hover:not([data-context-unresolved]) {
    border-color: var(--_accent);
  }
  .gallery {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.75);
  }
  .gallery-item {
    display: grid;
    place-items: center;
    width: 6rem;
    height: 6rem;
    padding: 0;
    overflow: hidden;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    color: var(--_muted);
    font: inherit;
    font-size: 0.75em;
    cursor: zoom-in;
  }
  .gallery-item img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .files {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.75);
  }
  .file {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    padding: 0.3em 0.6em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_bg);
    color: inherit;
    font: inherit;
    font-size: 0.875em;
    cursor: pointer;
  }
  .file:disabled {
    cursor: default;
    color: var(--_muted);
  }
  .file-size {
    color: var(--_muted);
  }
  :is(.gallery-item, .file, .modal button):focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  /* The box the overlays go into once their chunk is in (overlays.ts): they show in the top layer. */
  .overlays {
    display: contents;
  }
  .presenter-content {
    display: contents;
  }
`;
