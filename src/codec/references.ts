// Canonical reference links: `[label](t3-context://v1/<kind>/<contextId>)` (wire.md §b).
import { CONTEXT_ID_MAX, KIND_PATTERN, LABEL_MAX } from "../contract/limits.js";
import { codes } from "./chars.js";

/** The scheme, host and version every reference href starts with (case-sensitive). */
export const CONTEXT_HREF_PREFIX = "t3-context://v1/";

const ID_PATTERN = new RegExp(`^[a-z0-9_-]{1,${CONTEXT_ID_MAX}}$`, "i");
/** A raw label in a link may be this long; a longer one means the text is not a link. */
const RAW_LABEL_MAX = 512;
/** Everything after the `](`: the href tail is 1–200 characters, no whitespace and no `)`. */
const HREF_AT = /\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/y;
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

/**
 * Parses a reference href. Returns `null` unless it is exactly
 * `t3-context://v1/<kind>/<contextId>` with a lowercase kind and a valid id.
 */
export function parseComposerContextHref(href: string): { kind: string; contextId: string } | null {
  if (!href.startsWith(CONTEXT_HREF_PREFIX)) return null;
  const parts = href.slice(CONTEXT_HREF_PREFIX.length).split("/");
  if (parts.length !== 2) return null;
  const [kind, contextId] = parts as [string, string];
  if (!KIND_PATTERN.test(kind) || !ID_PATTERN.test(contextId)) return null;
  return { kind, contextId };
}

const LABEL_BREAKERS = /[[\]\\\r\n]/g;
const WHITESPACE_RUN = /\s+/g;

/**
 * Makes a label safe to write inside `[…]`: brackets, backslashes and line breaks become
 * spaces, whitespace runs collapse, the result is trimmed and cut to 200 UTF-16 code units
 * (which can split a surrogate pair, as the reference does). An empty result becomes `kind`.
 */
export function sanitizeComposerContextLabel(label: string, kind: string): string {
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
  let scannedTo = 0; // where the previous match (parsed or not) ended
  let close = text.indexOf(LINK_MARKER);
  while (close !== -1) {
    const open = labelStart(text, close, scannedTo);
    HREF_AT.lastIndex = close;
    const href = open === -1 ? null : HREF_AT.exec(text);
    if (href) {
      const image = open > scannedTo && text.charCodeAt(open - 1) === codes.exclamationMark;
      const start = image ? open - 1 : open;
      const end = HREF_AT.lastIndex;
      scannedTo = end;
      const parsed = parseComposerContextHref(href[1]!);
      if (parsed) {
        occurrences.push({
          kind: parsed.kind,
          contextId: parsed.contextId,
          label: sanitizeComposerContextLabel(text.slice(open + 1, close), parsed.kind),
          image,
          source: text.slice(start, end),
          start,
          end,
        });
      }
    }
    close = text.indexOf(LINK_MARKER, Math.max(close + 1, scannedTo));
  }
  return occurrences;
}

/**
 * The offset of the `[` that opens the label closed at `close`, or -1. Looks back at most 513
 * characters, never past `floor`, and stops at a `]` or a line feed.
 */
function labelStart(text: string, close: number, floor: number): number {
  const limit = Math.max(floor, close - RAW_LABEL_MAX - 1);
  let open = -1;
  for (let index = close - 1; index >= limit; index--) {
    const code = text.charCodeAt(index);
    if (code === codes.rightSquareBracket || code === codes.lineFeed) break;
    if (code === codes.leftSquareBracket) open = index;
  }
  return open;
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
