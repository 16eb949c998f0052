// The events of <t3-composer>, typed in HTMLElementEventMap (docs/composer.md, "Events").
import type { ComposerContextRecord } from "../../contract/types.js";
import type { ComposerErrorCode } from "../../transport/errors.js";
import type { OutgoingMessage, SentMessage } from "../../transport/types.js";
import type { ComposerQueuedMessage } from "./queue-item.js";
import type { ComposerValue, Suggestion } from "./types.js";

/**
 * `t3-change`. `value` is computed when it is first read, not when the event fires: serializing
 * a big draft on every keystroke would cost more than the keystroke. Read it in the listener if
 * you need the value of that moment; it is the draft as it was when the event fired.
 */
export interface ComposerChangeDetail {
  readonly value: ComposerValue;
}

/** `t3-send` (cancelable): the canonical message about to go to the transport. */
export interface ComposerSendDetail {
  message: OutgoingMessage;
}

/** `t3-sent`: the message and the host's stored copy. */
export interface ComposerSentDetail {
  message: OutgoingMessage;
  result: SentMessage;
}

/** `t3-error`. */
export interface ComposerErrorDetail {
  code: ComposerErrorCode;
  message: string;
  cause?: unknown;
}

/** `t3-context-add` / `t3-context-remove`: a record joined or left the draft. */
export interface ComposerContextDetail {
  record: ComposerContextRecord;
}

/** `t3-trigger` (cancelable: canceling closes the suggestion list). */
export interface ComposerTriggerDetail {
  trigger: "@" | "$";
  query: string;
  /** Answer with the suggestions for `query`; an answer to an older query is ignored. */
  provide(items: Promise<Suggestion[]>): void;
}

/** `t3-queue-change`: the queued follow-ups after a change, head first (docs/composer.md, "Queued follow-ups"). */
export interface ComposerQueueChangeDetail {
  queue: ComposerQueuedMessage[];
}

declare global {
  interface HTMLElementEventMap {
    "t3-change": CustomEvent<ComposerChangeDetail>;
    "t3-send": CustomEvent<ComposerSendDetail>;
    "t3-sent": CustomEvent<ComposerSentDetail>;
    "t3-error": CustomEvent<ComposerErrorDetail>;
    "t3-context-add": CustomEvent<ComposerContextDetail>;
    "t3-context-remove": CustomEvent<ComposerContextDetail>;
    "t3-trigger": CustomEvent<ComposerTriggerDetail>;
    "t3-queue-change": CustomEvent<ComposerQueueChangeDetail>;
  }
}
