// A message's text as one paragraph token: what it shows when its Markdown cannot be read (the
// lexer failed on it: lexer.ts).
import type { Tokens, TokensList } from "marked";

/** The text as one paragraph, as it is. */
export function plainParagraph(text: string): TokensList {
  const paragraph: Tokens.Paragraph = { type: "paragraph", raw: text, text, tokens: [{ type: "text", raw: text, text, escaped: true }] };
  return Object.assign([paragraph], { links: {} });
}
