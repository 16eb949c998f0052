// The few look-alikes the envelope escape folds (docs/security.md, "Envelope forging"): only the
// characters of `<`, `/`, `t3_context` and `context`, and of the marker's `[`, `]` and `;`.
//
// Source: the Unicode confusables table of UTS #39 (confusables.txt, 16.0), entries whose
// prototype is one of those ASCII characters, without the ones NFKC already folds (fullwidth
// forms, mathematical letters, small forms such as U+FE64): the escape applies NFKD first. A
// short table, not a dependency: the full data is ~700 KB and we need fewer than a hundred rows.

/** Look-alike → the ASCII character a reader takes it for. */
const TABLE: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // `<`
    "\u02C2": "<", // MODIFIER LETTER LEFT ARROWHEAD
    "\u1438": "<", // CANADIAN SYLLABICS PA
    "\u16B2": "<", // RUNIC LETTER KAUNA
    "\u2039": "<", // SINGLE LEFT-POINTING ANGLE QUOTATION MARK
    "\u276E": "<", // HEAVY LEFT-POINTING ANGLE QUOTATION MARK ORNAMENT
    "\u27E8": "<", // MATHEMATICAL LEFT ANGLE BRACKET
    "\u2329": "<", // LEFT-POINTING ANGLE BRACKET
    "\u3008": "<", // LEFT ANGLE BRACKET
    "\u{1D236}": "<", // GREEK INSTRUMENTAL NOTATION SYMBOL-40
    // `/`
    "\u2044": "/", // FRACTION SLASH
    "\u2215": "/", // DIVISION SLASH
    "\u2571": "/", // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT
    "\u27CB": "/", // MATHEMATICAL RISING DIAGONAL
    "\u29F8": "/", // BIG SOLIDUS
    "\u2CC6": "/", // COPTIC CAPITAL LETTER OLD COPTIC ESH
    "\u2F03": "/", // KANGXI RADICAL SLASH
    "\u3033": "/", // VERTICAL KANA REPEAT MARK UPPER HALF
    "\u30CE": "/", // KATAKANA LETTER NO
    "\u31D3": "/", // CJK STROKE SP
    "\u4E3F": "/", // CJK UNIFIED IDEOGRAPH-4E3F
    "\u1735": "/", // PHILIPPINE SINGLE PUNCTUATION
    // letters of `t3_context`
    "\u0441": "c", "\u0421": "c", "\u03F2": "c", "\u03F9": "c", "\u1D04": "c", "\u2CA5": "c", "\u2CA4": "c", "\uABAF": "c", // Cyrillic es, Greek lunate sigma, small capital c, Coptic sima, Cherokee
    "\u043E": "o", "\u041E": "o", "\u03BF": "o", "\u039F": "o", "\u03C3": "o", "\u0585": "o", "\u05E1": "o", "\u0665": "o", "\u06F5": "o", "\u0966": "o", "\u0E50": "o", "\u0ED0": "o", "\u101D": "o", "\u1D0F": "o", "\u2C9F": "o", "\u2C9E": "o", "\u0030": "o", // Cyrillic o, Greek omicron and sigma, Armenian oh, digit zeros
    "\u0578": "n", "\u057C": "n", "\u039D": "n", "\u0274": "n", // Armenian vo and ra, Greek capital nu, small capital n
    "\u0442": "t", "\u0422": "t", "\u03C4": "t", "\u03A4": "t", "\u1D1B": "t", "\u22A4": "t", "\u27D9": "t", "\u2CA6": "t", "\uA4D4": "t", // Cyrillic te, Greek tau, small capital t, down tack
    "\u0435": "e", "\u0415": "e", "\u0395": "e", "\u04BD": "e", "\u212E": "e", "\uAB32": "e", "\u1D07": "e", // Cyrillic ie, Greek epsilon, abkhasian che, estimated symbol
    "\u0445": "x", "\u0425": "x", "\u03C7": "x", "\u03A7": "x", "\u00D7": "x", "\u2A2F": "x", "\u157D": "x", "\u166E": "x", "\u2CAD": "x", "\u2CAC": "x", // Cyrillic ha, Greek chi, multiplication sign
    "\u0417": "3", "\u04E0": "3", "\u01B7": "3", "\u021C": "3", "\u2CCC": "3", "\uA76A": "3", // Cyrillic ze, ezh, yogh
    // `_` and the separators a reader takes for it between `t3` and `context`
    "\u2017": "_", // DOUBLE LOW LINE
    "\u02CD": "_", // MODIFIER LETTER LOW MACRON
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-", "\u2043": "-", "\u02D7": "-", "\u06D4": "-", // hyphens, dashes, minus, hyphen bullet
    // `[`, `]` and `;` of a marker
    "\u2772": "[", "\u3010": "[", "\u3014": "[", "\u3016": "[", "\u3018": "[", "\u301A": "[", "\u27E6": "[", // ornament, lenticular, tortoise shell, white brackets
    "\u2773": "]", "\u3011": "]", "\u3015": "]", "\u3017": "]", "\u3019": "]", "\u301B": "]", "\u27E7": "]",
    "\u037E": ";", "\u204F": ";", "\uFE14": ";", "\u061B": ";", // Greek question mark (also NFKC), reversed semicolon, presentation form, Arabic semicolon
  }),
);

/** Code units below this are ASCII. */
const ASCII_END = 0x80;

/**
 * The ASCII character `char` reads as: NFKD with its combining marks dropped, then the table,
 * then lower case. Characters outside the table come back NFKD-folded and lower-cased.
 * @internal
 */
export function foldConfusable(char: string): string {
  const direct = TABLE.get(char);
  if (direct !== undefined) return direct;
  // ASCII is its own NFKD form: only the case folds (the envelope escape folds every letter
  // after each `<` of a body, and most of them are ASCII).
  if (char.length === 1 && char.charCodeAt(0) < ASCII_END) return char.toLowerCase();
  const decomposed = char.normalize("NFKD").replace(COMBINING_MARKS, "");
  let out = "";
  for (const part of decomposed) out += TABLE.get(part) ?? part.toLowerCase();
  return out;
}

const COMBINING_MARKS = /\p{M}/gu;

/** Every look-alike of `ascii` in the table, for building character classes. @internal */
export function confusablesOf(ascii: string): string[] {
  const out: string[] = [];
  for (const [char, folded] of TABLE) if (folded === ascii) out.push(char);
  return out;
}
