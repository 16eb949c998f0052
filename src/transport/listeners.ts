// A set of listeners that one failing listener cannot break: like EventTarget, an exception in a
// listener is reported and the others still run.
import type { ComposerError } from "./errors.js";
import type { LiveReply } from "./frames.js";
import type { SentMessage } from "./types.js";

/** @internal */
export class Listeners<T> {
  readonly #listeners = new Set<(value: T) => void>();

  /** Adds `listener`; the returned function removes it. */
  add(listener: (value: T) => void): () => void {
    if (typeof listener !== "function") throw new TypeError(`A listener must be a function, got ${typeof listener}`);
    // Wrapped so that adding one function twice gives two independent subscriptions.
    const entry = (value: T) => listener(value);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  get size(): number {
    return this.#listeners.size;
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        reportListenerError(error);
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}

/** Reports the way a DOM event listener's exception is reported: to the console, not to the caller. */
function reportListenerError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === "function") report(error);
  else
    setTimeout(() => {
      throw error;
    });
}

/**
 * @internal What a WebSocket transport's listeners hear. The transport holds them from its
 * creation, so that a listener added before its implementation loads hears everything after.
 */
export interface LiveListeners {
  readonly messages: Listeners<SentMessage>;
  readonly replies: Listeners<LiveReply>;
  readonly errors: Listeners<ComposerError>;
}
