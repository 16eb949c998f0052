// Lexing a streamed reply again from its last stable block (markdown/relex.ts): whatever the
// text and wherever the updates cut it, the tokens are those of lexing the whole text at once.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { TokensList } from "marked";
import { lexMarkdown } from "../../../src/elements/transcript/markdown/lexer.js";
import { relex, type LexedText } from "../../../src/elements/transcript/markdown/relex.js";

/** Counts the characters each lex is handed, to tell a tail lex from a whole one. */
function countingLex(): { lex: typeof lexMarkdown; lexed: number[] } {
  const lexed: number[] = [];
  return { lexed, lex: (text, options) => (lexed.push(text.length), lexMarkdown(text, options)) };
}

/** The tokens as plain data, links included (they are a property of the array). */
const plain = (tokens: TokensList) => JSON.parse(JSON.stringify({ tokens: [...tokens], links: tokens.links })) as unknown;

/** Streams `chunks` one after the other, checking each lex against a whole one. */
function stream(chunks: readonly string[], breaks = false): LexedText | undefined {
  let lexed: LexedText | undefined;
  let text = "";
  for (const chunk of chunks) {
    text += chunk;
    lexed = relex(lexed, text, breaks, lexMarkdown);
    assert.deepEqual(plain(lexed.tokens), plain(lexMarkdown(text, { breaks })), `after ${JSON.stringify(text)}`);
  }
  return lexed;
}

/** Pieces of Markdown whose joins open, close or merge blocks. */
const PIECES = [
  "word", " more words", "\n", "\n\n", "\n \n", "- item", "* item", "1. first", "2", ".", " second", "```", "```ts\n", "~~~",
  "    indented", "> quote", "# heading", "===", "---", "| a | b |", "| --- | --- |", "[x]: https://example.com", "[x]",
  "<div>", "</div>", "<!--", "-->", "<custom-tag>", "*", "**", "_", "`", "\t", "[a.ts](t3-context://v1/file/file_a)", "\r\n", "\r",
];

describe("relex", () => {
  it("lexes only from the last paragraph when words are added to it", () => {
    const { lex, lexed } = countingLex();
    const first = relex(undefined, "# Title\n\nFirst paragraph.\n\nSecond", false, lex);
    const next = relex(first, "# Title\n\nFirst paragraph.\n\nSecond paragraph, longer.", false, lex);
    assert.deepEqual(lexed, [33, "Second paragraph, longer.".length]);
    assert.equal(next.tokens[0], first.tokens[0]);
    assert.equal(next.tokens.at(-1)!.raw, "Second paragraph, longer.");
  });

  it("lexes a list again with the item after its blank line: `2` that becomes `2. b` joins it", () => {
    const lexed = stream(["1. a\n\n", "2", ". b"])!;
    assert.deepEqual(
      lexed.tokens.map((token) => token.type),
      ["list"],
    );
  });

  it("closes a code fence opened blocks before", () => {
    const lexed = stream(["Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n", "```", "\n\nAfter"])!;
    assert.deepEqual(
      lexed.tokens.map((token) => token.type),
      ["paragraph", "space", "code", "space", "paragraph"],
    );
  });

  it("lexes the whole text once a link definition appears", () => {
    const { lex, lexed } = countingLex();
    const first = relex(undefined, "See [x].\n\nThen", false, lex);
    const text = "See [x].\n\nThen\n\n[x]: https://example.com";
    const next = relex(first, text, false, lex);
    assert.deepEqual(lexed, [14, "Then\n\n[x]: https://example.com".length, text.length]);
    assert.equal(next.tokens[0]!.type, "paragraph");
    assert.equal((next.tokens[0] as { tokens: { type: string }[] }).tokens[1]!.type, "link");
  });

  it("lexes a text whole when it no longer starts as the previous one did", () => {
    const { lex, lexed } = countingLex();
    const first = relex(undefined, "One\n\nTwo", false, lex);
    relex(first, "Uno\n\nTwo and more", false, lex);
    assert.deepEqual(lexed, [8, "Uno\n\nTwo and more".length]);
  });

  it("gives the tokens of a whole lex however a text of tricky pieces is streamed", () => {
    const chunks = fc.array(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(chunks, fc.boolean(), (parts, breaks) => {
        stream(parts, breaks);
      }),
      { numRuns: 400 },
    );
  });
});
