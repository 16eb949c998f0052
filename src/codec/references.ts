// Canonical reference links: `[label](t3-context://v1/<kind>/<contextId>)` (docs/wire-format.md, "Reference links").
import { LABEL_MAX } from "../contract/limits.js";
import { WHITESPACE_RUN, codes, isWhitespace } from "./chars.js";
import { CONTEXT_HREF_PREFIX, LINK_HREF_OFFSET, visitLinks } from "./link-scan.js";

export { CONTEXT_HREF_PREFIX };

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

/** docs/wire-format.md, "Reference links": the prefix, exactly two parts, a lowercase kind, an id in any case. */
const HREF = /^t3-context:\/\/v1\/([a-z][a-z0-9-]{0,39})\/([A-Za-z0-9_-]{1,128})$/;

/**
 * Parses a reference href. Returns `null` unless it is exactly
 * `t3-context://v1/<kind>/<contextId>` with a lowercase kind and a valid id.
 */
export function parseComposerContextHref(href: string): { kind: string; contextId: string } | null {
  const match = HREF.exec(href);
  return match && { kind: match[1]!, contextId: match[2]! };
}

const LABEL_BREAKERS = /[[\]\\\r\n]/g;
/**
 * Characters that change how a label looks without showing (docs/security.md, "Labels"): the
 * bidi controls (marks, embeddings, overrides, isolates) and the zero-width space, word joiner,
 * Mongolian vowel separator and byte-order mark. The sanitizer removes them, beyond the reference
 * rule: no conformance vector holds one. ZWJ and ZWNJ stay, as emoji and scripts need them.
 */
const LABEL_INVISIBLE = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Whether a code unit is one of {@link LABEL_INVISIBLE}. */
function isInvisible(code: number): boolean {
  if (code < 0x061c) return false;
  return (
    code === 0x061c || code === 0x180e || code === 0x200b || code === 0x200e || code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) || code === 0x2060 || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff
  );
}

/** What one pass over a label tells ({@link labelForm}). @internal */
export const LabelForm = {
  /** Sanitizing would change it. */
  unsanitized: 0,
  /** Sanitizing returns it unchanged. */
  sanitized: 1,
  /**
   * Sanitized, and all printable ASCII without `;` or `<`: no marker or envelope escape of the
   * provider projection can change it either (their look-alikes are all outside ASCII).
   */
  plain: 2,
} as const;

/**
 * Whether sanitizing would return `label` unchanged (1 to 200 code units, no `[`, `]`, `\`, and
 * no whitespace but single spaces between other characters), and whether it is also plain. Most
 * labels are both; telling costs one pass and no allocation.
 * @internal
 */
export function labelForm(label: string): (typeof LabelForm)[keyof typeof LabelForm] {
  if (label.length === 0 || label.length > LABEL_MAX) return LabelForm.unsanitized;
  let afterSpace = true; // a leading space is not clean
  let plain = true;
  for (let index = 0; index < label.length; index++) {
    const code = label.charCodeAt(index);
    if (code === codes.space) {
      if (afterSpace) return LabelForm.unsanitized;
      afterSpace = true;
      continue;
    }
    afterSpace = false;
    if (code === codes.leftSquareBracket || code === codes.rightSquareBracket || code === codes.backslash) return LabelForm.unsanitized;
    if (code < codes.exclamationMark || code > codes.tilde) {
      if (isWhitespace(code) || isInvisible(code)) return LabelForm.unsanitized;
      plain = false;
    } else if (code === codes.semicolon || code === codes.lessThan) plain = false;
  }
  if (afterSpace) return LabelForm.unsanitized;
  return plain ? LabelForm.plain : LabelForm.sanitized;
}

/** Whether sanitizing would return `label` unchanged. */
const isSanitizedLabel = (label: string) => labelForm(label) !== LabelForm.unsanitized;

/**
 * Makes a label safe to write inside `[…]`: bidi controls and zero-width spaces are removed,
 * brackets, backslashes and line breaks become
 * spaces, whitespace runs collapse, the result is trimmed and cut to 200 UTF-16 code units
 * (which can split a surrogate pair, as the reference does). An empty result becomes `kind`.
 */
export function sanitizeComposerContextLabel(label: string, kind: string): string {
  if (isSanitizedLabel(label)) return label;
  const clean = cleanedPrefix(label).trim().slice(0, LABEL_MAX);
  return clean === "" ? kind : clean;
}

/** Invisible characters out, breakers to spaces, whitespace runs to one space: not yet trimmed. */
function cleaned(label: string): string {
  return label.replace(LABEL_INVISIBLE, "").replace(LABEL_BREAKERS, " ").replace(WHITESPACE_RUN, " ");
}

/**
 * A prefix whose cleaned form is at least this long decides the sanitized label: one leading
 * space may be trimmed, 200 units are kept, and one more keeps the trailing trim away from them.
 */
const DECIDING_LENGTH = LABEL_MAX + 2;
/** The first prefix tried of a long label: room for a few spaces and invisibles per kept unit. */
const FIRST_PREFIX = 4 * LABEL_MAX;

/**
 * The cleaned form of as much of `label` as decides its sanitized form. Cleaning works unit by
 * unit and a whitespace run becomes one space however long it is, so the cleaned form of a
 * prefix is a prefix of the cleaned label; once it reaches {@link DECIDING_LENGTH}, the rest of
 * the label cannot change the result. So a 64,000-character label costs about what an
 * 800-character one does. Prefixes double: at worst (a label of spaces) the passes add up to
 * three times the label.
 */
function cleanedPrefix(label: string): string {
  for (let length = FIRST_PREFIX; length < label.length; length *= 2) {
    const clean = cleaned(label.slice(0, length));
    if (clean.length >= DECIDING_LENGTH) return clean;
  }
  return cleaned(label);
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
 * stays text. Same result as the global pattern
 * `(!?)\[([^\]\n]{0,512})\]\((t3-context://v1/[^\s)]{1,200})\)` of docs/wire-format.md, "Reference links", in linear time.
 */
export function collectComposerContextReferences(text: string): ContextOccurrence[] {
  const occurrences: ContextOccurrence[] = [];
  visitLinks(text, (start, open, close, slash, end) => {
    const kind = text.slice(close + LINK_HREF_OFFSET, slash);
    occurrences.push({
      kind,
      contextId: text.slice(slash + 1, end - 1),
      label: sanitizeComposerContextLabel(text.slice(open + 1, close), kind),
      image: start < open,
      source: text.slice(start, end),
      start,
      end,
    });
  });
  return occurrences;
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
