// Sending (docs/composer.md, "Sending"): wait for uploads, cancelable `t3-send`, the transport
// with an AbortSignal; success clears the draft and fires `t3-sent`; failure rejects with a
// ComposerError, fires `t3-error` and leaves the draft exactly as it was. The editor is read-only
// while a send runs, so the draft cannot change under it. The controller owns the running send
// and the `clientMessageId` of the draft: the same for every retry until the draft changes.
import type { ReactiveController } from "lit";
import { randomToken } from "../../editor/random.js";
import type { ComposerError } from "../../transport/errors.js";
import type { OutgoingMessage, SentMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import { loadFailed } from "../chunks.js";
import type { Composer } from "./composer.js";
import type { ComposerRest } from "./rest.js";
import type { SendContextCheck } from "./staleness.js";

/** Characters after `msg_` in a `clientMessageId` (docs/composer.md, "Sending"). */
const MESSAGE_ID_LENGTH = 20;
/** A `clientMessageId` as the composer mints it. */
export const MESSAGE_ID_PATTERN = /^msg_[a-z0-9]{20}$/;

/** A fresh `clientMessageId`: `msg_` and 20 random characters. */
export function mintMessageId(): string {
  return "msg_" + randomToken(MESSAGE_ID_LENGTH);
}

/** What the send's own code (rest/transmit.ts) needs of the Sender. */
export interface SendRun {
  readonly composer: Composer;
  /** A send starts: the controller that aborts it (when the composer is removed). */
  start(): AbortController;
  /** The send of `controller` ended, whichever way. */
  end(controller: AbortController): void;
  /** The transport tries the send of `controller` again (`onRetry`). */
  retried(controller: AbortController, attempt: number): void;
  /** Fires `t3-error` for `error` and returns it, to be thrown. */
  failure(error: ComposerError): ComposerError;
  /** The `clientMessageId` of a send of the draft as it is now (the same for every retry until it changes). */
  messageId(): string;
}

/** Options of a send of the draft. */
export interface SendOptions {
  /** Mark the message `steer: true` (Ctrl/⌘+Enter while the host is busy: docs/composer.md, "Queued follow-ups"). */
  steer?: boolean;
}

export class Sender implements ReactiveController {
  readonly #composer: Composer;
  #sending: Promise<SentMessage | undefined> | null = null;
  /** The running sends' controllers: the draft's, and a queued message's (queue.ts). */
  readonly #controllers = new Set<AbortController>();
  /** The `clientMessageId` of the last send, with the draft version it was made for. */
  #messageId: { id: string; version: number } | null = null;
  /** The send being retried, and its attempt. */
  #retrying: { controller: AbortController; attempt: number } | null = null;
  /** What the send's own code (rest/transmit.ts) does through this controller. */
  readonly #run: SendRun;
  /** Set by `stop()` until the next send starts: the failures of the sends it aborted are not errors. */
  #stopped = false;

  constructor(composer: Composer) {
    this.#composer = composer;
    this.#run = {
      composer,
      start: () => {
        if (this.#controllers.size === 0) this.#stopped = false;
        const controller = new AbortController();
        this.#controllers.add(controller);
        return controller;
      },
      end: (controller) => {
        this.#controllers.delete(controller);
        if (this.#retrying?.controller === controller) this.#retrying = null;
        composer.host.requestUpdate();
      },
      retried: (controller, attempt) => this.#retried(controller, attempt),
      failure: (error) => this.#failure(error),
      messageId: () => this.#clientMessageId(),
    };
  }

  /**
   * The attempt the transport is on, while it tries a send again after a failure (its
   * `onRetry`); `null` otherwise. The element shows it (part `retrying`).
   */
  get retryingAttempt(): number | null {
    return this.#retrying?.attempt ?? null;
  }

  /** The transport tries again: say so, and announce it the first time for this send. */
  #retried(controller: AbortController, attempt: number): void {
    if (controller.signal.aborted) return;
    const first = this.#retrying?.controller !== controller;
    this.#retrying = { controller, attempt };
    if (first) this.#composer.events.announce(this.#composer.host.localizer.text("sendRetrying", { attempt }));
    this.#composer.host.requestUpdate();
  }

  /** Whether a send runs (the editor is read-only meanwhile). */
  get sending(): boolean {
    return this.#sending !== null;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    queueMicrotask(() => {
      if (!this.#composer.host.isConnected) for (const controller of this.#controllers) controller.abort(); // removed, not moved
    });
  }

  /** The id of this send: the same for every retry until the draft changes. */
  #clientMessageId(): string {
    const version = this.#composer.model.version;
    if (this.#messageId?.version !== version) {
      this.#messageId = { id: mintMessageId(), version };
      this.#composer.persistence.markUnsaved(); // the saved draft keeps the id of its send
    }
    return this.#messageId.id;
  }

  /** The id a send of the draft as it is now went out under, if one did (it is saved with the draft). */
  get pendingMessageId(): string | null {
    return this.#messageId?.version === this.#composer.model.version ? this.#messageId.id : null;
  }

  /**
   * A restored draft takes the id its last send went out under: if the host stored that send but
   * the answer never came (the page closed first), sending the draft again is a retry the host
   * recognises, not a second message.
   */
  adoptMessageId(id: string): void {
    this.#messageId = { id, version: this.#composer.model.version };
  }

  /** Sends the draft; a second call while one runs gets the running one. */
  send(options: SendOptions = {}): Promise<SentMessage | undefined> {
    if (this.#sending) return this.#sending;
    const view = () => this.#composer.model.view;
    const focused = view()?.hasFocus() ?? false;
    const running = this.#sendNow(options.steer === true).finally(() => {
      this.#sending = null;
      this.#editabilityChanged();
      // The editor lost its focus when it became read-only: give it back, unless the person
      // moved on to something else meanwhile.
      const active = document.activeElement;
      if (focused && (active === null || active === document.body || active === this.#composer.host)) view()?.focus();
    });
    this.#sending = running;
    this.#editabilityChanged();
    return running;
  }

  /** `canEdit` changed: ProseMirror reads `editable` again, the element redraws its ARIA state. */
  #editabilityChanged(): void {
    this.#composer.model.view?.setProps({});
    this.#composer.host.requestUpdate();
  }

  /**
   * Stop (the toolbar's, docs/composer.md "Toolbar"): aborts the running sends through their
   * transport's AbortSignal. Each rejects as an abort does, without `t3-error`, and the draft
   * stays as it was.
   */
  stop(): void {
    if (this.#controllers.size === 0) return;
    this.#stopped = true;
    for (const controller of this.#controllers) controller.abort();
  }

  #failure(error: ComposerError): ComposerError {
    if (this.#stopped) return error; // the person stopped it: not an error to show
    emit(this.#composer.host, "t3-error", { code: error.code, message: error.message, cause: error.cause ?? error });
    return error;
  }

  /**
   * The send's checks, its message and the draft cleared after it (rest/send-draft.ts) are in the
   * rest chunk: a send made before it is in waits for it (the editor is read-only at once), and a
   * chunk that cannot be fetched rejects the send with `load-failed` (its `t3-error` already fired).
   */
  #sendNow(steer: boolean): Promise<SentMessage | undefined> {
    return this.#withRest((loaded) => loaded.sendDraft(this.#run, steer));
  }

  /** Runs `use` with the rest chunk: at once if it is in, else once it has loaded; `load-failed` if it cannot. */
  #withRest<T>(use: (loaded: ComposerRest) => Promise<T>): Promise<T> {
    const { rest } = this.#composer;
    if (rest.loaded) return use(rest.loaded);
    return rest.run((chunk) => chunk).then((loaded) => {
      if (!loaded) throw loadFailed();
      return use(loaded);
    });
  }

  /**
   * Sends a message that is ready (the draft's, or a queued one's: queue.ts): cancelable
   * `t3-send`, then the transport. `taken` runs once the message is gone (stored, taken by the
   * host from `t3-send`, or nowhere to send it), before `t3-sent` fires. Rejects with a
   * `send-failed` ComposerError after `t3-error`, having called nothing. The code that does it
   * is in the rest chunk (rest.ts): a send made before it is in waits for it, and a chunk
   * that cannot be fetched rejects the send with `load-failed` (its `t3-error` already fired).
   */
  transmit(message: OutgoingMessage, taken: () => void, context: SendContextCheck = { stale: [], gone: [] }): Promise<SentMessage | undefined> {
    return this.#withRest((loaded) => loaded.transmit(this.#run, message, taken, context));
  }
}
