// What a transport hears outside any call (an invalid frame from the host, an error the host
// reports unasked) reaches the page as the composer's `t3-error`. The channel is duck-typed: a
// transport with `onError(listener) => unsubscribe` has one (the WebSocket adapter does), others
// have none. Subscribed only while connected and only to the current transport, so a removed
// composer is not kept alive by a transport that outlives it, and a replaced transport's errors
// are no longer this composer's.
import type { ReactiveController } from "lit";
import type { ComposerErrorCode } from "../../transport/errors.js";
import { emit } from "../events.js";
import type { ComposerHost } from "./wiring.js";

/** What transport-errors.ts uses of its composer (wiring.ts). */
export interface TransportErrorsParts {
  readonly host: ComposerHost;
}

/** A transport's error channel: the WebSocket adapter's `onError`. */
interface ErrorChannel {
  onError(listener: (error: unknown) => void): () => void;
}

/**
 * The codes `t3-error` carries. A value from the channel with another code (a custom transport's
 * own) is not one of the composer's errors: the transport's own listeners still hear it.
 */
const ERROR_CODES: ReadonlySet<string> = new Set<ComposerErrorCode>([
  "upload-failed",
  "send-failed",
  "attachment-unreachable",
  "storage-failed",
  "invalid-frame",
]);

function hasErrorChannel(transport: unknown): transport is ErrorChannel {
  return typeof transport === "object" && transport !== null && typeof (transport as Partial<ErrorChannel>).onError === "function";
}

export class TransportErrors implements ReactiveController {
  readonly #composer: TransportErrorsParts;
  #connected = false;
  /** Stops re-dispatching the current transport's errors; set while connected to one with a channel. */
  #unlisten: (() => void) | null = null;

  constructor(composer: TransportErrorsParts) {
    this.#composer = composer;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#listen();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#stop();
  }

  /** The transport was replaced: hear the new one's errors, no longer the old one's. */
  transportChanged(): void {
    if (this.#connected) this.#listen();
  }

  #listen(): void {
    this.#stop();
    const transport = this.#composer.host.transport;
    if (!hasErrorChannel(transport)) return;
    const unsubscribe = transport.onError((error) => this.#report(error));
    this.#unlisten = typeof unsubscribe === "function" ? unsubscribe : null;
  }

  #stop(): void {
    this.#unlisten?.();
    this.#unlisten = null;
  }

  /** `t3-error` for one error of the channel. The draft is not touched: the error was not about it. */
  #report(error: unknown): void {
    if (typeof error !== "object" || error === null) return;
    const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code !== "string" || !ERROR_CODES.has(code)) return;
    emit(this.#composer.host, "t3-error", {
      code: code as ComposerErrorCode,
      message: typeof message === "string" ? message : "",
      cause: cause ?? error,
    });
  }
}
