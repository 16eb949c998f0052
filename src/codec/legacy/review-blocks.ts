// Finds the `<review_comment …>…</review_comment>` blocks of a legacy message (docs/wire-format.md, "Legacy text",
// step 1). A review body may quote code holding a literal closing tag, so the close is searched
// outside Markdown fences only.
import { backtickRun, isLineStart, isLineTerminator, isWordEnd } from "./scan.js";
import { ELEMENT_TAG, PREVIEW_TAG, REVIEW_TAG, TERMINAL_TAG, closeTag } from "./tags.js";

/**
 * One review block: `text.slice(start, end)` is the whole block.
 * @internal
 */
export interface ReviewBlockMatch {
  start: number;
  end: number;
  /** The raw text between `<review_comment` and the first `>`. */
  attributes: string;
  /** The raw text between that `>` and the closing tag. */
  body: string;
}

const REVIEW_OPEN = "<" + REVIEW_TAG;
const REVIEW_CLOSE = closeTag(REVIEW_TAG);
/** Blocks whose payload is theirs, review-shaped text included, when they start a line. */
const OWNING_TAGS = [TERMINAL_TAG, ELEMENT_TAG, PREVIEW_TAG];
const FENCE_MIN = 3;
const LESS_THAN = 0x3c;

/**
 * Every review block in document order. A `<terminal_context>`, `<element_context>` or
 * `<preview_annotation>` block that starts a line (`^<tag>\n … \n</tag>`) is skipped whole. The
 * scan stops at the first review block that never closes: the rest of the text stays as it is.
 *
 * Runs in linear time: each `<` is looked at once, a closing tag found is skipped past, and a
 * closing tag not found is not looked for again.
 * @internal
 */
export function findReviewBlocks(text: string): ReviewBlockMatch[] {
  const blocks: ReviewBlockMatch[] = [];
  // A found close is skipped past at once, so only a failed search is worth remembering.
  const owning = OWNING_TAGS.map((tag) => ({ open: tag + ">\n", close: "\n" + closeTag(tag), unclosed: false }));
  let at = text.indexOf("<");
  while (at !== -1) {
    let next = at + 1;
    if (text.startsWith(REVIEW_TAG, at + 1) && isWordEnd(text, at + REVIEW_OPEN.length)) {
      const tagEnd = text.indexOf(">", at + REVIEW_OPEN.length);
      // Without a `>` no later opening can complete either.
      if (tagEnd === -1) break;
      const close = findReviewClose(text, tagEnd + 1);
      if (close === -1) break;
      next = close + REVIEW_CLOSE.length;
      blocks.push({
        start: at,
        end: next,
        attributes: text.slice(at + REVIEW_OPEN.length, tagEnd),
        body: text.slice(tagEnd + 1, close),
      });
    } else if (isLineStart(text, at)) {
      let block;
      for (const candidate of owning) if (text.startsWith(candidate.open, at + 1)) block = candidate;
      if (block && !block.unclosed) {
        // The body may be empty, but the closing line needs its own "\n".
        const close = text.indexOf(block.close, at + 1 + block.open.length);
        if (close === -1) block.unclosed = true;
        else next = close + block.close.length;
      }
    }
    at = text.indexOf("<", next);
  }
  return blocks;
}

/**
 * The offset of the `</review_comment>` that closes a body starting at `from`, or -1.
 *
 * ```
 * <review_comment …>note
 * ```diff            ← a line of 3+ backticks (any info string) opens a fence
 * + "</review_comment>"   ← inside a fence: content
 * ```                ← as many backticks or more, then only whitespace: closes it
 * </review_comment>  ← outside a fence: the close
 * ```
 * A fence line is consumed to its line feed, so a closing tag on it is content too.
 */
function findReviewClose(text: string, from: number): number {
  let fence = 0;
  // `from` follows the opening's `>`, so the first line is never a fence line.
  let lineStart = false;
  for (let index = from; index < text.length; index++) {
    if (lineStart) {
      const run = backtickRun(text, index);
      if (run >= FENCE_MIN) {
        let lineEnd = text.indexOf("\n", index + run);
        if (lineEnd === -1) lineEnd = text.length;
        if (fence === 0) fence = run;
        else if (run >= fence && text.slice(index + run, lineEnd).trim() === "") fence = 0;
        index = lineEnd; // the loop steps past the "\n", onto the next line's start
        continue;
      }
    }
    const code = text.charCodeAt(index);
    if (code === LESS_THAN && fence === 0 && text.startsWith(REVIEW_CLOSE, index)) return index;
    lineStart = isLineTerminator(code);
  }
  return -1;
}
