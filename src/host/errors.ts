// The protocol's error shape and the refusal every handler throws.
import type { Issue } from "../codec/index.js";

/** The protocol's error body: `{ error: { code, message, issues? } }`. */
export interface HostError {
  code: string;
  message: string;
  issues?: Issue[];
}

/** A refusal with its status; thrown inside a transaction it also rolls the transaction back. */
export class RequestError extends Error {
  readonly status: number;
  readonly error: HostError;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, issues?: Issue[], headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.error = issues === undefined ? { code, message } : { code, message, issues };
    this.headers = headers;
  }
}

/** What a client hears about a fault of the host itself: nothing internal. The fault is logged. */
export function internalError(error: unknown): HostError {
  console.error(error);
  return { code: "internal", message: "Internal error" };
}

/**
 * The refusal for a request whose client went away before its body was read, or `undefined` when
 * `error` is something else. Node's body stream fails with an "aborted" error of code
 * `ECONNRESET` when the connection closes; a handler that stopped on the request's own signal
 * throws an `AbortError`. Nobody reads the answer and nothing went wrong in the host, so such a
 * request is not logged as an internal error.
 */
export function clientGone(error: unknown, request: Request): RequestError | undefined {
  const reset = typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ECONNRESET";
  const stopped = request.signal.aborted && error instanceof Error && error.name === "AbortError";
  return reset || stopped ? new RequestError(400, "client-gone", "The client went away before the request was read") : undefined;
}

export function tooLarge(limit: number): RequestError {
  return new RequestError(413, "too-large", `The body is larger than ${limit} bytes`);
}
