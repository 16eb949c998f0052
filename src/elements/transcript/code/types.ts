// What a highlighter gives back (docs/transcript.md, "Code blocks"): the code cut into runs of
// text, each with the scope its grammar gave it. The transcript draws each run as a text node in
// a `<span>` whose class names the scope; no highlighter ever hands it HTML.

/** One run of highlighted code. */
export interface CodeToken {
  /** The run's text, as it is in the code (line feeds included). */
  text: string;
  /**
   * What the grammar calls it, highlight.js's scope names (`keyword`, `string`, `title.function`,
   * `comment`…); absent for plain text. Only the part before the first `.` picks a colour, and
   * only when it is one the theme knows (docs/transcript.md lists them).
   */
  scope?: string | undefined;
}

/**
 * A highlighter: the runs of `code` in `language` (the fence's first word, lower-cased), at once or
 * later; `null` (or a rejection) leaves the block plain. The runs' texts must add up to `code`;
 * when they do not, the block stays plain.
 */
export type CodeHighlighter = (code: string, language: string) => readonly CodeToken[] | null | Promise<readonly CodeToken[] | null>;

/**
 * Highlighted code, and the offsets where it may be highlighted again from with the same result:
 * line starts where the grammar stood outside every scope. A streamed fence is highlighted again
 * from the last one (code-block.ts).
 */
export interface HighlightedCode {
  tokens: readonly CodeToken[];
  restarts: readonly number[];
}
