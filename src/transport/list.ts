// Listing a thread one page at a time (host protocol: `GET {baseUrl}/threads/{threadId}/messages
// ?limit=&before=`), shared by the fetch and WebSocket adapters.
import { ComposerError } from "./errors.js";
import { parseSentMessage } from "./frames.js";
import { hostResponseError, isSuccess, parseJsonOr, readText, requestHeaders, threadUrl, timedRequest, type HttpConfig } from "./http.js";
import type { ListOptions, SentMessage } from "./types.js";

/**
 * @internal One page of the thread, oldest first: the newest `limit` messages (the host's default
 * page size when not given), or those just older than `before`. Entries that are not a
 * `SentMessage` are left out; an answer that is not a list rejects with `ComposerError("list-failed")`.
 */
export async function listPage(config: HttpConfig, options: ListOptions): Promise<SentMessage[]> {
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set("limit", String(options.limit));
  if (options.before !== undefined) query.set("before", options.before);
  const url = `${threadUrl(config, "messages")}${query.size > 0 ? `?${query}` : ""}`;
  let answer;
  try {
    answer = await timedRequest(config, url, { headers: requestHeaders(config) }, options.signal, readText);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    throw new ComposerError("list-failed", "Could not list the thread: the host is unreachable", { cause: error });
  }
  if (!isSuccess(answer.status)) {
    const cause = hostResponseError(answer.status, answer.text);
    throw new ComposerError("list-failed", `Could not list the thread: ${cause.message}`, { cause });
  }
  const list = parseJsonOr(answer.text, undefined);
  if (!Array.isArray(list)) throw new ComposerError("list-failed", "The host's answer to a listing is not a list");
  const messages: SentMessage[] = [];
  for (const item of list) {
    const parsed = parseSentMessage(item);
    if (parsed.success) messages.push(parsed.output);
  }
  return messages;
}
