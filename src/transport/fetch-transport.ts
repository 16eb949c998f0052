// The fetch adapter: the host protocol over plain HTTP requests. This module checks the options and
// is part of the first load; the requests themselves are the network chunk's (network-chunk.ts).
import type { AttachmentConfig } from "./attachment-requests.js";
import { signalOf } from "./calls.js";
import type { Chunk } from "./chunk.js";
import { resolveHttpConfig, resolveRetryPolicy, resolveXhr, systemClock, type Clock, type HttpConfig } from "./config.js";
import { networkChunk, prefetchNetwork, withNetwork, type NetworkModule } from "./network-chunk.js";
import type { HttpTransportOptions } from "./options.js";
import type { ComposerTransport } from "./types.js";

/** Options of `createFetchTransport`. */
export type FetchTransportOptions = HttpTransportOptions;

/**
 * A transport that speaks the host protocol (docs/transport.md) with `fetch`: sends are posted to
 * `{baseUrl}/threads/{threadId}/messages` and retried with exponential backoff and jitter on a
 * network failure, a timeout or a 5xx answer, reusing the message's `clientMessageId` so that the
 * host stores it once. A 4xx answer is not retried: it rejects with `ComposerError("send-failed")`
 * whose `cause` is a `HostResponseError` holding the host's error body. An abort of the signal
 * rejects with the signal's reason. Uploads report progress through XMLHttpRequest where the
 * platform has it. Throws a `TypeError` at once for missing or malformed options. The code that
 * makes the requests loads when the transport is created; a call before it is in waits for it
 * and, if it cannot be fetched, rejects with `ComposerError("load-failed")` (docs/transport.md).
 */
export function createFetchTransport(options: FetchTransportOptions): ComposerTransport {
  return createFetchTransportWithClock(options, systemClock);
}

/** @internal `createFetchTransport` with its time and chance, and the chunk it loads, injected. */
export function createFetchTransportWithClock(options: FetchTransportOptions, clock: Clock, chunk: Chunk<NetworkModule> = networkChunk): ComposerTransport {
  const config = resolveHttpConfig(options);
  const policy = resolveRetryPolicy(options.retry);
  const attachments: AttachmentConfig = { XMLHttpRequest: resolveXhr(options.XMLHttpRequest), attachmentUrl: options.attachmentUrl, clock };
  void prefetchNetwork(chunk);
  return {
    capabilities: { inlineMessageContext: options.inlineMessageContext ?? true, edit: options.edit ?? true },
    send: (message, sendOptions) => {
      const signal = signalOf(sendOptions);
      return withNetwork(chunk, signal, (network) => network.postMessage(config, policy, clock, message, signal, sendOptions?.onRetry));
    },
    ...httpCalls(chunk, config, attachments),
  };
}

/** @internal The calls both adapters make over HTTP: uploads, attachment fetches, listing. */
export function httpCalls(
  chunk: Chunk<NetworkModule>,
  config: HttpConfig,
  attachments: AttachmentConfig,
): Required<Pick<ComposerTransport, "upload" | "fetchAttachment" | "listMessages">> {
  return {
    upload: (file, uploadOptions) =>
      withNetwork(chunk, signalOf(uploadOptions), (network) => network.uploadAttachment(config, attachments, file, uploadOptions)),
    fetchAttachment: (source, fetchOptions) => {
      const signal = signalOf(fetchOptions);
      return withNetwork(chunk, signal, (network) => network.fetchAttachmentBlob(config, attachments, source, { signal }));
    },
    listMessages: (listOptions) => {
      const signal = signalOf(listOptions);
      return withNetwork(chunk, signal, (network) => network.listPage(config, { ...listOptions, signal }));
    },
  };
}
