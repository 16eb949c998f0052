// Lexing a streamed reply again from its last stable block (docs/transcript.md, "Long threads"):
// while a reply streams, each update adds a few words at its end, and lexing the whole text again
// at every update costs in proportion to all that came before. The blocks before the last one
// cannot change when text is added after them, with the exceptions CommonMark has, which are
// re-lexed with it:
// - a list or an indented code block goes on across blank lines (`1. a`, a blank line, then `2`
//   that becomes `2. b`, is one list): the block after one of them is not a stable start;
// - a block that does not follow a blank line may be read with the one before it (a paragraph's
//   lazy lines, a setext underline, a table's delimiter row): only a block after a `space` token
//   (marked's token for blank lines) is a start, and then marked's tokenizers, which look back at
//   the token before (a paragraph, inline `text`), see no more than at the start of a text;
// - a link reference definition applies to the whole text: a text with one is lexed whole.
// The tail is lexed as a text of its own; the tokens before it are the previous ones, as objects,
// so message-view.ts keeps their nodes by comparing `raw`. No DOM, no marked at run time.
import type { Token, Tokens, TokensList } from "marked";

/** How a text is lexed into block tokens (markdown/lexer.ts `lexMarkdown`, or its stand-in). */
export type LexText = (text: string, options: { breaks: boolean }) => TokensList;

/** A text lexed into block tokens, and where each token starts in it: what the next lex starts from. */
export interface LexedText {
  readonly text: string;
  readonly breaks: boolean;
  readonly tokens: TokensList;
  /**
   * `starts[i]` is where token `i`'s `raw` begins in `text`; `null` when the raws do not add up
   * to the text's length (marked folds `\r\n` into `\n`): the next lex of it is whole.
   */
  readonly starts: readonly number[] | null;
}

const LINE_FEED = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/** Whether a definition (`[id]: url`) was read: its links reach blocks anywhere in the text. */
function hasLinks(tokens: TokensList): boolean {
  for (const _ in tokens.links) return true;
  return false;
}

/** Blocks that a later block can still join across a blank line. */
function continuesPastBlankLines(token: Token): boolean {
  return token.type === "list" || (token.type === "code" && (token as Tokens.Code).codeBlockStyle === "indented");
}

/** Whether the text just before `offset` is a blank line (a line feed, spaces or tabs, a line feed). */
function blankLineBefore(text: string, offset: number): boolean {
  let i = offset - 1;
  if (i < 0 || text.charCodeAt(i) !== LINE_FEED) return false;
  for (i--; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === LINE_FEED) return true;
    if (code !== SPACE && code !== TAB) return false;
  }
  return false;
}

/** The index of the first token to lex again when text is added at the end; 0: all of them. */
function stableStart({ tokens, text, starts }: LexedText): number {
  if (!starts) return 0;
  let k = tokens.length - 1;
  const previousBlock = (from: number) => {
    let j = from - 1;
    while (j >= 0 && tokens[j]!.type === "space") j--;
    return j;
  };
  if (k >= 0 && tokens[k]!.type === "space") k = previousBlock(k);
  while (k > 0) {
    const before = previousBlock(k);
    if (before < 0) return 0;
    if (tokens[k - 1]!.type !== "space" || !blankLineBefore(text, starts[k]!) || continuesPastBlankLines(tokens[before]!)) k = before;
    else return k;
  }
  return 0;
}

/** Where each token starts, from `offset`; `null` when their raws do not add up to `length`. */
function startsOf(tokens: readonly Token[], offset: number, length: number): number[] | null {
  const starts: number[] = [];
  let at = offset;
  for (const token of tokens) {
    starts.push(at);
    at += token.raw.length;
  }
  return at === length ? starts : null;
}

function whole(text: string, breaks: boolean, lex: LexText): LexedText {
  const tokens = lex(text, { breaks });
  return { text, breaks, tokens, starts: startsOf(tokens, 0, text.length) };
}

/**
 * Lexes `text`, keeping the tokens of `previous` (the same message lexed before) up to its last
 * stable block when `text` starts with the same text up to there; else lexes it whole. The
 * tokens are those a whole lex gives, the kept ones being the previous objects.
 */
export function relex(previous: LexedText | undefined, text: string, breaks: boolean, lex: LexText): LexedText {
  if (!previous || previous.breaks !== breaks || hasLinks(previous.tokens)) return whole(text, breaks, lex);
  const from = stableStart(previous);
  const offset = from > 0 ? previous.starts![from]! : 0;
  if (from === 0 || text.length < offset || !text.startsWith(previous.text.slice(0, offset))) return whole(text, breaks, lex);
  const tail = lex(text.slice(offset), { breaks });
  if (hasLinks(tail)) return whole(text, breaks, lex);
  const kept = previous.tokens.slice(0, from);
  const tokens: TokensList = Object.assign(kept.concat(tail), { links: tail.links });
  const tailStarts = startsOf(tail, offset, text.length);
  return { text, breaks, tokens, starts: tailStarts && previous.starts!.slice(0, from).concat(tailStarts) };
}
