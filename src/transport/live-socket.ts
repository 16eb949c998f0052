// A WebSocket that reconnects with backoff until it is closed. It knows nothing of frames: the
// WebSocket adapter gives it text and gets text back.
import type { Clock, RetryPolicy } from "./config.js";
import { backoffDelay } from "./retry.js";

/** `WebSocket.OPEN`, which not every implementation exposes as a static. */
const READY_STATE_OPEN = 1;

/** @internal What the owner of a live socket hears. */
export interface LiveSocketHandlers {
  /** A connection opened (the first one or a reconnect). */
  onOpen(): void;
  /** A frame arrived; `data` is whatever the implementation gives (a string for a text frame). */
  onData(data: unknown): void;
}

// Checked when the adapter is created, before this module (part of the implementation's chunk) loads.
/** @internal */
export { toWebSocketUrl } from "./config.js";

/** @internal */
export class LiveSocket {
  readonly #url: string;
  readonly #protocols: string[] | undefined;
  readonly #WebSocket: typeof WebSocket;
  readonly #policy: RetryPolicy;
  readonly #clock: Clock;
  readonly #handlers: LiveSocketHandlers;
  #socket: WebSocket | undefined;
  #timer: unknown;
  /** Connections lost or refused since the last one that opened: the backoff exponent. */
  #failures = 0;
  #closed = false;

  constructor(
    url: string,
    protocols: string[] | undefined,
    WebSocketImpl: typeof WebSocket,
    policy: RetryPolicy,
    clock: Clock,
    handlers: LiveSocketHandlers,
  ) {
    this.#url = url;
    this.#protocols = protocols;
    this.#WebSocket = WebSocketImpl;
    this.#policy = policy;
    this.#clock = clock;
    this.#handlers = handlers;
    this.#connect();
  }

  get isOpen(): boolean {
    return this.#socket?.readyState === READY_STATE_OPEN;
  }

  /** Sends a text frame; `false` when no connection is open (the owner resends on the next open). */
  send(text: string): boolean {
    if (!this.isOpen) return false;
    this.#socket!.send(text);
    return true;
  }

  /** Closes the connection for good: no reconnect follows. */
  close(): void {
    this.#closed = true;
    this.#clock.clearTimeout(this.#timer);
    const socket = this.#socket;
    this.#socket = undefined;
    socket?.close();
  }

  #connect(): void {
    if (this.#closed) return;
    let socket: WebSocket;
    try {
      socket = new this.#WebSocket(this.#url, this.#protocols);
    } catch {
      this.#reconnectLater();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      this.#failures = 0;
      this.#handlers.onOpen();
    };
    socket.onmessage = (event) => this.#handlers.onData(event.data);
    // A failed connection fires `error` and then `close`; the reconnect hangs off `close` alone.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#reconnectLater();
    };
  }

  #reconnectLater(): void {
    if (this.#closed) return;
    this.#failures++;
    const delay = backoffDelay(this.#failures, this.#policy, this.#clock.random);
    this.#timer = this.#clock.setTimeout(() => this.#connect(), delay);
  }
}
