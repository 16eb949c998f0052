// Character references in Markdown text. marked leaves named references in its text tokens
// (its own renderer writes them into HTML, where the browser decodes them); we build DOM with
// `textContent`, so we decode them here, without any HTML parser. The names people actually write
// are listed here; HTML's full table (2,125 names, 11.7 KB gzip) is a chunk fetched the first time a
// message holds a name outside this list (load-names.ts). Until it is in, such a name stays as
// written and the message is marked, so that it is drawn again once the table has arrived.

/** The named references people actually write; the others wait for the full table. */
const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", ensp: "\u2002", emsp: "\u2003",
  thinsp: "\u2009", shy: "\u00ad", zwj: "\u200d", zwnj: "\u200c", copy: "©", reg: "®", trade: "™",
  hellip: "…", mdash: "—", ndash: "–", lsquo: "‘", rsquo: "’", sbquo: "‚", ldquo: "“", rdquo: "”",
  bdquo: "„", laquo: "«", raquo: "»", lsaquo: "‹", rsaquo: "›", middot: "·", bull: "•", times: "×",
  divide: "÷", minus: "−", plusmn: "±", deg: "°", micro: "µ", para: "¶", sect: "§", dagger: "†",
  Dagger: "‡", euro: "€", pound: "£", yen: "¥", cent: "¢", curren: "¤", larr: "←", rarr: "→",
  uarr: "↑", darr: "↓", harr: "↔", lArr: "⇐", rArr: "⇒", hArr: "⇔", le: "≤", ge: "≥", ne: "≠",
  asymp: "≈", equiv: "≡", infin: "∞", sum: "∑", prod: "∏", radic: "√", part: "∂", nabla: "∇",
  isin: "∈", notin: "∉", cap: "∩", cup: "∪", and: "∧", or: "∨", not: "¬", forall: "∀", exist: "∃",
  empty: "∅", alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", lambda: "λ", mu: "μ",
  pi: "π", sigma: "σ", tau: "τ", phi: "φ", omega: "ω", Delta: "Δ", Sigma: "Σ", Omega: "Ω",
  frac12: "½", frac14: "¼", frac34: "¾", sup1: "¹", sup2: "²", sup3: "³", iexcl: "¡", iquest: "¿",
  check: "✓", cross: "✗", star: "☆", starf: "★", hearts: "♥", Tab: "\t", NewLine: "\n",
};

/** HTML's whole table of named references, once its chunk is in (`useNamedReferences`). */
let table: Readonly<Record<string, string>> | undefined;
/** Whether a name was left as written since `takeMissedName()` was last asked, for want of the table. */
let missed = false;

/** Decodes every HTML name from now on with `full` (the chunk of load-names.ts hands it over). */
export function useNamedReferences(full: Readonly<Record<string, string>>): void {
  table = full;
}

/** Whether a name was left as written for want of the full table since the last call; resets it. */
export function takeMissedName(): boolean {
  const was = missed;
  missed = false;
  return was;
}

function named(whole: string, name: string): string {
  if (Object.hasOwn(NAMED, name)) return NAMED[name]!;
  if (!table) {
    missed = true;
    return whole;
  }
  // An unknown name stays literal text, as CommonMark says.
  return Object.hasOwn(table, name) ? table[name]! : whole;
}

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;
const REPLACEMENT = "\ufffd";
const CODE_POINT_MAX = 0x10ffff;

function fromCodePoint(code: number): string {
  // CommonMark: NUL, surrogates and values past Unicode become U+FFFD.
  if (code === 0 || code > CODE_POINT_MAX || (code >= 0xd800 && code <= 0xdfff)) return REPLACEMENT;
  return String.fromCodePoint(code);
}

/** Decodes `&name;`, `&#123;` and `&#x1F;` references in one left-to-right pass. */
export function decodeCharacterReferences(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return named(whole, name!);
  });
}
