// The one error type the SDK rejects with and reports in `t3-error`.

/** Why an operation failed. */
export type ComposerErrorCode =
  | "upload-failed"
  | "send-failed"
  | "attachment-unreachable"
  | "paste-import-failed"
  | "storage-failed"
  | "invalid-frame";

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
