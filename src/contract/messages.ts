// The two messages of the host protocol (docs/wire-format.md, "Messages"): what a composer sends
// (`OutgoingMessage`) and the host's stored copy of it (`SentMessage`). One schema each, shared by
// the transports (which decode the host's answers) and by any host (which decodes the posts).
import * as v from "valibot";
import { CLIENT_MESSAGE_ID_PATTERN, MESSAGE_ATTACHMENTS_MAX } from "./limits.js";
import { MessageContextSchema } from "./message-context.js";

/** An attachment as a transcript shows it. */
export const TranscriptAttachmentSchema = v.object({
  /** The host's attachment id. */
  id: v.string(),
  name: v.string(),
  mimeType: v.string(),
  sizeBytes: v.exactOptional(v.number()),
  /** Where the bytes can be loaded from, when the host says so. */
  url: v.exactOptional(v.string()),
});

/** One attachment of a draft: its local id and the id the host returned for its upload. */
const OutgoingAttachmentSchema = v.object({ localId: v.string(), attachmentId: v.pipe(v.string(), v.nonEmpty()) });

/**
 * What a composer hands to a transport, and what a host receives, when a message is sent.
 * `clientMessageId` is the idempotency key (1 to 128 characters of `[A-Za-z0-9_-]`; a composer
 * mints `msg_` + 20 random characters and reuses it for every retry of one send). `context` is
 * decoded by the contract's rules: records that do not decode are dropped, and too many records
 * or a duplicate `contextId` fail the message. A missing `attachments` decodes as `[]`.
 */
export const OutgoingMessageSchema = v.object({
  clientMessageId: v.pipe(v.string(), v.regex(CLIENT_MESSAGE_ID_PATTERN, "Expected 1 to 128 characters of [A-Za-z0-9_-]")),
  /** Canonical Markdown (or legacy text for a host without inline context). */
  text: v.string(),
  context: v.exactOptional(MessageContextSchema),
  attachments: v.optional(v.pipe(v.array(OutgoingAttachmentSchema), v.maxLength(MESSAGE_ATTACHMENTS_MAX)), []),
  /**
   * Sent while the host's agent was busy, to steer it now rather than wait its turn
   * (docs/composer.md, "Queued follow-ups"). What steering means is the host's to decide; absent
   * means `false`.
   */
  steer: v.exactOptional(v.boolean()),
});

/** The host's stored copy of a message, as a host answers a send and lists a thread. */
export const SentMessageSchema = v.object({
  /** The host's message id. */
  id: v.string(),
  clientMessageId: v.string(),
  text: v.string(),
  context: v.exactOptional(MessageContextSchema),
  attachments: v.exactOptional(v.array(TranscriptAttachmentSchema)),
  /** When the host stored it (ISO 8601). */
  createdAt: v.exactOptional(v.string()),
  /** The post said `steer: true`; absent otherwise. */
  steer: v.exactOptional(v.boolean()),
});

/** An attachment as a transcript shows it. */
export type TranscriptAttachment = v.InferOutput<typeof TranscriptAttachmentSchema>;
/** What a composer sends. */
export type OutgoingMessage = v.InferOutput<typeof OutgoingMessageSchema>;
/** The host's stored copy of a message. */
export type SentMessage = v.InferOutput<typeof SentMessageSchema>;
