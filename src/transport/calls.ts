// Argument handling that every adapter shares.
import type { OutgoingMessage } from "./types.js";

/** @internal The signal of a call's options; a caller that passes none simply cannot abort. */
export function signalOf(options: { signal?: AbortSignal } | undefined): AbortSignal {
  return options?.signal ?? new AbortController().signal;
}

/** @internal Misuse check shared by the adapters: a message must at least carry its idempotency key. */
export function assertOutgoingMessage(message: OutgoingMessage): void {
  if (typeof message !== "object" || message === null || typeof message.clientMessageId !== "string" || message.clientMessageId === "") {
    throw new TypeError(`send() needs an OutgoingMessage with a clientMessageId, got ${JSON.stringify(message)}`);
  }
}
