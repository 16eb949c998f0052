// The diff fence of a legacy review body (docs/wire-format.md, "Legacy text", step 1): the last match of
// /(`{3,})([^\s`]*)[^\n]*\n([\s\S]*?)\n\1/g, found without that pattern's backtracking.
import { backtickRun } from "./scan.js";

/**
 * The last fenced block of a review body.
 * @internal
 */
export interface ReviewFence {
  /** Where the opening backticks start. */
  index: number;
  /** The info word right after the backticks; `""` when there is none. */
  language: string;
  /** The lines between the opening line and the closing backticks. */
  content: string;
}

const FENCE_MIN = 3;
const INFO_WORD = /[^\s`]*/y;

/**
 * The last fenced block of `body`, or `undefined`. Like the pattern, a fence need not start a
 * line; its content runs to the first line feed followed by as many backticks as the fence
 * uses; and a fence that finds no such close tries fewer backticks, down to three (then it has
 * no info word, since a backtick follows).
 *
 * The pattern rescans the rest of the body for every unclosed fence. Here one pass records the
 * backtick run after each line feed, and the longest run still ahead decides every fence at once.
 * @internal
 */
export function lastReviewFence(body: string): ReviewFence | undefined {
  const newlines: number[] = [];
  const runs: number[] = []; // runs[k]: backticks right after newlines[k]
  for (let at = body.indexOf("\n"); at !== -1; at = body.indexOf("\n", at + 1)) {
    newlines.push(at);
    runs.push(backtickRun(body, at + 1));
  }
  const longestAhead = new Array<number>(runs.length + 1).fill(0);
  for (let k = runs.length - 1; k >= 0; k--) longestAhead[k] = Math.max(runs[k]!, longestAhead[k + 1]!);

  let last: ReviewFence | undefined;
  let from = 0;
  let k = 0; // index of the first line feed after the current opening line
  for (;;) {
    const start = body.indexOf("```", from);
    if (start === -1) break;
    const run = backtickRun(body, start);
    const lineEnd = body.indexOf("\n", start + run);
    if (lineEnd === -1) break;
    while (k < newlines.length && newlines[k]! <= lineEnd) k++;
    const length = Math.min(run, longestAhead[k]!);
    // No close for three backticks here means none for any later fence either.
    if (length < FENCE_MIN) break;
    while (runs[k]! < length) k++;
    const close = newlines[k]!;
    INFO_WORD.lastIndex = start + length;
    last = { index: start, language: INFO_WORD.exec(body)![0], content: body.slice(lineEnd + 1, close) };
    from = close + 1 + length;
  }
  return last;
}
