// Named character codes used by the hand-written scanners (house style: no magic numbers).

/** @internal */
export const codes = {
  lineFeed: 0x0a,
  carriageReturn: 0x0d,
  exclamationMark: 0x21,
  leftParenthesis: 0x28,
  rightParenthesis: 0x29,
  leftSquareBracket: 0x5b,
  rightSquareBracket: 0x5d,
} as const;
