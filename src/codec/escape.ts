// The escapes of the provider envelope and their hardening (docs/wire-format.md, "Envelope
// neutralization"); the legacy serializer reuses the attribute escape for `<review_comment …>`.
import { WHITESPACE_RUN, codes } from "./chars.js";
import { confusablesOf, foldConfusable } from "./confusables.js";

// The reference rule: a `<` that could open or close either tag. `\b` and `i` without `u` make
// it ASCII-only: `<contextual>` and `<t3_contextx>` stay, `</CONTEXT >` does not. Sticky, so it
// is tried at one position.
const REFERENCE_TAG = /<\/?(?:t3_)?context\b/iy;
const LESS_THAN_ENTITY = "&lt;";
/** The bit that tells an ASCII letter's cases apart: setting it gives the lower case. */
const ASCII_CASE_BIT = 0x20;

/** Characters that read as `<`: ASCII, its NFKC forms (small, fullwidth) and its look-alikes. */
const OPENERS = ["<", "\uFE64", "\uFF1C", ...confusablesOf("<")];
const OPENER = new RegExp(`[${OPENERS.join("")}]`, "gu");
const OPENER_ANY = new RegExp(`[${OPENERS.join("")}]`, "u");

/**
 * How far past an opener the hardened rule reads. `</t3_context` is 12 characters; the rest
 * leaves room for format characters and spaces hidden inside it, while keeping the escape
 * linear (each opener costs at most this much).
 */
const TAG_RUN_MAX = 64;

/** Format, control and combining characters, and the Hangul fillers: invisible in a tag. */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0]$/u;
const SPACE = /^\s$/u;
const NAME_CHAR = /^[a-z0-9_-]$/;
/** The envelope's tag names once folded: `context`, `t3_context` and the hyphen and glued forms. */
const TAG_NAME = /^(?:t3[-_]?)?context(?![a-z0-9_])/;
/**
 * A closer's name once folded: the tag names, with any word characters after them. A model reads
 * `</t3_context_>` or `</t3_contexts>` as the envelope's closer, a typo of it; an opener such as
 * `<contextual>` stays, since it opens nothing the envelope knows.
 */
const CLOSER_NAME = /^(?:t3[-_]?)?context/;
const TAG_NAME_WHOLE = /^(?:t3[-_]?)?context$/;
const TAG_NAME_START = /^[tc]/;

/** Reads past `from` while characters are invisible (and, if `spaces`, whitespace). */
function skip(text: string, from: number, end: number, spaces: boolean): number {
  let at = from;
  while (at < end) {
    const char = String.fromCodePoint(text.codePointAt(at)!);
    if (!INVISIBLE.test(char) && !(spaces && SPACE.test(char))) break;
    at += char.length;
  }
  return at;
}

/**
 * Whether a code unit right after an opener settles that no tag follows: printable ASCII that is
 * not a space, not a slash or backslash, and does not fold to the `t` or `c` both tag names start
 * with. ASCII folds by case alone (confusables.ts), so such a character starts a name that never
 * becomes a tag name. That is the usual case in markup (`<div`, `<button`, `<=`), and telling it
 * spares the reading's pattern tests, a fifth of the time spent formatting the benchmark's
 * entries.
 */
function endsTagRun(code: number): boolean {
  if (code <= codes.space || code > codes.tilde) return false;
  const lower = code | ASCII_CASE_BIT;
  return code !== codes.slash && code !== codes.backslash && lower !== codes.lowercaseT && lower !== codes.lowercaseC;
}

/** Whether no tag can start at `from`, right after an opener: see {@link endsTagRun}. */
function noTagAfter(text: string, from: number): boolean {
  const code = text.charCodeAt(from);
  // `</button`: one ASCII slash, then the same test (a second slash or a space takes the long way).
  return endsTagRun(code === codes.slash ? text.charCodeAt(from + 1) : code);
}

/**
 * Whether the text after an opener reads as an envelope tag to a model: optional spaces and
 * invisible characters, an optional slash (or look-alike, or `\`), more of them, then a name that
 * folds (NFKD, confusables, lower case; invisible characters dropped) to a tag name, ending at a
 * character that does not continue it. After a slash the name may go on (`</t3_contexts>`).
 */
function readsAsEnvelopeTag(text: string, from: number): boolean {
  const end = Math.min(text.length, from + TAG_RUN_MAX);
  let at = skip(text, from, end, true);
  let closer = false;
  // A slash, or `\/` as JSON may write it.
  for (let slashes = 0; slashes < 2 && at < end; slashes++) {
    const char = String.fromCodePoint(text.codePointAt(at)!);
    const folded = foldConfusable(char);
    if (folded !== "/" && folded !== "\\") break;
    closer ||= folded === "/";
    at = skip(text, at + char.length, end, true);
  }
  let name = "";
  while (at < end) {
    const char = String.fromCodePoint(text.codePointAt(at)!);
    at += char.length;
    // An invisible character may be read as nothing or as the end of the name: either counts.
    if (INVISIBLE.test(char)) {
      if (TAG_NAME_WHOLE.test(name)) return true;
      continue;
    }
    const folded = foldConfusable(char);
    name += folded;
    // Both tag names start with `t` or `c`: a name that starts otherwise never becomes one (the
    // usual case, `<div`, `<button`, ends here). A character may fold to nothing: then wait.
    if (name !== "" && !TAG_NAME_START.test(name)) return false;
    // A closer is settled once its name is read, whatever word characters follow.
    if (closer && CLOSER_NAME.test(name)) return true;
    if (![...folded].every((part) => NAME_CHAR.test(part))) break;
  }
  return TAG_NAME.test(name);
}

/**
 * Makes captured text safe inside the envelope: every character that starts something a model
 * reads as a `context` or `t3_context` tag becomes `&lt;`, so terminal output or a review
 * comment can never close the envelope or forge an entry. That is the reference rule (an ASCII
 * `<`, an optional `/`, the name at a word boundary) plus its look-alikes: `<` and `/` look-alikes,
 * tag names after NFKD and confusable folding, format and control characters inside the run, and
 * spaces after the `<` or `/`. Nothing else changes (`>`, `&` and JSON stay as they are).
 * @internal
 */
export function escapeEnvelopeTags(text: string): string {
  // Most bodies have no opener at all; skipping the scan keeps projection close to a bare scan.
  if (!OPENER_ANY.test(text)) return text;
  let out = "";
  let cursor = 0;
  // `exec` on the one global pattern rather than `matchAll`, which clones it and makes an
  // iterator per body.
  OPENER.lastIndex = 0;
  for (let match = OPENER.exec(text); match !== null; match = OPENER.exec(text)) {
    const at = match.index;
    const opener = match[0];
    // Neither rule can take it (the reference rule needs `t` or `c` after the `<` or `</`).
    if (noTagAfter(text, at + opener.length)) continue;
    REFERENCE_TAG.lastIndex = at;
    if (!(opener === "<" && REFERENCE_TAG.test(text)) && !readsAsEnvelopeTag(text, at + opener.length)) continue;
    out += text.slice(cursor, at) + LESS_THAN_ENTITY;
    cursor = at + opener.length;
  }
  return cursor === 0 ? text : out + text.slice(cursor);
}

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/g;
const LINE_BREAK_ANY = /[\n\r\v\f\u0085\u2028\u2029]/;
const LINE_BREAK_NAMES: Record<string, string> = {
  "\n": "\\n",
  "\r": "\\r",
  "\v": "\\v",
  "\f": "\\f",
  "\u0085": "\\u0085",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * A single-line field (a name, a path, a URL, a label) written on one line: each line break
 * becomes its visible escape (`\n`, `\r`, `\u2028`…), so a value cannot start a line of its own
 * that reads like the envelope's structure.
 * @internal
 */
export function singleLine(value: string): string {
  return LINE_BREAK_ANY.test(value) ? value.replace(LINE_BREAK, (char) => LINE_BREAK_NAMES[char]!) : value;
}

/** Characters that read as the marker's `[`, `]` or `;`: ASCII, NFKC forms, look-alikes. */
const MARKER_PUNCTUATION_CHARS = [
  "[", "]", ";", "\uFF3B", "\uFF3D", "\uFF1B", "\uFE54", "\uFE47", "\uFE48",
  ...confusablesOf("["), ...confusablesOf("]"), ...confusablesOf(";"),
].map((char) => (char === "[" || char === "]" ? "\\" + char : char));
const MARKER_PUNCTUATION = new RegExp(`[${MARKER_PUNCTUATION_CHARS.join("")}]`, "gu");
const MARKER_PUNCTUATION_ANY = new RegExp(`[${MARKER_PUNCTUATION_CHARS.join("")}]`, "u");

/**
 * A marker label that cannot read as the end of its marker or the start of another: look-alikes
 * of `[`, `]` and `;` (fullwidth `［ ］ ；` and the like) become spaces, as ASCII `]` and `;` do.
 * @internal
 */
export function escapeMarkerPunctuation(label: string): string {
  if (!MARKER_PUNCTUATION_ANY.test(label)) return label;
  return label.replace(MARKER_PUNCTUATION, " ").replace(WHITESPACE_RUN, " ").trim();
}

const ATTRIBUTE_SPECIAL = /[&"<>]/g;
// Testing first spares the replace, and its allocation, for the usual value with nothing to escape.
const ATTRIBUTE_SPECIAL_ANY = /[&"<>]/;
const ATTRIBUTE_ENTITIES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/**
 * Escapes `&`, `"`, `<` and `>` in an attribute value. Link kinds and ids cannot hold any of
 * them; a record passed without validation can.
 * @internal
 */
export function escapeAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL_ANY.test(value) ? value.replace(ATTRIBUTE_SPECIAL, (char) => ATTRIBUTE_ENTITIES[char]!) : value;
}
