// Rows of `messages` and `message_attachments` as `StoredMessage`s, shared by both stores (their
// column names are the same).
import type { MessageContext } from "../codec/index.js";
import type { StoredMessage } from "./store.js";

/** A row of `messages`. */
export interface MessageRow {
  id: string;
  thread_id: string;
  client_message_id: string;
  text: string;
  context_json: string | null;
  created_at: string;
  /** SQLite answers 0 or 1, PostgreSQL a boolean. */
  steer: number | boolean;
}

/** A message's attachment, joined from `message_attachments` and `attachments`. */
export interface AttachmentJoinRow {
  persisted_id: string;
  name: string;
  mime_type: string;
  size_bytes: number | string;
}

export function toStoredMessage(row: MessageRow, attachments: AttachmentJoinRow[]): StoredMessage {
  return {
    id: row.id,
    threadId: row.thread_id,
    clientMessageId: row.client_message_id,
    text: row.text,
    context: row.context_json === null ? undefined : (JSON.parse(row.context_json) as MessageContext),
    // PostgreSQL's BIGINT comes back as a string.
    attachments: attachments.map((a) => ({ id: a.persisted_id, name: a.name, mimeType: a.mime_type, sizeBytes: Number(a.size_bytes) })),
    createdAt: row.created_at,
    steer: Boolean(row.steer),
  };
}
