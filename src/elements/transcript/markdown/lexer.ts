// Markdown to tokens with marked (CommonMark + GFM), plus one inline extension for context
// reference links. We use marked's lexer only: its tokens are drawn to DOM by render.ts, so no
// HTML string is ever produced or parsed. The `Lexer` class is used on its own, not through a
// `Marked` instance, so that the drop-in can leave marked's Parser, Renderer and `marked`
// singleton out (scripts/rollup-marked-lexer.mjs).
import { Lexer, getDefaults, type MarkedOptions, type TokenizerExtension, type TokensList } from "marked";
import { plainParagraph } from "./plain.js";

/** A `[label](t3-context://v1/…)` or `![label](…)` link, as the codec's grammar matches it. */
export interface ContextReferenceToken {
  type: "contextReference";
  raw: string;
  /** The raw label (not yet sanitized). */
  label: string;
  href: string;
  image: boolean;
}

/**
 * The codec's link grammar (docs/wire-format.md, "Reference links", `collectComposerContextReferences`), anchored: a label of
 * up to 512 characters without `]` or a line feed, then a 1–200 character href. Matching it
 * before marked's own link rule keeps chips exactly where the composer put them, even when a
 * label holds characters Markdown would read (`*`, `` ` ``, `_`).
 */
const CONTEXT_LINK = /^(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/;
const OPEN_BRACKET = 0x5b; // [
const BANG = 0x21; // !

/**
 * How far ahead the start hint looks for a `[`. marked's text rule already stops before every `[`
 * and `!` (they are in its stop set), so a link is never swallowed by a text token; the hint only
 * has to be right for the run in front of it. Searching the whole rest of the text at every inline
 * token, as it once did, made 1 MB of `[a](` or `a_ ` quadratic (issue 14): bounding the look makes
 * each call O(1) and the lexing linear.
 */
export const START_LOOKAHEAD = 256;

/**
 * Where the next context link may start in `src`, or `undefined` if no `[` lies within
 * {@link START_LOOKAHEAD} characters. A `[` that turns out not to open a link only ends a text
 * token early, and marked merges adjacent text tokens.
 * @internal
 */
export function contextReferenceStart(src: string): number | undefined {
  const end = Math.min(src.length, START_LOOKAHEAD);
  for (let i = 0; i < end; i++) {
    if (src.charCodeAt(i) !== OPEN_BRACKET) continue;
    return i > 0 && src.charCodeAt(i - 1) === BANG ? i - 1 : i;
  }
  return undefined;
}

const contextReference: TokenizerExtension = {
  name: "contextReference",
  level: "inline",
  // A hint where the next link may start, so marked's text rule stops there.
  start: contextReferenceStart,
  tokenizer(src): ContextReferenceToken | undefined {
    const match = CONTEXT_LINK.exec(src);
    if (!match) return undefined;
    return { type: "contextReference", raw: match[0], label: match[2]!, href: match[3]!, image: match[1] === "!" };
  },
};

/** The options `new Marked({ gfm: true, breaks, extensions: [contextReference] })` would lex with. */
function lexerOptions(breaks: boolean): MarkedOptions {
  // Object.assign, not a spread: terser inlines `getDefaults()`'s literal into a spread, which
  // leaves `gfm` and `breaks` twice in one object literal (esbuild then warns of duplicate keys).
  return Object.assign(getDefaults(), {
    gfm: true,
    breaks,
    // The shape `Marked.use()` gives registered extensions.
    extensions: {
      renderers: Object.create(null),
      childTokens: Object.create(null),
      inline: [contextReference.tokenizer],
      startInline: [contextReference.start!],
    },
  });
}

// Two sets: user messages are typed as plain text (docs/transcript.md, "Messages": Shift+Enter is one
// `\n`), so their single line breaks are kept as GitHub comments keep them; assistant and
// system messages follow CommonMark, where a single line break is a soft break.
const strict = lexerOptions(false);
const withBreaks = lexerOptions(true);

/** Lexes `text` into block tokens. Never throws: a lexer failure gives one paragraph of text. */
export function lexMarkdown(text: string, options: { breaks: boolean }): TokensList {
  try {
    return Lexer.lex(text, options.breaks ? withBreaks : strict);
  } catch (error) {
    console.error("t3-composer: Markdown lexing failed; showing the text as it is", error);
    return plainParagraph(text);
  }
}
