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

/** The href grammar's lengths: a kind of 1 to 40 characters, an id of 1 to 128. */
const KIND_MAX = 40;
const ID_MAX = 128;
const ASCII_END = 0x80;
const KIND_START = 1;
const KIND_CHAR = 2;
const ID_CHAR = 4;
/** The href grammar's classes of each ASCII code unit, as bits. */
const HREF_CLASSES = new Uint8Array(ASCII_END);
for (let code = 0; code < ASCII_END; code++) {
  const lower = code >= codes.lowercaseA && code <= codes.lowercaseZ;
  const kindChar = lower || (code >= codes.digitZero && code <= codes.digitNine) || code === codes.hyphen;
  const idChar = kindChar || (code >= codes.uppercaseA && code <= codes.uppercaseZ) || code === codes.lowLine;
  HREF_CLASSES[code] = (lower ? KIND_START : 0) | (kindChar ? KIND_CHAR : 0) | (idChar ? ID_CHAR : 0);
}
/** Whether `code` is in the class `bit`; `NaN` (past the end) is in none. */
const isIn = (code: number, bit: number) => code < ASCII_END && (HREF_CLASSES[code]! & bit) !== 0;

/**
 * The `/` after a valid kind starting at `tail` (`[a-z][a-z0-9-]{0,39}/`), or -1. A loop over
 * code units, not a sticky pattern: the pattern's call cost more than the reading, at every
 * link. `charCodeAt` past the end is `NaN`, which no test takes.
 */
function kindSlash(text: string, tail: number): number {
  if (!isIn(text.charCodeAt(tail), KIND_START)) return -1;
  let at = tail + 1;
  while (at < tail + KIND_MAX && isIn(text.charCodeAt(at), KIND_CHAR)) at++;
  return text.charCodeAt(at) === codes.slash ? at : -1;
}

/** Just past the `)` after a valid id starting at `from` (`[A-Za-z0-9_-]{1,128}\)`), or -1. */
function idEnd(text: string, from: number): number {
  let at = from;
  while (at < from + ID_MAX && isIn(text.charCodeAt(at), ID_CHAR)) at++;
  return at > from && text.charCodeAt(at) === codes.rightParenthesis ? at + 1 : -1;
}

/** The pattern's href tail at `lastIndex`: a link whose href does not parse is still consumed. */
const ANY_TAIL = /[^\s)]{1,200}\)/y;

/** Where a link whose href tail starts at `tail` ends (just past its `)`), or -1. */
function anyTailEnd(text: string, tail: number): number {
  ANY_TAIL.lastIndex = tail;
  return ANY_TAIL.test(text) ? ANY_TAIL.lastIndex : -1;
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
    // The label starts at the first `[` in [from, close) with no `]` or line feed after it
    // before `close`. Looking for the `[` first reads the prose once; the search for a `]` then
    // reads only the label (`close` is a `]`, so it never runs past it).
    if (nextOpen < from) nextOpen = search("[", from);
    while (nextOpen < close) {
      const bracket = text.indexOf("]", nextOpen + 1);
      if (bracket < close) {
        nextOpen = search("[", bracket + 1);
        continue;
      }
      if (nextLineFeed < nextOpen) nextLineFeed = search("\n", nextOpen + 1);
      if (nextLineFeed >= close) break;
      nextOpen = search("[", nextLineFeed + 1);
    }
    const open = nextOpen < close ? nextOpen : -1;
    const tail = close + LINK_MARKER.length;
    // A valid tail (the href grammar) is also the pattern's `[^\s)]{1,200}\)`: 169 characters
    // at most, none of them whitespace or `)`, split on `/` into exactly two parts.
    const slash = open === -1 ? -1 : kindSlash(text, tail);
    const end = slash === -1 ? -1 : idEnd(text, slash + 1);
    // A match whose href does not parse is consumed all the same. Its `!` belongs to it unless
    // the previous match ended right after that `!`.
    const consumed = end !== -1 ? end : open === -1 ? -1 : anyTailEnd(text, tail);
    if (consumed !== -1) {
      const image = open > scannedTo && text.charCodeAt(open - 1) === codes.exclamationMark;
      scannedTo = consumed;
      if (end !== -1) visit(image ? open - 1 : open, open, close, slash, end);
      match?.(image ? open - 1 : open, consumed);
    }
    close = text.indexOf(LINK_MARKER, Math.max(close + 1, scannedTo));
  }
}
