// Exponential backoff with jitter, bounded in attempts and in total time, abortable. Shared by the
// fetch adapter (sends) and the WebSocket adapter (reconnects, and the bound on one send).
import { backoffDelay, type Clock, type RetryPolicy } from "./config.js";

// Checked when an adapter is created, before this module (part of the implementation's chunk) loads;
// the backoff too, which a WebSocket adapter uses to fetch that chunk again after a failure.
/** @internal */
export { backoffDelay, resolveRetryPolicy, type Clock, type RetryPolicy } from "./config.js";

/** @internal Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal, clock: Clock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * @internal Runs `attempt` until it succeeds, throws an error that `isRetryable` refuses, or the
 * policy is used up; then rethrows the last error. An abort rejects with the signal's reason,
 * whether it comes during an attempt or during a delay. `onRetry` hears the number of each
 * attempt that is about to follow a failed one (2, 3, …), before its delay.
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  policy: RetryPolicy,
  signal: AbortSignal,
  clock: Clock,
  onRetry?: (attempt: number) => void,
): Promise<T> {
  const started = clock.now();
  for (let attemptNumber = 1; ; attemptNumber++) {
    if (signal.aborted) throw signal.reason;
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (!isRetryable(error) || attemptNumber >= policy.attempts) throw error;
      const delay = backoffDelay(attemptNumber, policy, clock.random);
      if (clock.now() + delay - started > policy.maxElapsedMs) throw error;
      onRetry?.(attemptNumber + 1);
      await sleep(delay, signal, clock);
    }
  }
}
