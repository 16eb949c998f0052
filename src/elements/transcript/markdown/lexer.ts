// Markdown to tokens with marked (CommonMark + GFM), plus one inline extension for context
// reference links. We use marked's lexer only: its tokens are drawn to DOM by render.ts, so no
// HTML string is ever produced or parsed. The `Lexer` class is used on its own, not through a
// `Marked` instance, so that the drop-in can leave marked's Parser, Renderer and `marked`
// singleton out (scripts/rollup-marked-lexer.mjs).
import { Lexer, getDefaults, type MarkedOptions, type TokenizerExtension, type Tokens, type TokensList } from "marked";

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
const LINK_MARKER = "](t3-context://v1/";

const contextReference: TokenizerExtension = {
  name: "contextReference",
  level: "inline",
  // A hint where the next link may start, so marked's text rule stops there.
  start(src) {
    const marker = src.indexOf(LINK_MARKER);
    if (marker < 0) return undefined;
    const open = src.lastIndexOf("[", marker);
    if (open < 0) return undefined;
    return open > 0 && src[open - 1] === "!" ? open - 1 : open;
  },
  tokenizer(src): ContextReferenceToken | undefined {
    const match = CONTEXT_LINK.exec(src);
    if (!match) return undefined;
    return { type: "contextReference", raw: match[0], label: match[2]!, href: match[3]!, image: match[1] === "!" };
  },
};

/** The options `new Marked({ gfm: true, breaks, extensions: [contextReference] })` would lex with. */
function lexerOptions(breaks: boolean): MarkedOptions {
  return {
    ...getDefaults(),
    gfm: true,
    breaks,
    // The shape `Marked.use()` gives registered extensions.
    extensions: {
      renderers: Object.create(null),
      childTokens: Object.create(null),
      inline: [contextReference.tokenizer],
      startInline: [contextReference.start!],
    },
  };
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
    const paragraph: Tokens.Paragraph = { type: "paragraph", raw: text, text, tokens: [{ type: "text", raw: text, text, escaped: true }] };
    return Object.assign([paragraph], { links: {} });
  }
}
