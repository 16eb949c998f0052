// Review blocks become private-use tokens while the trailing blocks are peeled (docs/wire-format.md, "Legacy text",
// steps 1 and 2), so a review neither hides the blocks behind it nor loses its place.
import { isWhitespace } from "../chars.js";
import { isBlank, trimLineFeedsEnd } from "./scan.js";

/**
 * Where one token sits in the tokenized text, and which converted review it stands for.
 * @internal
 */
export interface TokenSpan {
  start: number;
  end: number;
  review: number;
}

const TOKEN_UNIT = "\uE000";

/**
 * U+E000, doubled until the text does not contain it: no literal text can pass for a token.
 * @internal
 */
export function chooseReviewToken(text: string): string {
  let token = TOKEN_UNIT;
  while (text.includes(token)) token += token;
  return token;
}

/**
 * The reviews that trail the text, as `(\s*token\d+token)+\s*$` finds them: the old client
 * appended these, so they are appended again after the other links. Returns their indices in
 * order and where the text ends without them (trailing line feeds removed); `end` is the
 * text's length when nothing trails.
 * @internal
 */
export function cutTrailingReviews(text: string, spans: readonly TokenSpan[]): { end: number; reviews: number[] } {
  const reviews: number[] = [];
  let cursor = text.length;
  for (let index = spans.length - 1; index >= 0; index--) {
    const span = spans[index]!;
    if (!isBlank(text, span.end, cursor)) break;
    reviews.unshift(span.review);
    cursor = span.start;
  }
  if (reviews.length === 0) return { end: text.length, reviews };
  while (cursor > 0 && isWhitespace(text.charCodeAt(cursor - 1))) cursor--;
  return { end: trimLineFeedsEnd(text, cursor), reviews };
}
