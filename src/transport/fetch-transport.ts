// The fetch adapter: the host protocol over plain HTTP requests.
import { fetchAttachmentBlob, resolveXhr, uploadAttachment, type AttachmentConfig } from "./attachment-requests.js";
import { listPage } from "./list.js";
import { assertOutgoingMessage, signalOf } from "./calls.js";
import { ComposerError, HostResponseError } from "./errors.js";
import { parseSentMessage } from "./frames.js";
import { hostResponseError, isSuccess, parseJsonOr, readText, requestHeaders, resolveHttpConfig, threadUrl, timedRequest, type HttpConfig } from "./http.js";
import type { HttpTransportOptions } from "./options.js";
import { resolveRetryPolicy, systemClock, withRetry, type Clock, type RetryPolicy } from "./retry.js";
import type { ComposerTransport, OutgoingMessage, SentMessage } from "./types.js";

/** Options of `createFetchTransport`. */
export type FetchTransportOptions = HttpTransportOptions;

/** The lowest status that means "the host failed", which is worth retrying; 4xx means "your request is wrong". */
const SERVER_ERROR_MIN = 500;

/**
 * A transport that speaks the host protocol (docs/transport.md) with `fetch`: sends are posted to
 * `{baseUrl}/threads/{threadId}/messages` and retried with exponential backoff and jitter on a
 * network failure, a timeout or a 5xx answer, reusing the message's `clientMessageId` so that the
 * host stores it once. A 4xx answer is not retried: it rejects with `ComposerError("send-failed")`
 * whose `cause` is a `HostResponseError` holding the host's error body. An abort of the signal
 * rejects with the signal's reason. Uploads report progress through XMLHttpRequest where the
 * platform has it. Throws a `TypeError` at once for missing or malformed options.
 */
export function createFetchTransport(options: FetchTransportOptions): ComposerTransport {
  return createFetchTransportWithClock(options, systemClock);
}

/** @internal `createFetchTransport` with its time and chance injected. */
export function createFetchTransportWithClock(options: FetchTransportOptions, clock: Clock): ComposerTransport {
  const config = resolveHttpConfig(options);
  const policy = resolveRetryPolicy(options.retry);
  const attachments: AttachmentConfig = { XMLHttpRequest: resolveXhr(options.XMLHttpRequest), attachmentUrl: options.attachmentUrl, clock };
  return {
    capabilities: { inlineMessageContext: options.inlineMessageContext ?? true, edit: options.edit ?? true },
    send: (message, sendOptions) => postMessage(config, policy, clock, message, signalOf(sendOptions), sendOptions?.onRetry),
    upload: (file, uploadOptions) => uploadAttachment(config, attachments, file, uploadOptions),
    fetchAttachment: (source, fetchOptions) => fetchAttachmentBlob(config, attachments, source, { signal: signalOf(fetchOptions) }),
    listMessages: (listOptions) => listPage(config, { ...listOptions, signal: signalOf(listOptions) }),
  };
}

async function postMessage(
  config: HttpConfig,
  policy: RetryPolicy,
  clock: Clock,
  message: OutgoingMessage,
  signal: AbortSignal,
  onRetry: ((attempt: number) => void) | undefined,
): Promise<SentMessage> {
  assertOutgoingMessage(message);
  const body = JSON.stringify(message);
  const attempt = () => postOnce(config, body, signal);
  try {
    return await withRetry(attempt, isRetryable, policy, signal, clock, onRetry);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof ComposerError) throw error;
    const reason = error instanceof HostResponseError ? error.message : "the host is unreachable";
    throw new ComposerError("send-failed", `Could not send the message: ${reason}`, { cause: error });
  }
}

/** One POST. Throws a `ComposerError` for what retrying cannot fix, anything else for what it may. */
async function postOnce(config: HttpConfig, body: string, signal: AbortSignal): Promise<SentMessage> {
  const headers = requestHeaders(config, { "content-type": "application/json" });
  const { status, text } = await timedRequest(config, threadUrl(config, "messages"), { method: "POST", headers, body }, signal, readText);
  if (status >= SERVER_ERROR_MIN) throw hostResponseError(status, text);
  if (!isSuccess(status)) {
    const cause = hostResponseError(status, text);
    throw new ComposerError("send-failed", `The host refused the message: ${cause.message}`, { cause });
  }
  const parsed = parseSentMessage(parseJsonOr(text, undefined));
  if (!parsed.success) {
    const cause = new HostResponseError(status, parsed.issues);
    throw new ComposerError("send-failed", "The host's answer to a send is not a SentMessage", { cause });
  }
  return parsed.output;
}

function isRetryable(error: unknown): boolean {
  return !(error instanceof ComposerError);
}
