// The events of <t3-composer>, typed in HTMLElementEventMap (docs/composer.md, "Events").
import type { ComposerContextMeasure } from "../../codec/measure.js";
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
  /** Records `validateContext` found gone that the person chose to keep (docs/preview-and-stale.md). */
  gone: ComposerContextRecord[];
  /** Records `validateContext` found stale that go as they are (the person was shown their badge). */
  stale: ComposerContextRecord[];
}

/** `t3-context-refresh`: a stale chip was activated; answer with its new version. */
export interface ComposerContextRefreshDetail {
  /** The record as the draft holds it. */
  record: ComposerContextRecord;
  /**
   * The new record (or a promise of it): same `contextId` and `kind` (and `attachmentId` for an
   * image or file). It replaces the old one. Throws a TypeError for a record that does not fit.
   */
  provide(record: ComposerContextRecord | Promise<ComposerContextRecord>): void;
}

/** `t3-sent`: the message and the host's stored copy. */
export interface ComposerSentDetail {
  message: OutgoingMessage;
  result: SentMessage;
}

/** `t3-stop` (cancelable: the running send is then not aborted): the person pressed Stop. */
export interface ComposerStopDetail {
  /** Whether a send of this composer runs (the default action aborts it). */
  sending: boolean;
}

/**
 * `t3-error`, cancelable: `preventDefault()` keeps the composer from showing its notice (the
 * host shows the error itself; docs/errors.md, "In the composer").
 */
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

/**
 * `t3-budget` (cancelable: canceling hides the built-in warning until the next crossing): the
 * draft's estimate crossed the budget, going over (`over: true`) or back under.
 */
export interface ComposerBudgetDetail {
  /** The draft's estimated tokens. */
  tokens: number;
  budget: number;
  over: boolean;
  /** The whole measure: the draft's text, the envelope, each chip's share. */
  measure: ComposerContextMeasure;
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
    "t3-budget": CustomEvent<ComposerBudgetDetail>;
    "t3-context-refresh": CustomEvent<ComposerContextRefreshDetail>;
    "t3-queue-change": CustomEvent<ComposerQueueChangeDetail>;
    "t3-stop": CustomEvent<ComposerStopDetail>;
  }
}
