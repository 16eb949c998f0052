// Clocks for tests of backoff: nothing waits for real.
import type { Clock } from "../../../src/transport/retry.js";

/**
 * A clock whose timers fire on the next microtask, with time moved forward by their delay: a
 * retry loop runs through at once and `delays` says what it would have waited.
 */
export class InstantClock implements Clock {
  time = 0;
  readonly delays: number[] = [];
  constructor(readonly randomValue = 0.5) {}
  now = () => this.time;
  random = () => this.randomValue;
  setTimeout = (callback: () => void, ms: number) => {
    const timer = { cancelled: false };
    this.delays.push(ms);
    queueMicrotask(() => {
      if (timer.cancelled) return;
      this.time += ms;
      callback();
    });
    return timer;
  };
  clearTimeout = (handle: unknown) => {
    if (handle) (handle as { cancelled: boolean }).cancelled = true;
  };
}

/** A clock whose timers fire only when the test calls `advance`. */
export class ManualClock implements Clock {
  time = 0;
  #timers: { at: number; callback: () => void; cancelled: boolean }[] = [];
  constructor(readonly randomValue = 0.5) {}
  now = () => this.time;
  random = () => this.randomValue;
  setTimeout = (callback: () => void, ms: number) => {
    const timer = { at: this.time + ms, callback, cancelled: false };
    this.#timers.push(timer);
    return timer;
  };
  clearTimeout = (handle: unknown) => {
    if (handle) (handle as { cancelled: boolean }).cancelled = true;
  };
  /** Delays of the timers still waiting, from now. */
  get pending(): number[] {
    return this.#timers.filter((t) => !t.cancelled).map((t) => t.at - this.time);
  }
  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.#timers.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.cancelled = true;
      this.time = due.at;
      due.callback();
    }
    this.time = end;
  }
}
