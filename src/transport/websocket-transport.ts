// The WebSocket adapter: sends and live messages over `{baseUrl}/threads/{threadId}/live`,
// uploads and attachment fetches over HTTP.
import { fetchAttachmentBlob, resolveXhr, uploadAttachment, type AttachmentConfig } from "./attachment-requests.js";
import { listPage } from "./list.js";
import { ComposerError, HostResponseError } from "./errors.js";
import { assertOutgoingMessage, signalOf } from "./calls.js";
import { parseServerFrame, type LiveReply, type SendFrame, type ServerFrame } from "./frames.js";
import { resolveHttpConfig, threadUrl } from "./http.js";
import { Listeners } from "./listeners.js";
import { LiveSocket, toWebSocketUrl } from "./live-socket.js";
import type { HttpTransportOptions } from "./options.js";
import { resolveRetryPolicy, systemClock, type Clock, type RetryPolicy } from "./retry.js";
import type { ComposerTransport, OutgoingMessage, SentMessage } from "./types.js";

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

/** Client frame ids: this prefix and a counter, unique within one transport. */
const FRAME_ID_PREFIX = "send_";

/** A send waiting for its `ack`. */
interface PendingSend {
  readonly message: OutgoingMessage;
  readonly frame: string;
  /** How many times the frame went out: once per connection that was open while it waited. */
  transmissions: number;
  /** The send's `onRetry`: told of each transmission after the first. */
  readonly onRetry: ((attempt: number) => void) | undefined;
  settle(outcome: { message: SentMessage } | { error: unknown }): void;
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
 * there is no WebSocket implementation.
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  return createWebSocketTransportWithClock(options, systemClock);
}

/** @internal `createWebSocketTransport` with its time and chance injected. */
export function createWebSocketTransportWithClock(options: WebSocketTransportOptions, clock: Clock): WebSocketTransport {
  const config = resolveHttpConfig(options);
  const policy = resolveRetryPolicy(options.retry);
  const WebSocketImpl = options.WebSocket ?? globalThis.WebSocket;
  if (typeof WebSocketImpl !== "function") {
    throw new TypeError("No WebSocket implementation: pass options.WebSocket (for example the `ws` package's) on Node 20");
  }
  const attachments: AttachmentConfig = { XMLHttpRequest: resolveXhr(options.XMLHttpRequest), attachmentUrl: options.attachmentUrl, clock };
  const live = new LiveThread(policy, clock, options.onError);
  const socket = new LiveSocket(toWebSocketUrl(threadUrl(config, "live")), options.protocols, WebSocketImpl, policy, clock, {
    onOpen: () => live.resendPending(),
    onData: (data) => live.receive(data),
  });
  live.attach(socket);
  return {
    capabilities: { inlineMessageContext: options.inlineMessageContext ?? true, edit: options.edit ?? true },
    send: (message, sendOptions) => live.send(message, signalOf(sendOptions), sendOptions?.onRetry),
    upload: (file, uploadOptions) => uploadAttachment(config, attachments, file, uploadOptions),
    fetchAttachment: (source, fetchOptions) => fetchAttachmentBlob(config, attachments, source, { signal: signalOf(fetchOptions) }),
    listMessages: (listOptions) => listPage(config, { ...listOptions, signal: signalOf(listOptions) }),
    onMessage: (listener) => live.messages.add(listener),
    onReply: (listener) => live.replies.add(listener),
    onError: (listener) => live.errors.add(listener),
    close: () => live.close(),
  };
}

/** The frame protocol of one thread's live connection: pending sends, acks, pushed messages. */
class LiveThread {
  readonly messages = new Listeners<SentMessage>();
  readonly replies = new Listeners<LiveReply>();
  readonly errors = new Listeners<ComposerError>();
  readonly #pending = new Map<string, PendingSend>();
  readonly #policy: RetryPolicy;
  readonly #clock: Clock;
  #socket: LiveSocket | undefined;
  #nextId = 1;
  #closed = false;

  constructor(policy: RetryPolicy, clock: Clock, onError: ((error: ComposerError) => void) | undefined) {
    this.#policy = policy;
    this.#clock = clock;
    if (onError) this.errors.add(onError);
  }

  attach(socket: LiveSocket): void {
    this.#socket = socket;
  }

  send(message: OutgoingMessage, signal: AbortSignal, onRetry?: (attempt: number) => void): Promise<SentMessage> {
    if (signal.aborted) return Promise.reject(signal.reason);
    try {
      assertOutgoingMessage(message);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#closed) return Promise.reject(new ComposerError("send-failed", "The WebSocket transport is closed"));
    const id = `${FRAME_ID_PREFIX}${this.#nextId++}`;
    const frame: SendFrame = { type: "send", id, message };
    return new Promise((resolve, reject) => {
      const onAbort = () => pending.settle({ error: signal.reason });
      const deadline = this.#clock.setTimeout(() => {
        const reason = `The host did not acknowledge the message within ${this.#policy.maxElapsedMs} ms`;
        pending.settle({ error: new ComposerError("send-failed", reason) });
      }, this.#policy.maxElapsedMs);
      const pending: PendingSend = {
        message,
        frame: JSON.stringify(frame),
        transmissions: 0,
        onRetry,
        settle: (outcome) => {
          if (!this.#pending.delete(id)) return;
          this.#clock.clearTimeout(deadline);
          signal.removeEventListener("abort", onAbort);
          if ("message" in outcome) resolve(outcome.message);
          else reject(outcome.error);
        },
      };
      this.#pending.set(id, pending);
      signal.addEventListener("abort", onAbort, { once: true });
      this.#transmit(pending);
    });
  }

  /** After a (re)connect: everything not acknowledged goes out again, oldest first. */
  resendPending(): void {
    for (const pending of [...this.#pending.values()]) this.#transmit(pending);
  }

  receive(data: unknown): void {
    const parsed = parseServerFrame(data);
    if (!parsed.success) {
      this.errors.emit(new ComposerError("invalid-frame", "Ignored an invalid frame from the host", { cause: parsed.issues }));
      return;
    }
    this.#dispatch(parsed.output);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket?.close();
    const error = new ComposerError("send-failed", "The WebSocket transport was closed before the host acknowledged the message");
    for (const pending of [...this.#pending.values()]) pending.settle({ error });
    this.messages.clear();
    this.replies.clear();
    this.errors.clear();
  }

  #transmit(pending: PendingSend): void {
    if (!this.#socket?.isOpen) return;
    if (pending.transmissions >= this.#policy.attempts) {
      const reason = `The host did not acknowledge the message after ${pending.transmissions} attempts`;
      pending.settle({ error: new ComposerError("send-failed", reason) });
      return;
    }
    if (!this.#socket.send(pending.frame)) return;
    pending.transmissions++;
    // A send that goes out again after a reconnect is a retry: the composer says it is still trying.
    if (pending.transmissions > 1) pending.onRetry?.(pending.transmissions);
  }

  #dispatch(frame: ServerFrame): void {
    switch (frame.type) {
      case "message":
        this.messages.emit(frame.message);
        return;
      case "reply":
        this.replies.emit(frame.reply);
        return;
      case "ack": {
        // An ack for a send that already settled (a duplicate after a resend, or one that came after
        // an abort) is expected and ignored.
        const pending = this.#pending.get(frame.id);
        if (!pending) return;
        if (frame.message.clientMessageId !== pending.message.clientMessageId) {
          this.errors.emit(new ComposerError("invalid-frame", `The host acknowledged ${frame.id} with another message`, { cause: frame }));
          return;
        }
        pending.settle({ message: frame.message });
        return;
      }
      case "error": {
        const cause = new HostResponseError(undefined, { error: frame.error });
        const pending = typeof frame.id === "string" ? this.#pending.get(frame.id) : undefined;
        if (pending) pending.settle({ error: new ComposerError("send-failed", `The host refused the message: ${cause.message}`, { cause }) });
        else this.errors.emit(new ComposerError("send-failed", `The host reported an error: ${cause.message}`, { cause }));
        return;
      }
    }
  }
}
