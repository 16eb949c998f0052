// The frame protocol of one thread's live connection (part of the network transports' chunk:
// network/transports.ts): pending sends and their acks, messages and replies the host pushes.
import { assertOutgoingMessage } from "./calls.js";
import type { Clock, RetryPolicy } from "./config.js";
import { ComposerError, HostResponseError } from "./errors.js";
import { parseServerFrame, type SendFrame, type ServerFrame } from "./frames.js";
import type { LiveListeners } from "./listeners.js";
import { LiveSocket } from "./live-socket.js";
import type { OutgoingMessage, SentMessage } from "./types.js";

/** @internal What the live connection is opened with: resolved when the transport was created. */
export interface LiveOptions {
  url: string;
  protocols: string[] | undefined;
  WebSocket: typeof WebSocket;
  policy: RetryPolicy;
  clock: Clock;
}

/** @internal Connects to `options.url` and returns the thread's frame protocol over it. */
export function openLiveThread(options: LiveOptions, listeners: LiveListeners): LiveThread {
  const live = new LiveThread(options.policy, options.clock, listeners);
  const socket = new LiveSocket(options.url, options.protocols, options.WebSocket, options.policy, options.clock, {
    onOpen: () => live.resendPending(),
    onData: (data) => live.receive(data),
  });
  live.attach(socket);
  return live;
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

/** @internal The frame protocol of one thread's live connection: pending sends, acks, pushed messages. */
export class LiveThread {
  readonly #listeners: LiveListeners;
  readonly #pending = new Map<string, PendingSend>();
  readonly #policy: RetryPolicy;
  readonly #clock: Clock;
  #socket: LiveSocket | undefined;
  #nextId = 1;
  #closed = false;

  constructor(policy: RetryPolicy, clock: Clock, listeners: LiveListeners) {
    this.#policy = policy;
    this.#clock = clock;
    this.#listeners = listeners;
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
      this.#listeners.errors.emit(new ComposerError("invalid-frame", "Ignored an invalid frame from the host", { cause: parsed.issues }));
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
        this.#listeners.messages.emit(frame.message);
        return;
      case "reply":
        this.#listeners.replies.emit(frame.reply);
        return;
      case "ack": {
        // An ack for a send that already settled (a duplicate after a resend, or one that came after
        // an abort) is expected and ignored.
        const pending = this.#pending.get(frame.id);
        if (!pending) return;
        if (frame.message.clientMessageId !== pending.message.clientMessageId) {
          this.#listeners.errors.emit(new ComposerError("invalid-frame", `The host acknowledged ${frame.id} with another message`, { cause: frame }));
          return;
        }
        pending.settle({ message: frame.message });
        return;
      }
      case "error": {
        const cause = new HostResponseError(undefined, { error: frame.error });
        const pending = typeof frame.id === "string" ? this.#pending.get(frame.id) : undefined;
        if (pending) pending.settle({ error: new ComposerError("send-failed", `The host refused the message: ${cause.message}`, { cause }) });
        else this.#listeners.errors.emit(new ComposerError("send-failed", `The host reported an error: ${cause.message}`, { cause }));
        return;
      }
    }
  }
}
