// The fetch adapter's sends (part of the network transports' chunk: network/transports.ts): one POST
// per attempt, retried with backoff on what retrying may fix.
import { assertOutgoingMessage } from "./calls.js";
import type { Clock, HttpConfig, RetryPolicy } from "./config.js";
import { ComposerError, HostResponseError } from "./errors.js";
import { parseSentMessage } from "./frames.js";
import { hostResponseError, isSuccess, parseJsonOr, readText, requestHeaders, threadUrl, timedRequest } from "./http.js";
import { withRetry } from "./retry.js";
import type { OutgoingMessage, SentMessage } from "./types.js";

/** The lowest status that means "the host failed", which is worth retrying; 4xx means "your request is wrong". */
const SERVER_ERROR_MIN = 500;

/** @internal Posts `message`, retrying as `policy` says (docs/transport.md, "Retries"). */
export async function postMessage(
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
