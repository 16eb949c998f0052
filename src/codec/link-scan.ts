// The scanner behind `collectComposerContextReferences` and the provider projection: docs/wire-format.md's "Reference links"
// pattern `(!?)\[([^\]\n]{0,512})\]\((t3-context://v1/[^\s)]{1,200})\)` plus the href grammar,
// as a cursor that reports offsets and allocates nothing per link.
import { codes } from "./chars.js";

/** The scheme, host and version every reference href starts with (case-sensitive). */
export const CONTEXT_HREF_PREFIX = "t3-context://v1/";

/** A raw label in a link may be this long; a longer one means the text is not a link. */
const RAW_LABEL_MAX = 512;
/** The text between a label and its href tail; text without it has no links (the fast path). */
const LINK_MARKER = "](" + CONTEXT_HREF_PREFIX;
/**
 * From a link's `]` to its kind.
 * @internal
 */
export const LINK_HREF_OFFSET = LINK_MARKER.length;

/**
 * A valid href tail at `lastIndex`: `<kind>/<id>)` with the kind `[a-z][a-z0-9-]{0,39}` and the
 * id `[a-z0-9_-]{1,128}` in any case. Everything it matches is also the pattern's
 * `[^\s)]{1,200}\)` (169 characters at most, none of them whitespace or `)`), split on `/` into
 * exactly two parts.
 */
const VALID_TAIL = /[a-z][a-z0-9-]{0,39}\/[A-Za-z0-9_-]{1,128}\)/y;
/** The pattern's href tail at `lastIndex`: a link whose href does not parse is still consumed. */
const ANY_TAIL = /[^\s)]{1,200}\)/y;

/** Where a link whose href tail starts at `tail` ends (just past its `)`), or -1. */
function tailEnd(pattern: RegExp, text: string, tail: number): number {
  pattern.lastIndex = tail;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/**
 * Calls `visit` for each reference link of `text` whose href parses, in document order, with
 * the offsets of the link's start (its `!` in the image form, else its `[`), the `[` and `]` of
 * its label, the `/` between kind and id, and the end (just past the `)`). The kind is
 * `text.slice(close + LINK_HREF_OFFSET, slash)`, the id `text.slice(slash + 1, end - 1)`.
 *
 * Same links as the global pattern of docs/wire-format.md, "Reference links" with the href grammar applied to each match,
 * but driven by the `](t3-context://v1/` marker instead of trying every `[` (the pattern
 * backtracks up to 512 characters at each `[`, which is slow on bracket-heavy text). The label
 * cannot contain `]` or a line feed, so a match is fixed by its `]`, and its `[` is the first one
 * after the last `]` or line feed before it, within 512 characters, not overlapping the previous
 * match. The region searched for those runs from the previous marker's `]` (itself a boundary),
 * the end of the previous match, or 513 characters back, whichever is nearest: regions never
 * overlap, and searches that ran ahead are remembered, so the whole scan is linear.
 *
 * ```
 * see [a] and [item](t3-context://v1/file/f_1) then…
 *        ^    ^    ^ close            ^slash ^ end - 1
 *        |    open
 *        the last `]` before close: the label starts at the first `[` after it
 * ```
 *
 * `match`, when given, hears every match of the pattern, whether its href parses or not (a large
 * paste is cut between matches: src/elements/composer/paste-slices.ts).
 * @internal
 */
export function visitLinks(
  text: string,
  visit: (start: number, open: number, close: number, slash: number, end: number) => void,
  match?: (start: number, end: number) => void,
): void {
  let scannedTo = 0; // where the previous match, parsed or not, ended: the pattern resumes there
  let regionStart = 0;
  // The first line feed and `[` at or after where they were last searched from; the text's
  // length when there is none (a small integer, which V8 keeps unboxed, unlike Infinity).
  let nextLineFeed = -1;
  let nextOpen = -1;
  const search = (char: string, from: number) => {
    const found = text.indexOf(char, from);
    return found === -1 ? text.length : found;
  };
  for (let close = text.indexOf(LINK_MARKER); close !== -1; ) {
    const from = Math.max(regionStart, scannedTo, close - RAW_LABEL_MAX - 1);
    regionStart = close + 1;
    // The last `]` or line feed in [from, close): the label starts after it. `close` is a `]`,
    // so the search for `]` never runs past it.
    let after = from;
    for (let bracket = text.indexOf("]", from); bracket < close; bracket = text.indexOf("]", bracket + 1)) after = bracket + 1;
    if (nextLineFeed < from) nextLineFeed = search("\n", from);
    for (; nextLineFeed < close; nextLineFeed = search("\n", nextLineFeed + 1)) after = Math.max(after, nextLineFeed + 1);
    if (nextOpen < after) nextOpen = search("[", after);
    const open = nextOpen < close ? nextOpen : -1;
    const tail = close + LINK_MARKER.length;
    const end = open === -1 ? -1 : tailEnd(VALID_TAIL, text, tail);
    // A match whose href does not parse is consumed all the same. Its `!` belongs to it unless
    // the previous match ended right after that `!`.
    const consumed = end !== -1 ? end : open === -1 ? -1 : tailEnd(ANY_TAIL, text, tail);
    if (consumed !== -1) {
      const image = open > scannedTo && text.charCodeAt(open - 1) === codes.exclamationMark;
      scannedTo = consumed;
      if (end !== -1) visit(image ? open - 1 : open, open, close, text.indexOf("/", tail), end);
      match?.(image ? open - 1 : open, consumed);
    }
    close = text.indexOf(LINK_MARKER, Math.max(close + 1, scannedTo));
  }
}
