// Sending (docs/composer.md, "Sending"): wait for uploads, cancelable `t3-send`, the transport
// with an AbortSignal; success clears the draft and fires `t3-sent`; failure rejects with a
// ComposerError, fires `t3-error` and leaves the draft exactly as it was. The editor is read-only
// while a send runs, so the draft cannot change under it. The controller owns the running send
// and the `clientMessageId` of the draft: the same for every retry until the draft changes.
import type { ReactiveController } from "lit";
import { serializeLegacyContextMessage } from "../../codec/legacy/serialize.js";
import { randomToken } from "../../editor/random.js";
import { ComposerError } from "../../transport/errors.js";
import type { ComposerTransport, OutgoingMessage, SentMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import type { Composer } from "./composer.js";
import { hasContent, outgoingMessage } from "./message.js";
import type { SendContextCheck } from "./staleness.js";

/** Characters after `msg_` in a `clientMessageId` (docs/composer.md, "Sending"). */
const MESSAGE_ID_LENGTH = 20;
/** A `clientMessageId` as the composer mints it. */
export const MESSAGE_ID_PATTERN = /^msg_[a-z0-9]{20}$/;

/** A fresh `clientMessageId`: `msg_` and 20 random characters. */
export function mintMessageId(): string {
  return "msg_" + randomToken(MESSAGE_ID_LENGTH);
}

/**
 * What the transport gets. A host that says it takes no inline message context
 * (`capabilities.inlineMessageContext === false`; absent means it does) drops records and
 * forwards links verbatim, so it gets the context written into the text the way messages were
 * written before inline references (docs/composer.md, "Sending"), and no records.
 */
function forTransport(transport: ComposerTransport, message: OutgoingMessage): OutgoingMessage {
  if (transport.capabilities?.inlineMessageContext !== false) return message;
  const text = serializeLegacyContextMessage({ text: message.text, records: message.context?.records ?? [] });
  const legacy: OutgoingMessage = { clientMessageId: message.clientMessageId, text, attachments: message.attachments };
  if (message.editOf !== undefined) legacy.editOf = message.editOf;
  if (message.steer) legacy.steer = true;
  return legacy;
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
  /** Set by `stop()` until the next send starts: the failures of the sends it aborted are not errors. */
  #stopped = false;

  constructor(composer: Composer) {
    this.#composer = composer;
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
   * The checks on the way to the transport, in their order (docs/composer.md, "Sending"): an
   * empty draft sends nothing, a budget over its limit in `block` mode refuses (docs/budget.md),
   * uploads must finish, and gone or stale context may stop the send (staleness.ts). Then the
   * message goes out, and the draft is cleared once it is gone.
   */
  async #sendNow(steer: boolean): Promise<SentMessage | undefined> {
    const composer = this.#composer;
    if (!hasContent(composer)) return undefined;
    const refusal = await composer.budget.refusal();
    if (refusal) throw this.#failure(refusal);
    try {
      await composer.uploads.settled();
    } catch (error) {
      throw this.#failure(error instanceof ComposerError ? error : new ComposerError("upload-failed", "An upload failed.", { cause: error }));
    }
    const context = await composer.staleness.beforeSend();
    if (!context) return undefined;
    const message = outgoingMessage(composer, this.#clientMessageId());
    if (!message) return undefined;
    if (steer) message.steer = true;
    return this.transmit(message, () => this.#clearDraft(message), context);
  }

  /**
   * After a send: the message joins the history; then an empty draft, saved at once
   * (persistence.ts, `sent`), or after an edit the draft from before it (editing.ts).
   */
  #clearDraft(message: OutgoingMessage): void {
    const composer = this.#composer;
    composer.history.sent(message);
    if (composer.editing.finish()) return;
    composer.model.replace("", []);
    composer.persistence.sent();
  }

  /**
   * Sends a message that is ready (the draft's, or a queued one's: queue.ts): cancelable
   * `t3-send`, then the transport with an AbortSignal and its retries, then `t3-sent`. `taken`
   * runs once the message is gone (stored, taken by the host from `t3-send`, or nowhere to send
   * it), before `t3-sent` fires. Rejects with a `send-failed` ComposerError after `t3-error`,
   * having called nothing.
   */
  async transmit(message: OutgoingMessage, taken: () => void, context: SendContextCheck = { stale: [], gone: [] }): Promise<SentMessage | undefined> {
    const { host } = this.#composer;
    const transport = host.transport;
    // Without a transport the host takes the message from the event, canceled or not.
    if (!emit(host, "t3-send", { message, ...context }, { cancelable: true }) || !transport) {
      taken();
      return undefined;
    }
    if (this.#controllers.size === 0) this.#stopped = false;
    const controller = new AbortController();
    this.#controllers.add(controller);
    let result: SentMessage;
    try {
      const onRetry = (attempt: number) => this.#retried(controller, attempt);
      result = await transport.send(forTransport(transport, message), { signal: controller.signal, onRetry });
    } catch (cause) {
      throw this.#failure(new ComposerError("send-failed", "The message could not be sent.", { cause }));
    } finally {
      this.#controllers.delete(controller);
      if (this.#retrying?.controller === controller) this.#retrying = null;
      host.requestUpdate();
    }
    if (controller.signal.aborted) throw this.#failure(new ComposerError("send-failed", "The send was aborted."));
    taken();
    emit(host, "t3-sent", { message, result });
    return result;
  }
}
