// A streaming reply's unfinished end, drawn as it will be drawn when it is finished
// (docs/transcript.md, "Streaming"): while a message is pending, its last block is completed
// before it is lexed, so that no Markdown marker shows for a moment and then disappears.
// - an open `**`, `__`, `*`, `_`, `~~` or `` ` `` is closed at the end, so the text after it is
//   styled already;
// - a half-written link (`[label` or `[label](https://exa`) shows its label, not yet a link;
// - a run of marker characters at the very end (`**`, `` ` ``, `[`) waits for what follows;
// - a half-written table row (its line not ended yet) waits;
// - an open fence needs nothing: CommonMark draws it as a code block to the end of the text.
// Only the last block changes, so the blocks above it never reflow. Pure: no DOM.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TRAILING_MARKERS = /[*_~`[!]+$/;
const OPEN_LINK = /!?\[([^\]\n]*)\](?:\([^)\n]*)?$|!?\[([^\]\n]*)$/;
const TABLE_ROW = /^ {0,3}\|/;
const PARTIAL_FENCE = /\n {0,3}(?:`{1,2}|~{1,2})$/;
const CODE_SPAN = /`+/g;
/** The emphasis markers, longest first, as they pair up. */
const PAIRS = ["**", "__", "~~", "*", "_"] as const;

/** Where the last block starts: after the last blank line outside a fence; `-1` inside an open fence. */
function lastBlockStart(text: string): number {
  let fence: string | null = null;
  let start = 0;
  let offset = 0;
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    const open = FENCE.exec(line);
    // The last line has no line feed yet: blank, it is no blank line.
    const blank = line.trim() === "" && index < lines.length - 1;
    if (fence === null && open) fence = open[1]!;
    else if (fence !== null && open && open[1]!.startsWith(fence[0]!) && open[1]!.length >= fence.length && line.trim() === open[1]) fence = null;
    else if (fence === null && blank) start = offset + line.length + 1;
    offset += line.length + 1;
  }
  return fence === null ? Math.min(start, text.length) : -1;
}

/** The block's text with its code spans blanked (their markers are code, not emphasis). */
function withoutCode(block: string): { text: string; openTicks: string | null } {
  let out = "";
  let last = 0;
  let open: { at: number; ticks: string } | null = null;
  for (const match of block.matchAll(CODE_SPAN)) {
    if (open === null) {
      open = { at: match.index, ticks: match[0] };
    } else if (match[0] === open.ticks) {
      out += block.slice(last, open.at) + " ".repeat(match.index + match[0].length - open.at);
      last = match.index + match[0].length;
      open = null;
    }
  }
  if (open) return { text: out + block.slice(last, open.at) + " ".repeat(block.length - open.at), openTicks: open.ticks };
  return { text: out + block.slice(last), openTicks: null };
}

/** Whether a `_` run at `at` can open or close emphasis (not inside a word, as CommonMark says). */
function flankingUnderscore(text: string, at: number, length: number): boolean {
  const before = text[at - 1] ?? " ";
  const after = text[at + length] ?? " ";
  return !(/[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after));
}

/** The emphasis markers left open in `text` (code blanked), in the order they opened. */
function openMarkers(text: string): string[] {
  const stack: string[] = [];
  let at = 0;
  while (at < text.length) {
    const pair = PAIRS.find((marker) => text.startsWith(marker, at));
    if (!pair) {
      at++;
      continue;
    }
    // A `*` or `-` list bullet at a line's start is no emphasis.
    const lineStart = at === 0 || text[at - 1] === "\n";
    if (pair === "*" && lineStart && text[at + 1] === " ") {
      at += 1;
      continue;
    }
    if (pair.startsWith("_") && !flankingUnderscore(text, at, pair.length)) {
      at += pair.length;
      continue;
    }
    if (stack.at(-1) === pair) stack.pop();
    else if (text[at + pair.length] !== undefined && text[at + pair.length] !== " ") stack.push(pair);
    at += pair.length;
  }
  return stack;
}

function completeBlock(block: string): string {
  const lines = block.split("\n");
  // A fenced block that closed: nothing in it is Markdown.
  if (FENCE.test(lines[0]!)) return block;
  if (TABLE_ROW.test(lines[0]!)) {
    // A table waits for its delimiter row's end (until then its pipes would show as text), then
    // each row for its line's end.
    if (lines.length <= 2) return "";
    if (TABLE_ROW.test(lines.at(-1)!)) return lines.slice(0, -1).join("\n");
  }
  let out = block.replace(TRAILING_MARKERS, "");
  // A half-written link: its label, without the brackets (a chip's link too).
  out = out.replace(OPEN_LINK, (_whole, closed?: string, open?: string) => closed ?? open ?? "");
  const { text, openTicks } = withoutCode(out);
  const closers = (openTicks ?? "") + openMarkers(text).reverse().join("");
  // A closer after a space would not close (CommonMark's flanking rule): the space goes first,
  // as it shows nothing at a paragraph's end.
  return closers ? out.trimEnd() + closers : out;
}

/**
 * `text` with its last block completed as it will be drawn when finished (see above); the text
 * itself when there is nothing to complete or its end is inside a fence.
 */
export function completeStreamingTail(text: string): string {
  const start = lastBlockStart(text);
  // In an open fence, a closing fence being written (`` ` `` or ``` `` ```) waits for its line.
  if (start < 0) return text.replace(PARTIAL_FENCE, "");
  if (start >= text.length) return text;
  const block = text.slice(start);
  const completed = completeBlock(block);
  return completed === block ? text : text.slice(0, start) + completed;
}
