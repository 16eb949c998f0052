// What the transcript loads lazily (load.ts): the lexer (marked) and the renderer that draws its
// tokens to DOM. Nothing else imports these two, so the combined drop-in's first load has neither.
export { lexMarkdown } from "./lexer.js";
export { renderBlock } from "./blocks.js";
