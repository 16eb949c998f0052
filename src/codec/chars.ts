// Named character codes used by the hand-written scanners (house style: no magic numbers).

/** @internal */
export const codes = {
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  exclamationMark: 0x21,
  leftParenthesis: 0x28,
  rightParenthesis: 0x29,
  semicolon: 0x3b,
  lessThan: 0x3c,
  leftSquareBracket: 0x5b,
  rightSquareBracket: 0x5d,
  tab: 0x09,
  space: 0x20,
  hyphen: 0x2d,
  slash: 0x2f,
  digitZero: 0x30,
  digitNine: 0x39,
  uppercaseA: 0x41,
  uppercaseZ: 0x5a,
  backslash: 0x5c,
  lowLine: 0x5f,
  lowercaseA: 0x61,
  lowercaseC: 0x63,
  lowercaseT: 0x74,
  lowercaseZ: 0x7a,
  tilde: 0x7e,
  noBreakSpace: 0xa0,
} as const;

const WHITESPACE = /\s/;

/**
 * A run of JavaScript `\s`. Global, for `replace`, which starts from 0 whatever `lastIndex` is.
 * @internal
 */
export const WHITESPACE_RUN = /\s+/g;

/**
 * The last segment of a path, split on `/` or `\`.
 * @internal
 */
export function basename(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

/**
 * Whether a UTF-16 code unit is in JavaScript's `\s`. ASCII is decided by hand (scanners call
 * this for every character); the rare other code unit asks the pattern itself.
 * @internal
 */
export function isWhitespace(code: number): boolean {
  if (code <= codes.space) return code === codes.space || (code >= codes.tab && code <= codes.carriageReturn);
  return code >= codes.noBreakSpace && WHITESPACE.test(String.fromCharCode(code));
}
