// The arithmetic of the virtual window (docs/transcript.md, "Long threads"): where each message
// would sit if every message were drawn, from the heights measured so far (an estimate for the
// others), and which messages a stretch of the list covers. No DOM here: the list and the
// viewport hand in numbers, so the rules are tested on their own.

/** Where each message would start, and where the list would end, with every message drawn. */
export class MessageOffsets {
  /** `starts[i]` is the top of message `i`; `starts[count]` is past the last gap. */
  readonly #starts: Float64Array;
  readonly #gap: number;

  /** `heights[i]` is message `i`'s height in px; `gap` is the space between two messages. */
  constructor(heights: ArrayLike<number>, gap: number) {
    this.#gap = gap;
    this.#starts = new Float64Array(heights.length + 1);
    for (let i = 0; i < heights.length; i++) this.#starts[i + 1] = this.#starts[i]! + heights[i]! + gap;
  }

  get count(): number {
    return this.#starts.length - 1;
  }

  /** The top of message `index`. */
  top(index: number): number {
    return this.#starts[index]!;
  }

  /** The height of the whole list: no gap after its last message. */
  get total(): number {
    return this.count === 0 ? 0 : this.#starts[this.count]! - this.#gap;
  }

  /** The height a spacer standing for messages `from` to `to` (exclusive) takes, gaps between them included. */
  span(from: number, to: number): number {
    return to <= from ? 0 : this.#starts[to]! - this.#starts[from]! - this.#gap;
  }

  /** The first message whose box ends below `y`: binary search, the list is sorted. */
  indexAt(y: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.#starts[mid + 1]! - this.#gap <= y) low = mid + 1;
      else high = mid;
    }
    return Math.min(low, Math.max(0, this.count - 1));
  }

  /** The messages `[from, to)` that the stretch from `top` to `bottom` (list coordinates) touches. */
  range(top: number, bottom: number): [number, number] {
    if (this.count === 0) return [0, 0];
    const from = this.indexAt(Math.max(0, top));
    const to = Math.max(from + 1, this.indexAt(Math.max(0, bottom)) + 1);
    return [from, Math.min(to, this.count)];
  }
}

/**
 * The runs of consecutive indices in a sorted list of distinct indices: `[0, 1, 2, 7, 8]` gives
 * `[[0, 3], [7, 9]]`. The list draws one run after another, with a spacer between two runs.
 */
export function runsOf(sorted: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const index of sorted) {
    const last = runs.at(-1);
    if (last && last[1] === index) last[1] = index + 1;
    else runs.push([index, index + 1]);
  }
  return runs;
}
