// One row of the benchmark table (issue 8): our figure, the peer's, their ratio, the target.

export interface BenchRow {
  name: string;
  /** The browser engine the row was measured in (bench/engines.bench.ts); unset: Chromium, or no browser. */
  engine?: string;
  /** Our figure, in `unit`. */
  ours: number;
  /** The figure we are measured against, in the same unit (a peer library or a floor). */
  peer: number;
  /** What `peer` is, for the printed table. */
  peerName: string;
  unit: "ms" | "KB" | "MB";
  /** `ours / peer` for times and sizes, or `peer / ours` when the target is "at least as fast". */
  ratio: number;
  /** The target as people read it, e.g. "≤ 2×" or "≤ 110 KB". */
  target: string;
  pass: boolean;
  /** Extra figures worth printing (e.g. a hand-written floor). */
  note?: string;
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p-th percentile (0–100), nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `fn` `warmup` times, then `runs` times, and returns the median wall time in ms. */
export async function medianTime(fn: () => unknown, { runs = 7, warmup = 2 } = {}): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}
