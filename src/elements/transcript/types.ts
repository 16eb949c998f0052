import type { MessageContext } from "../../contract/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";

/** Who wrote a message. */
export type TranscriptRole = "user" | "assistant" | "system";

/** One message of a `<t3-transcript>`. */
export interface TranscriptMessage {
  /** Unique within the transcript; the key its DOM is kept under. */
  id: string;
  role: TranscriptRole;
  /** Canonical Markdown (or legacy text, upgraded in memory for user messages). */
  text: string;
  context?: MessageContext;
  attachments?: TranscriptAttachment[];
  createdAt?: string;
  /** The composer's idempotency key: the host's stored copy replaces the optimistic one in place. */
  clientMessageId?: string;
  /** Shown at once, before the host stored it (optimistic). */
  pending?: boolean;
  /**
   * The id of the message this one is a new version of (edit and resend): it replaces that
   * message in place and is marked edited.
   */
  editOf?: string;
}

/** A change to a message: any field but `id`. */
export type TranscriptMessagePatch = Partial<Omit<TranscriptMessage, "id">>;
