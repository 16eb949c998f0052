// The arithmetic of the virtual window (docs/transcript.md, "Long threads"): where each message
// would sit if every message were drawn, from the heights measured so far (an estimate for the
// others), and which messages a stretch of the list covers. No DOM here: the list and the
// viewport hand in numbers, so the rules are tested on their own.

/**
 * The measured heights of a thread's messages, `NaN` for one never measured, summed in two
 * Fenwick trees (binary indexed trees): the measured heights, and how many were measured. A
 * measurement, and the height of all the messages before any one, then cost O(log n): a pass
 * over a 10,000-message thread walks no array of it, where summing every height again after each
 * measurement took milliseconds of the first frame (docs/performance.md, "The first frame of a
 * long thread").
 */
export class MessageHeights {
  /** Each message's height, `NaN` where none was measured. */
  readonly #heights: Float64Array;
  /** Fenwick tree of the measured heights: node `i` (from 1) sums the `i & -i` heights ending at `i`. */
  readonly #sums: Float64Array;
  /** The same tree over 1 for each measured message. */
  readonly #counts: Int32Array;
  #sum = 0;
  #measured = 0;

  /** `heights` holds each message's height (`NaN` where not measured), or is how many messages there are, none measured. */
  constructor(heights: number | ArrayLike<number>) {
    const count = typeof heights === "number" ? heights : heights.length;
    this.#heights = new Float64Array(count).fill(NaN);
    this.#sums = new Float64Array(count + 1);
    this.#counts = new Int32Array(count + 1);
    if (typeof heights === "number") return;
    for (let i = 0; i < count; i++) {
      const height = heights[i]!;
      if (Number.isNaN(height)) continue;
      this.#heights[i] = this.#sums[i + 1] = height;
      this.#counts[i + 1] = 1;
      this.#sum += height;
      this.#measured++;
    }
    // Each node adds what it sums into its parent: the tree built in linear time.
    for (let node = 1; node <= count; node++) {
      const parent = node + (node & -node);
      if (parent > count) continue;
      this.#sums[parent]! += this.#sums[node]!;
      this.#counts[parent]! += this.#counts[node]!;
    }
  }

  get count(): number {
    return this.#heights.length;
  }

  /** Records the height of message `index`. */
  set(index: number, height: number): void {
    const before = this.#heights[index]!;
    const first = Number.isNaN(before);
    const change = first ? height : height - before;
    this.#heights[index] = height;
    this.#sum += change;
    if (first) this.#measured++;
    for (let node = index + 1; node <= this.count; node += node & -node) {
      this.#sums[node]! += change;
      if (first) this.#counts[node]!++;
    }
  }

  /** The mean of the measured heights, or `fallback` while none is measured. */
  mean(fallback: number): number {
    return this.#measured > 0 ? this.#sum / this.#measured : fallback;
  }

  /** The height of messages `[0, end)`, with `estimate` for each one not measured, no gaps. */
  before(end: number, estimate: number): number {
    let sum = 0;
    let measured = 0;
    for (let node = end; node > 0; node -= node & -node) {
      sum += this.#sums[node]!;
      measured += this.#counts[node]!;
    }
    return sum + (end - measured) * estimate;
  }
}

/**
 * Where each message would start, and where the list would end, with every message drawn: from
 * the heights measured so far and `estimate` for the others. A view of `heights`, which holds
 * until the next measurement.
 */
export class MessageOffsets {
  readonly #heights: MessageHeights;
  readonly #estimate: number;
  readonly #gap: number;

  /** `gap` is the space between two messages, in px. */
  constructor(heights: MessageHeights, estimate: number, gap: number) {
    this.#heights = heights;
    this.#estimate = estimate;
    this.#gap = gap;
  }

  get count(): number {
    return this.#heights.count;
  }

  /** The top of message `index`. */
  top(index: number): number {
    return this.#heights.before(index, this.#estimate) + index * this.#gap;
  }

  /** The height of the whole list: no gap after its last message. */
  get total(): number {
    return this.count === 0 ? 0 : this.top(this.count) - this.#gap;
  }

  /** The height a spacer standing for messages `from` to `to` (exclusive) takes, gaps between them included. */
  span(from: number, to: number): number {
    return to <= from ? 0 : this.top(to) - this.top(from) - this.#gap;
  }

  /** The first message whose box ends below `y`: binary search, the tops only grow. */
  indexAt(y: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.top(mid + 1) - this.#gap <= y) low = mid + 1;
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
