// How the fetch and WebSocket adapters load their implementation (network/transports.ts): a chunk
// fetched by a dynamic import when the first of them is created, so that it is in long before a
// person sends, and fetched again after a failure (docs/transport.md, "When the implementation
// loads"). A call made before it arrives waits for it; once it is in, calls go straight through.
import { Chunk } from "./chunk.js";
import { ComposerError } from "./errors.js";
import type * as Network from "./network/transports.js";

/** @internal The chunk's exports. */
export type NetworkModule = typeof Network;

/** @internal The one chunk of the page; tests pass adapters a chunk of their own. */
export const networkChunk = new Chunk<NetworkModule>(() => import("./network/transports.js"));

/** @internal What a call rejects with when the chunk could not be fetched. */
export function networkLoadFailed(cause: unknown): ComposerError {
  return new ComposerError("load-failed", "The network transport's code could not be loaded.", { cause });
}

/**
 * @internal Starts the load, and says nothing of a failure: the calls that need the chunk report
 * it (and try again).
 */
export function prefetchNetwork(chunk: Chunk<NetworkModule>): Promise<NetworkModule | undefined> {
  return chunk.get().catch(() => undefined);
}

/**
 * @internal Runs `use` with the implementation: at once when it is in, else once it loads. A load
 * that fails rejects with `load-failed`, and the next call loads again. An abort of `signal` while
 * the chunk is on its way rejects with the signal's reason at once, as the call would have.
 */
export function withNetwork<T>(chunk: Chunk<NetworkModule>, signal: AbortSignal, use: (network: NetworkModule) => Promise<T>): Promise<T> {
  if (chunk.loaded) return use(chunk.loaded);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    chunk
      .get()
      .then(use, (cause: unknown) => {
        throw networkLoadFailed(cause);
      })
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}
