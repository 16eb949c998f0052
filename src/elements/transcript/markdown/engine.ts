// The transcript's Markdown engine: marked's lexer and the renderer that draws its tokens to DOM.
// It is part of the transcript's engine chunk (../engine.ts), which the combined drop-in loads
// when a transcript first draws: nothing in the first load imports these modules.
import type { TokensList } from "marked";
import { renderBlock } from "./blocks.js";
import { lexMarkdown } from "./lexer.js";

export { lexMarkdown, renderBlock };

/** Lexes a message's Markdown and draws its block tokens. */
export interface MarkdownEngine {
  lex(text: string, options: { breaks: boolean }): TokensList;
  render: typeof renderBlock;
}

export const markdownEngine: MarkdownEngine = { lex: lexMarkdown, render: renderBlock };
