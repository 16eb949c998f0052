// A count per client over a sliding window (uploads per client per hour): a refusal is a 429 with
// the seconds until the oldest counted event leaves the window.
import { RequestError } from "./errors.js";

const MS_PER_SECOND = 1000;

export class WindowQuota {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #events = new Map<string, number[]>();

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Counts one event for `client`, or throws a 429 when it already has `max` in the window. */
  take(client: string, now = Date.now()): void {
    const times = (this.#events.get(client) ?? []).filter((time) => time > now - this.#windowMs);
    if (times.length >= this.#max) {
      const retryAfter = Math.ceil((times[0]! + this.#windowMs - now) / MS_PER_SECOND);
      throw new RequestError(429, "too-many-uploads", `At most ${this.#max} uploads an hour`, undefined, { "retry-after": String(retryAfter) });
    }
    times.push(now);
    this.#events.set(client, times);
  }

  /** Forgets clients with nothing left in the window (the sweep calls it, so the map stays small). */
  prune(now = Date.now()): void {
    for (const [client, times] of this.#events) if (times.every((time) => time <= now - this.#windowMs)) this.#events.delete(client);
  }
}
