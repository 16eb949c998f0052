// Reading stored messages back: rows of `messages` and `message_attachments` as the protocol's
// `SentMessage`.
import type { MessageContext } from "../../src/codec/index.js";
import type { SentMessage, TranscriptAttachment } from "../../src/transport/index.js";
import type { Db } from "./db.js";

/** A stored message, before the URLs of its attachments are known. */
export interface StoredMessage {
  id: string;
  threadId: string;
  clientMessageId: string;
  text: string;
  context: MessageContext | undefined;
  attachments: Omit<TranscriptAttachment, "url">[];
  createdAt: string;
}

interface MessageRow {
  id: string;
  thread_id: string;
  client_message_id: string;
  text: string;
  context_json: string | null;
  created_at: string;
}

interface AttachmentJoinRow {
  persisted_id: string;
  name: string;
  mime_type: string;
  size_bytes: number;
}

export function findMessage(db: Db, threadId: string, id: string): StoredMessage | undefined {
  const row = db.prepare("SELECT * FROM messages WHERE thread_id = ? AND id = ?").get(threadId, id) as MessageRow | undefined;
  return row && toStoredMessage(db, row);
}

export function findMessageByClientId(db: Db, threadId: string, clientMessageId: string): StoredMessage | undefined {
  const row = db.prepare("SELECT * FROM messages WHERE thread_id = ? AND client_message_id = ?").get(threadId, clientMessageId) as
    | MessageRow
    | undefined;
  return row && toStoredMessage(db, row);
}

/** The thread's messages, oldest first. */
export function listMessages(db: Db, threadId: string): StoredMessage[] {
  const rows = db.prepare("SELECT * FROM messages WHERE thread_id = ? ORDER BY seq").all(threadId) as MessageRow[];
  return rows.map((row) => toStoredMessage(db, row));
}

function toStoredMessage(db: Db, row: MessageRow): StoredMessage {
  const attachments = db
    .prepare(
      `SELECT a.persisted_id, a.name, a.mime_type, a.size_bytes FROM message_attachments m
       JOIN attachments a ON a.pending_id = m.attachment_id WHERE m.message_id = ? ORDER BY m.position`,
    )
    .all(row.id) as AttachmentJoinRow[];
  return {
    id: row.id,
    threadId: row.thread_id,
    clientMessageId: row.client_message_id,
    text: row.text,
    context: row.context_json === null ? undefined : (JSON.parse(row.context_json) as MessageContext),
    attachments: attachments.map((a) => ({ id: a.persisted_id, name: a.name, mimeType: a.mime_type, sizeBytes: a.size_bytes })),
    createdAt: row.created_at,
  };
}

/** The protocol's `SentMessage`; attachment URLs are absolute, under `apiBase`. */
export function toSentMessage(message: StoredMessage, apiBase: string): SentMessage {
  const sent: SentMessage = { id: message.id, clientMessageId: message.clientMessageId, text: message.text, createdAt: message.createdAt };
  if (message.context) sent.context = message.context;
  if (message.attachments.length > 0) {
    sent.attachments = message.attachments.map((a) => ({ ...a, url: `${apiBase}/attachments/${encodeURIComponent(a.id)}` }));
  }
  return sent;
}
