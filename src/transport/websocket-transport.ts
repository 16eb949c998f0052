// The WebSocket adapter: sends and live messages over `{baseUrl}/threads/{threadId}/live`,
// uploads and attachment fetches over HTTP. This module checks the options, holds the listeners
// and is part of the first load; the socket and its frame protocol are the network chunk's
// (network-chunk.ts), and the connection opens as soon as that is in.
import type { AttachmentConfig } from "./attachment-requests.js";
import { signalOf } from "./calls.js";
import type { Chunk } from "./chunk.js";
import { backoffDelay, resolveHttpConfig, resolveRetryPolicy, resolveXhr, systemClock, threadUrl, toWebSocketUrl, type Clock } from "./config.js";
import { ComposerError } from "./errors.js";
import { httpCalls } from "./fetch-transport.js";
import { Listeners, type LiveListeners } from "./listeners.js";
import type { LiveOptions, LiveThread } from "./live-thread.js";
import { networkChunk, networkLoadFailed, withNetwork, type NetworkModule } from "./network-chunk.js";
import type { HttpTransportOptions } from "./options.js";
import type { LiveReply } from "./frames.js";
import type { ComposerTransport, OutgoingMessage, SendRequestOptions, SentMessage } from "./types.js";

/** Options of `createWebSocketTransport`. */
export interface WebSocketTransportOptions extends HttpTransportOptions {
  /** Subprotocols offered when connecting. */
  protocols?: string[] | undefined;
  /** The WebSocket implementation. Default: the global one; Node 20 has none (pass the `ws` package's). */
  WebSocket?: typeof WebSocket | undefined;
  /** Hears what goes wrong outside any call: invalid frames from the host, errors it reports. */
  onError?: ((error: ComposerError) => void) | undefined;
}

/** A WebSocket transport: a `ComposerTransport` that also hears the thread's messages live. */
export interface WebSocketTransport extends ComposerTransport {
  /** Calls `listener` with every message the host stores in the thread (this page's own included). */
  onMessage(listener: (message: SentMessage) => void): () => void;
  /**
   * Calls `listener` with every frame of the replies an agent streams to the thread (docs/host.md,
   * "Replies"): the whole text so far each time, `done` on the last. Returns the remover.
   */
  onReply(listener: (reply: LiveReply) => void): () => void;
  /** Calls `listener` with what goes wrong outside any call; the returned function removes it. */
  onError(listener: (error: ComposerError) => void): () => void;
  /** Closes the connection for good and rejects the sends not yet acknowledged. */
  close(): void;
}

/**
 * A transport over one WebSocket to the ws/wss form of `{baseUrl}/threads/{threadId}/live`,
 * connected at once and reconnected with exponential backoff and jitter whenever it drops, until
 * `close()`. A send waits for an open connection, goes out as `{type: "send", id, message}` and
 * resolves with the host's `ack`; after a reconnect every send not yet acknowledged goes out again
 * (the host dedupes by `clientMessageId`). A send fails with `ComposerError("send-failed")` when
 * the host answers with an `error` frame, when it went out `retry.attempts` times without an
 * acknowledgement, or when `retry.maxElapsedMs` passes; an abort rejects with the signal's reason.
 * Every incoming frame is validated: a bad one goes to the `onError` listeners as
 * `ComposerError("invalid-frame")` and is otherwise ignored. Uploads and attachment fetches use
 * HTTP as in `createFetchTransport`. Throws a `TypeError` at once for malformed options or when
 * there is no WebSocket implementation. The socket's code loads when the transport is created and
 * the connection opens once it is in; a send before then waits for it, and rejects with
 * `ComposerError("load-failed")` if it cannot be fetched (docs/transport.md). A `close()` before
 * then means it never connects.
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  return createWebSocketTransportWithClock(options, systemClock);
}

/** @internal `createWebSocketTransport` with its time and chance, and the chunk it loads, injected. */
export function createWebSocketTransportWithClock(
  options: WebSocketTransportOptions,
  clock: Clock,
  chunk: Chunk<NetworkModule> = networkChunk,
): WebSocketTransport {
  const config = resolveHttpConfig(options);
  const policy = resolveRetryPolicy(options.retry);
  const WebSocketImpl = options.WebSocket ?? globalThis.WebSocket;
  if (typeof WebSocketImpl !== "function") {
    throw new TypeError("No WebSocket implementation: pass options.WebSocket (for example the `ws` package's) on Node 20");
  }
  const attachments: AttachmentConfig = { XMLHttpRequest: resolveXhr(options.XMLHttpRequest), attachmentUrl: options.attachmentUrl, clock };
  const url = toWebSocketUrl(threadUrl(config, "live"));
  const live = new DeferredLive(chunk, { url, protocols: options.protocols, WebSocket: WebSocketImpl, policy, clock });
  if (options.onError) live.listeners.errors.add(options.onError);
  return {
    capabilities: { inlineMessageContext: options.inlineMessageContext ?? true, edit: options.edit ?? true },
    send: (message, sendOptions) => live.send(message, sendOptions),
    ...httpCalls(chunk, config, attachments),
    onMessage: (listener) => live.listeners.messages.add(listener),
    onReply: (listener) => live.listeners.replies.add(listener),
    onError: (listener) => live.listeners.errors.add(listener),
    close: () => live.close(),
  };
}

/**
 * The thread's live connection, opened once the chunk is in unless `close()` came first. A chunk
 * that cannot be fetched is fetched again with the backoff of a dropped connection, until it is in
 * or `close()`, so that the page hears the thread's messages once the network is back even if it
 * never sends. The first failure goes to the `onError` listeners; the fetches after it are quiet.
 */
class DeferredLive {
  readonly listeners: LiveListeners = { messages: new Listeners(), replies: new Listeners(), errors: new Listeners() };
  readonly #chunk: Chunk<NetworkModule>;
  readonly #options: LiveOptions;
  /** The sends waiting for the chunk: `close()` rejects them. */
  readonly #waiting = new Set<(error: unknown) => void>();
  #thread: LiveThread | undefined;
  #closed = false;
  /** Failed fetches of the chunk in a row, and the timer of the next one. */
  #failures = 0;
  #retry: unknown;

  constructor(chunk: Chunk<NetworkModule>, options: LiveOptions) {
    this.#chunk = chunk;
    this.#options = options;
    if (chunk.loaded) this.#open(chunk.loaded);
    else this.#load();
  }

  send(message: OutgoingMessage, options: SendRequestOptions | undefined): Promise<SentMessage> {
    if (this.#thread || this.#closed) return this.#sendNow(message, options);
    return new Promise((resolve, reject) => {
      this.#waiting.add(reject);
      withNetwork(this.#chunk, signalOf(options), async (network) => {
        this.#open(network);
        return this.#sendNow(message, options);
      })
        .then(resolve, reject)
        .finally(() => this.#waiting.delete(reject));
    });
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#retry !== undefined) this.#options.clock.clearTimeout(this.#retry);
    this.#thread?.close();
    const error = new ComposerError("send-failed", "The WebSocket transport was closed before the host acknowledged the message");
    for (const reject of this.#waiting) reject(error);
    for (const set of Object.values(this.listeners)) set.clear();
  }

  #sendNow(message: OutgoingMessage, options: SendRequestOptions | undefined): Promise<SentMessage> {
    if (!this.#thread) return Promise.reject(new ComposerError("send-failed", "The WebSocket transport is closed"));
    return this.#thread.send(message, signalOf(options), options?.onRetry);
  }

  #open(network: NetworkModule): void {
    if (this.#closed || this.#thread) return;
    this.#thread = network.openLiveThread(this.#options, this.listeners);
  }

  #load(): void {
    this.#retry = undefined;
    if (this.#closed || this.#thread) return;
    this.#chunk.get().then(
      (network) => this.#open(network),
      (cause: unknown) => {
        if (this.#closed || this.#thread) return;
        if (++this.#failures === 1) this.listeners.errors.emit(networkLoadFailed(cause));
        const { policy, clock } = this.#options;
        this.#retry = clock.setTimeout(() => this.#load(), backoffDelay(this.#failures, policy, clock.random));
      },
    );
  }
}
