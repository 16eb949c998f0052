// Canonical reference links: `[label](t3-context://v1/<kind>/<contextId>)` (wire.md §b).
import { CONTEXT_ID_MAX, LABEL_MAX } from "../contract/limits.js";
import { codes, isWhitespace } from "./chars.js";

/** The scheme, host and version every reference href starts with (case-sensitive). */
export const CONTEXT_HREF_PREFIX = "t3-context://v1/";

/** A raw label in a link may be this long; a longer one means the text is not a link. */
const RAW_LABEL_MAX = 512;
/** The href tail after `t3-context://v1/` is 1 to 200 characters, no whitespace and no `)`. */
const HREF_TAIL_MAX = 200;
/** A kind is `[a-z][a-z0-9-]{0,39}`. */
const KIND_MAX = 40;
/** The marker every link contains; text without it has no links (the fast path). */
const LINK_MARKER = "](t3-context://v1/";

/** One occurrence of a reference link in a text. Offsets are UTF-16, `end` exclusive. */
export interface ContextOccurrence {
  kind: string;
  contextId: string;
  /** The raw label, sanitized for `kind`. */
  label: string;
  /** Whether the link was written in the `![…](…)` form. */
  image: boolean;
  /** The exact matched text. */
  source: string;
  start: number;
  end: number;
}

const isLowercase = (code: number) => code >= codes.lowercaseA && code <= codes.lowercaseZ;
const isDigit = (code: number) => code >= codes.digitZero && code <= codes.digitNine;
/** `[a-z0-9-]`, after a kind's first letter. */
const isKindChar = (code: number) => isLowercase(code) || isDigit(code) || code === codes.hyphen;
/** `[a-z0-9_-]` with the `i` flag. */
const isIdChar = (code: number) =>
  isKindChar(code) || code === codes.lowLine || (code >= codes.uppercaseA && code <= codes.uppercaseZ);

/**
 * Where the `/` of `<kind>/<contextId>` in `text[from, to)` is, or -1 when that is not a valid
 * pair: the kind is `^[a-z][a-z0-9-]{0,39}$`, the id `^[a-z0-9_-]{1,128}$` (any case), and there
 * is exactly one `/`. Scanned by hand: the collector runs this for every link, and two patterns
 * plus a `split` cost several times more.
 */
function kindIdSlash(text: string, from: number, to: number): number {
  if (from >= to || !isLowercase(text.charCodeAt(from))) return -1;
  let slash = from + 1;
  for (; slash < to && text.charCodeAt(slash) !== codes.slash; slash++) {
    if (!isKindChar(text.charCodeAt(slash))) return -1;
  }
  const idLength = to - slash - 1;
  if (slash - from > KIND_MAX || idLength < 1 || idLength > CONTEXT_ID_MAX) return -1;
  for (let index = slash + 1; index < to; index++) if (!isIdChar(text.charCodeAt(index))) return -1;
  return slash;
}

/**
 * Parses a reference href. Returns `null` unless it is exactly
 * `t3-context://v1/<kind>/<contextId>` with a lowercase kind and a valid id.
 */
export function parseComposerContextHref(href: string): { kind: string; contextId: string } | null {
  const from = CONTEXT_HREF_PREFIX.length;
  const slash = href.startsWith(CONTEXT_HREF_PREFIX) ? kindIdSlash(href, from, href.length) : -1;
  return slash === -1 ? null : { kind: href.slice(from, slash), contextId: href.slice(slash + 1) };
}

const LABEL_BREAKERS = /[[\]\\\r\n]/g;
const WHITESPACE_RUN = /\s+/g;

/**
 * Whether sanitizing would return `label` unchanged: 1 to 200 code units, no `[`, `]`, `\`, and
 * no whitespace but single spaces between other characters. Most labels are; checking costs one
 * pass and no allocation.
 */
function isSanitized(label: string): boolean {
  if (label.length === 0 || label.length > LABEL_MAX) return false;
  let afterSpace = true; // a leading space is not clean
  for (let index = 0; index < label.length; index++) {
    const code = label.charCodeAt(index);
    if (code === codes.space) {
      if (afterSpace) return false;
      afterSpace = true;
      continue;
    }
    afterSpace = false;
    if (code === codes.leftSquareBracket || code === codes.rightSquareBracket || code === codes.backslash) return false;
    if (isWhitespace(code)) return false;
  }
  return !afterSpace;
}

/**
 * Makes a label safe to write inside `[…]`: brackets, backslashes and line breaks become
 * spaces, whitespace runs collapse, the result is trimmed and cut to 200 UTF-16 code units
 * (which can split a surrogate pair, as the reference does). An empty result becomes `kind`.
 */
export function sanitizeComposerContextLabel(label: string, kind: string): string {
  if (isSanitized(label)) return label;
  const clean = label.replace(LABEL_BREAKERS, " ").replace(WHITESPACE_RUN, " ").trim().slice(0, LABEL_MAX);
  return clean === "" ? kind : clean;
}

/** The canonical href of a reference. */
export function formatComposerContextHref(kind: string, contextId: string): string {
  return CONTEXT_HREF_PREFIX + kind + "/" + contextId;
}

/**
 * Writes the canonical link of a reference, `![label](…)` for `image` and `[label](…)` for
 * every other kind. The label is sanitized; the id is not validated.
 */
export function formatComposerContextReference(ref: { kind: string; contextId: string; label: string }): string {
  const link = `[${sanitizeComposerContextLabel(ref.label, ref.kind)}](${formatComposerContextHref(ref.kind, ref.contextId)})`;
  return ref.kind === "image" ? "!" + link : link;
}

/**
 * Finds every reference link in `text`, in document order. The scan is not Markdown-aware: a
 * link inside a code span counts. A link-shaped match whose href does not parse is skipped and
 * stays text.
 *
 * Same result as the global pattern
 * `(!?)\[([^\]\n]{0,512})\]\((t3-context://v1/[^\s)]{1,200})\)`, but driven by the `](t3-context`
 * marker instead of trying every `[`: the pattern backtracks up to 512 characters at each `[`,
 * which is slow on bracket-heavy text. The label cannot contain `]`, so a match is fixed by its
 * `]`, and its start is the earliest `[` that follows the previous `]` or line feed, lies within
 * 512 characters and does not overlap the previous match.
 */
export function collectComposerContextReferences(text: string): ContextOccurrence[] {
  const occurrences: ContextOccurrence[] = [];
  visitComposerContextReferences(text, (kind, contextId, label, image, start, end) => {
    occurrences.push({ kind, contextId, label, image, source: text.slice(start, end), start, end });
  });
  return occurrences;
}

/**
 * Calls `visit` for each reference link of `text`, in order, with what
 * `collectComposerContextReferences` would put in its occurrence. The projection uses this to
 * build its output in the same pass, without keeping an object per link alive.
 * @internal
 */
export function visitComposerContextReferences(
  text: string,
  visit: (kind: string, contextId: string, label: string, image: boolean, start: number, end: number) => void,
): void {
  let scannedTo = 0; // where the previous match (parsed or not) ended
  let close = text.indexOf(LINK_MARKER);
  while (close !== -1) {
    const open = labelStart(text, close, scannedTo);
    const tail = close + LINK_MARKER.length;
    const hrefEnd = open === -1 ? -1 : hrefTailEnd(text, tail);
    if (hrefEnd !== -1) {
      const image = open > scannedTo && text.charCodeAt(open - 1) === codes.exclamationMark;
      const start = image ? open - 1 : open;
      scannedTo = hrefEnd + 1; // past the `)`
      const slash = kindIdSlash(text, tail, hrefEnd);
      if (slash !== -1) {
        const kind = text.slice(tail, slash);
        visit(kind, text.slice(slash + 1, hrefEnd), sanitizeComposerContextLabel(text.slice(open + 1, close), kind), image, start, scannedTo);
      }
    }
    close = text.indexOf(LINK_MARKER, Math.max(close + 1, scannedTo));
  }
}

/**
 * Where the `)` closing an href tail that starts at `tail` sits, or -1: the pattern's
 * `[^\s)]{1,200}\)`. A longer run cannot end in `)` by backing off, since what it gives back is
 * not `)` either.
 */
function hrefTailEnd(text: string, tail: number): number {
  const limit = Math.min(text.length, tail + HREF_TAIL_MAX + 1);
  for (let index = tail; index < limit; index++) {
    const code = text.charCodeAt(index);
    if (code === codes.rightParenthesis) return index > tail ? index : -1;
    if (isWhitespace(code)) return -1;
  }
  return -1;
}

/**
 * The offset of the `[` that opens the label closed at `close`, or -1. Looks back at most 513
 * characters, never past `floor`, and stops at a `]` or a line feed.
 */
function labelStart(text: string, close: number, floor: number): number {
  const limit = Math.max(floor, close - RAW_LABEL_MAX - 1);
  // A slice is a view, not a copy, so the native searches stay inside the window; they are
  // several times faster than a loop over the characters (and `lastIndexOf` is not).
  const window = text.slice(limit, close);
  let open = window.indexOf("[");
  while (open !== -1) {
    // The label cannot hold `]` or a line feed: start again after the first one past `open`.
    const cut = Math.max(window.indexOf("]", open + 1), window.indexOf("\n", open + 1));
    if (cut === -1) return limit + open;
    open = window.indexOf("[", cut + 1);
  }
  return -1;
}

/**
 * Replaces each reference link with `replace(occurrence)`, keeping every other character of
 * `text` as it is.
 */
export function replaceComposerContextReferences(
  text: string,
  replace: (occurrence: ContextOccurrence) => string,
): string {
  const occurrences = collectComposerContextReferences(text);
  if (occurrences.length === 0) return text;
  let out = "";
  let cursor = 0;
  for (const occurrence of occurrences) {
    out += text.slice(cursor, occurrence.start) + replace(occurrence);
    cursor = occurrence.end;
  }
  return out + text.slice(cursor);
}
