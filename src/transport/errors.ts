// The one error type the SDK rejects with and reports in `t3-error` (codes: docs/errors.md).

/**
 * Why an operation failed, or what a `<t3-transcript>` could not show. The transcript's are
 * `invalid-context` (a message's context failed as a whole; its records are read one by one),
 * `invalid-record` (a record did not decode and is not drawn), `presenter-failed` (a chip
 * presenter threw; the default look is drawn), `render-failed` (a message could not be rendered
 * and shows as plain text) and `invalid-message` (an older message of a long thread, checked
 * after the first draw, is not a message and is left out). `load-failed`: a part the composer
 * loads on demand, the transcript's engine, or the network transports' code (which rejects the
 * call that waited for it) could not be fetched (docs/errors.md). `microphone-denied`: dictation
 * was refused the microphone; `dictation-failed`: the speech engine failed otherwise.
 */
export type ComposerErrorCode =
  | "upload-failed"
  | "send-failed"
  | "list-failed"
  | "attachment-unreachable"
  | "storage-failed"
  | "paste-import-failed"
  | "invalid-frame"
  | "invalid-context"
  | "invalid-record"
  | "presenter-failed"
  | "render-failed"
  | "invalid-message"
  | "over-budget"
  | "load-failed"
  | "microphone-denied"
  | "dictation-failed";

/** An error with a machine-readable `code`; `cause` holds the underlying error, if any. */
export class ComposerError extends Error {
  readonly code: ComposerErrorCode;
  declare readonly cause?: unknown;

  constructor(code: ComposerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ComposerError";
    this.code = code;
  }
}

/**
 * What a host answered when it refused a request: the `cause` of a `ComposerError` from the fetch
 * and WebSocket adapters. `body` is the parsed JSON error body (`{ error: { code, message,
 * issues? } }` in the host protocol), or the raw text when it was not JSON.
 */
export class HostResponseError extends Error {
  /** The HTTP status; `undefined` for an `error` frame on the WebSocket. */
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(status: number | undefined, body: unknown) {
    super(hostErrorMessage(status, body));
    this.name = "HostResponseError";
    this.status = status;
    this.body = body;
  }
}

/** The host's own `error.message` when the body has one, else the status. */
function hostErrorMessage(status: number | undefined, body: unknown): string {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  const message = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof message === "string" && message !== "") return message;
  return status === undefined ? "The host refused the request" : `The host answered ${status}`;
}
