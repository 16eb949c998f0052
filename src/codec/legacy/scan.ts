// Character tests shared by the legacy scanners. They restate, for one position, what the
// reference's regular expressions test: `^` in multiline mode, `\b`, `\s`.
import { codes } from "../chars.js";

const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;
const GRAVE_ACCENT = 0x60;

/**
 * The four line terminators after which a multiline `^` matches.
 * @internal
 */
export function isLineTerminator(code: number): boolean {
  return code === codes.lineFeed || code === codes.carriageReturn || code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR;
}

/**
 * Whether a multiline `^` matches at `index`.
 * @internal
 */
export function isLineStart(text: string, index: number): boolean {
  return index === 0 || isLineTerminator(text.charCodeAt(index - 1));
}

const WORD_CHAR = /\w/;

/**
 * Whether `\b` holds at `index` right after a word character.
 * @internal
 */
export function isWordEnd(text: string, index: number): boolean {
  return !WORD_CHAR.test(text.charAt(index));
}

/**
 * Whether `text[from, to)` is all `\s` (String#trim strips exactly the `\s` set).
 * @internal
 */
export function isBlank(text: string, from: number, to: number): boolean {
  return from >= to || text.slice(from, to).trim() === "";
}

/**
 * The number of backticks starting at `index`.
 * @internal
 */
export function backtickRun(text: string, index: number): number {
  let end = index;
  while (text.charCodeAt(end) === GRAVE_ACCENT) end++;
  return end - index;
}

/**
 * The end of `text` once trailing line feeds are removed (the reference's `/\n+$/`).
 * @internal
 */
export function trimLineFeedsEnd(text: string, end: number): number {
  while (end > 0 && text.charCodeAt(end - 1) === codes.lineFeed) end--;
  return end;
}

