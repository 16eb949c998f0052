// The Markdown engine (engine.ts: marked's Lexer and our token renderer) is loaded when a
// transcript first draws, not when the package is imported: a page that shows a composer first
// never pays for it up front. In the combined drop-in it is a chunk beside the module
// (dist/drop-in/engine.js), fetched relative to the drop-in's own URL, so a self-hosted copy loads
// it from the same place; the transcript-only drop-in inlines it. Until it has loaded, a
// transcript waits before drawing (t3-transcript.ts).
import type { TokensList } from "marked";
import type { renderBlock } from "./blocks.js";
import { plainParagraph } from "./plain.js";

/** Lexes a message's Markdown and draws its block tokens. */
export interface MarkdownEngine {
  lex(text: string, options: { breaks: boolean }): TokensList;
  render: typeof renderBlock;
}

let loaded: MarkdownEngine | undefined;
let loading: Promise<MarkdownEngine> | undefined;

/** The engine, once `loadMarkdown()` has resolved; `undefined` before. */
export function loadedMarkdown(): MarkdownEngine | undefined {
  return loaded;
}

/** The text of each message as one plain paragraph: a stand-in when the chunk cannot load. */
function plainEngine(): MarkdownEngine {
  const paragraph = (token: { raw: string }) => {
    const node = document.createElement("p");
    node.textContent = token.raw;
    return node;
  };
  return { lex: plainParagraph, render: paragraph };
}

/** Loads the engine once. Never rejects: a chunk that fails to load gives plain paragraphs. */
export function loadMarkdown(): Promise<MarkdownEngine> {
  loading ??= import("./engine.js").then(
    (module) => (loaded = { lex: module.lexMarkdown, render: module.renderBlock }),
    (error: unknown) => {
      console.error("t3-composer: the Markdown renderer failed to load; showing messages as plain text", error);
      return (loaded = plainEngine());
    },
  );
  return loading;
}
