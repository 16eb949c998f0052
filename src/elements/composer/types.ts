// Public shapes of <t3-composer> (docs/composer.md).
import type { TextRedactor } from "../../codec/redact-record.js";
import type { RedactionRule } from "../../codec/redact-rules.js";
import type { ComposerContextRecord, MessageContext } from "../../contract/types.js";

/** The draft, canonical: `context` is present only when the text references a record. */
export interface ComposerValue {
  text: string;
  context?: MessageContext;
}

/** One attachment of the draft, shelf images included. */
export interface DraftAttachment {
  /** The composer's id for it, `att_` + 16 random characters (or the record's producer id). */
  localId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  status: "uploading" | "ready" | "failed";
  /** 0 to 1 while uploading. */
  progress?: number;
  /** The host's id, once the upload is done. */
  attachmentId?: string;
  /** Whether a chip in the text references it. */
  referenced: boolean;
}

/** One entry of the suggestion list, as a host provides it through `t3-trigger`. */
export interface Suggestion {
  kind: "mention" | "skill";
  /** The path (mention) or skill name (skill): the producer id of the chip's record. */
  value: string;
  /** What the chip and the list show; default: `value`. */
  label?: string;
  /** A second line in the list. */
  detail?: string;
}

/** Options of `insertContext`. */
export interface InsertContextOptions {
  /** The chip's label; default: the record's label, else what its presenter shows. */
  label?: string;
  /** `"cursor"` (default): the caret, or the last known caret; `"end"`: the end of the text. */
  at?: "cursor" | "end";
}

/** A draft taken out with `stash()`. */
export interface ComposerStashEntry {
  version: 1;
  text: string;
  records: ComposerContextRecord[];
  /** ISO 8601. */
  createdAt: string;
}

/**
 * A message of the prompt history (`composer.history`, docs/composer.md, "Prompt history"): plain
 * JSON, no bytes. `context.records` are the records the message carried, then the shelf images it
 * sent that no chip referenced; images and files carry the host's `attachmentId`.
 */
export interface ComposerHistoryEntry {
  text: string;
  context?: MessageContext;
  /** When it was sent, ISO 8601. */
  sentAt: string;
}

/** What `validateContext` says of a record. */
export type ContextStatus = "current" | "stale" | "gone";

/** The host's hook: whether `record` is still what it was when it joined the draft. */
export type ContextValidator = (record: ComposerContextRecord) => ContextStatus | Promise<ContextStatus>;

/** What a send carries besides its message: the context it sends although it changed or is gone. */
export interface SendContextCheck {
  readonly stale: ComposerContextRecord[];
  readonly gone: ComposerContextRecord[];
}

/**
 * `composer.redactor`: a function that redacts one text (`redactSecrets` is one), or rules that
 * replace the built-in ones (`{ rules }`) or come after them (`{ rules, extend: true }`).
 */
export type ComposerRedactor = TextRedactor | { readonly rules: readonly RedactionRule[]; readonly extend?: boolean };

/** Options of a send of the draft. */
export interface SendOptions {
  /** Mark the message `steer: true` (Ctrl/⌘+Enter while the host is busy: docs/composer.md, "Queued follow-ups"). */
  steer?: boolean;
}

/** One piece of recognized speech: `final: false` is a guess that a later piece replaces. */
export interface SpeechResult {
  text: string;
  final: boolean;
}
