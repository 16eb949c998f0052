// The file links of inline tokens, `[name](path)` after whitespace and before whitespace, found in
// one pass. The pattern it implements is
//
//   /(^|\s)\[((?:\\.|[^\]\\]){0,512})\]\(([^)\s]+)\)(?=\s)/g
//
// which, run as a pattern, is linear but slow on hostile text: after each `[` that follows
// whitespace it reads up to 512 units before giving up, so 1 MB of `[ ` took ~700 ms. Here the
// label is read once for all the `[`s that share it. That is sound because a label parses the same
// way from any `[` inside it: a candidate `[` follows whitespace, so it is never the second half of
// a `\` escape, and the reading from an earlier `[` reaches it at a unit boundary too.
import { codes, isWhitespace } from "./chars.js";

/** The most units (a character, or `\` and the character it escapes) a label may have. */
const LABEL_UNITS_MAX = 512;

/** One file link: offsets into the text, `end` exclusive. */
export interface FileLinkMatch {
  /** The `[`. */
  start: number;
  /** The raw label, escapes included. */
  label: string;
  /** The raw path between `(` and `)`. */
  path: string;
  /** After the `)`. */
  end: number;
}

/** JavaScript's `.`: anything but a line terminator. */
function isLineTerminator(code: number): boolean {
  return code === codes.lineFeed || code === codes.carriageReturn || code === 0x2028 || code === 0x2029;
}

/** Where a label that starts at `from` stops, and how many units it read on the way. */
interface LabelScan {
  from: number;
  /** The `]`, a `\` that escapes nothing, or the end of the text. */
  stop: number;
  closed: boolean;
  /** Units read from `from` to each boundary, indexed by offset − `from`. */
  units: Int32Array;
}

function scanLabel(text: string, from: number): LabelScan {
  const units: number[] = [];
  let index = from;
  let count = 0;
  for (;;) {
    units[index - from] = count;
    if (index >= text.length) return { from, stop: index, closed: false, units: Int32Array.from(units) };
    const code = text.charCodeAt(index);
    if (code === codes.rightSquareBracket) return { from, stop: index, closed: true, units: Int32Array.from(units) };
    if (code === codes.backslash) {
      if (index + 1 >= text.length || isLineTerminator(text.charCodeAt(index + 1))) return { from, stop: index, closed: false, units: Int32Array.from(units) };
      units[index + 1 - from] = -1; // inside an escape: never a boundary
      index += 2;
    } else {
      index += 1;
    }
    count++;
  }
}

/** The end of `(path)` after the `]` at `close`, or -1: the path, then `)`, then whitespace. */
function pathEnd(text: string, close: number): number {
  if (text.charCodeAt(close + 1) !== codes.leftParenthesis) return -1;
  let index = close + 2;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === codes.rightParenthesis || isWhitespace(code)) break;
    index++;
  }
  if (index === close + 2 || text.charCodeAt(index) !== codes.rightParenthesis) return -1;
  return index + 1 < text.length && isWhitespace(text.charCodeAt(index + 1)) ? index + 1 : -1;
}

/** Every file link of `text`, in order, as the pattern above finds them with `matchAll`. */
export function scanFileLinks(text: string): FileLinkMatch[] {
  const found: FileLinkMatch[] = [];
  let scan: LabelScan | undefined;
  /** The `)`-end found for the `]` of the current scan (-2: not looked at yet). */
  let scanPathEnd = -2;
  /** Where the pattern may start next (its `lastIndex`). */
  let resume = 0;
  for (let open = text.indexOf("[", 0); open !== -1; open = text.indexOf("[", open + 1)) {
    // `(^|\s)` matched at or after `resume`: the start of the text, or whitespace before `[`.
    if (!(open === 0 || (open - 1 >= resume && isWhitespace(text.charCodeAt(open - 1))))) continue;
    const from = open + 1;
    if (!scan || from > scan.stop) {
      scan = scanLabel(text, from);
      scanPathEnd = -2;
    }
    if (!scan.closed || scan.units[scan.stop - scan.from]! - scan.units[from - scan.from]! > LABEL_UNITS_MAX) continue;
    if (scanPathEnd === -2) scanPathEnd = pathEnd(text, scan.stop);
    if (scanPathEnd === -1) continue;
    found.push({ start: open, label: text.slice(from, scan.stop), path: text.slice(scan.stop + 2, scanPathEnd - 1), end: scanPathEnd });
    resume = scanPathEnd;
    open = scanPathEnd - 1;
  }
  return found;
}
