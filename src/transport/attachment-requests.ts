// Uploads and attachment fetches over HTTP, shared by the fetch and WebSocket adapters
// (host protocol: `POST {baseUrl}/attachments`, `GET {baseUrl}/attachments/{id}`).
import { decodeWith } from "../contract/decode.js";
import { ComposerError, HostResponseError } from "./errors.js";
import { UploadAnswerSchema } from "./frames.js";
import {
  RequestTimeoutError,
  attachmentsUrl,
  hostResponseError,
  isSuccess,
  parseJsonOr,
  requestHeaders,
  timedRequest,
  type HttpConfig,
} from "./http.js";
import type { Clock } from "./retry.js";
import type { UploadOptions } from "./types.js";
import { sendUploadRequest } from "./upload-request.js";

/** The content type of bytes whose type the platform does not know. */
const UNKNOWN_CONTENT_TYPE = "application/octet-stream";
/** The header that carries the file name, percent-encoded (UTF-8). */
const FILE_NAME_HEADER = "x-file-name";
/**
 * The header that names the thread an upload is for: the host binds the upload to it, and a
 * custom header makes the upload a non-simple request, which another site's page cannot send
 * without the host's leave (docs/host.md).
 */
const THREAD_HEADER = "x-t3-thread-id";

/** Where an attachment of a clipboard fragment lives. */
export interface AttachmentSource {
  environmentId: string;
  attachmentId: string;
}

/** @internal What uploads and fetches need beyond `HttpConfig`. */
export interface AttachmentConfig {
  XMLHttpRequest: typeof XMLHttpRequest | null | undefined;
  attachmentUrl: ((source: AttachmentSource) => string) | undefined;
  /** The timers of an upload's stall bound. */
  clock: Clock;
}

/**
 * @internal Uploads the bytes and resolves with the host's pending id. The name travels
 * percent-encoded because header values cannot hold most of Unicode.
 */
export async function uploadAttachment(
  config: HttpConfig,
  attachments: AttachmentConfig,
  file: Blob,
  options: UploadOptions,
): Promise<{ attachmentId: string }> {
  const headers = requestHeaders(config, {
    "content-type": file.type || UNKNOWN_CONTENT_TYPE,
    [FILE_NAME_HEADER]: encodeURIComponent(options.name),
    [THREAD_HEADER]: config.threadId,
  });
  let response;
  try {
    response = await sendUploadRequest(
      {
        url: attachmentsUrl(config),
        body: file,
        headers,
        signal: options.signal,
        onProgress: options.onProgress,
        stallMs: config.timeoutMs,
        clock: attachments.clock,
      },
      attachments.XMLHttpRequest,
      config.fetch,
    );
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    const reason = error instanceof RequestTimeoutError ? error.message : "the host is unreachable";
    throw new ComposerError("upload-failed", `Could not upload ${options.name}: ${reason}`, { cause: error });
  }
  if (!isSuccess(response.status)) {
    const cause = hostResponseError(response.status, response.text);
    throw new ComposerError("upload-failed", `Could not upload ${options.name}: ${cause.message}`, { cause });
  }
  const answer = decodeWith(UploadAnswerSchema, parseJsonOr(response.text, undefined));
  if (!answer.success) {
    const cause = new HostResponseError(response.status, answer.issues);
    throw new ComposerError("upload-failed", "The host's answer to an upload is not { attachmentId }", { cause });
  }
  return { attachmentId: answer.output.attachmentId };
}

/**
 * @internal Fetches an attachment's bytes. By default from this adapter's own host, whatever the
 * environment; `attachmentUrl` lets a host that routes by environment say where each one lives.
 */
export async function fetchAttachmentBlob(
  config: HttpConfig,
  attachments: AttachmentConfig,
  source: AttachmentSource,
  options: { signal: AbortSignal },
): Promise<Blob> {
  const url = attachments.attachmentUrl ? attachments.attachmentUrl(source) : attachmentsUrl(config, source.attachmentId);
  const read = async (response: Response) =>
    isSuccess(response.status) ? response.blob() : hostResponseError(response.status, await response.text());
  let result;
  try {
    result = await timedRequest(config, url, { headers: requestHeaders(config) }, options.signal, read);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    throw new ComposerError("attachment-unreachable", `Could not fetch attachment ${source.attachmentId}`, { cause: error });
  }
  if (result instanceof HostResponseError) {
    throw new ComposerError("attachment-unreachable", `Could not fetch attachment ${source.attachmentId}: ${result.message}`, {
      cause: result,
    });
  }
  return result;
}
