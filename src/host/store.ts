// What the host kit needs from a database. Two stores implement it: SQLite (sqlite-store.ts, the
// embedded default) and PostgreSQL (postgres-store.ts, for more than one process). The protocol's
// rules (validation, idempotency, attachment ownership) live in messages.ts and attachments.ts,
// once, on top of these primitives.
import type { MessageContext } from "../codec/index.js";
import type { TranscriptAttachment } from "../transport/index.js";

/** A stored message, before the URLs of its attachments are known. */
export interface StoredMessage {
  id: string;
  threadId: string;
  clientMessageId: string;
  text: string;
  context: MessageContext | undefined;
  attachments: Omit<TranscriptAttachment, "url">[];
  createdAt: string;
  /** The version this one replaced (edit and resend), if it is an edit. */
  editOf: string | undefined;
  /** The post asked to steer a busy agent (`steer: true`). */
  steer: boolean;
}

/** One upload: pending (its pending id handed to the client) until a message persists it. */
export interface AttachmentRow {
  pending_id: string;
  persisted_id: string | null;
  state: "pending" | "persisted";
  /** The thread it was uploaded for; a message of another thread may not bind it. */
  thread_id: string | null;
  name: string;
  mime_type: string;
  size_bytes: number;
  /** The blob's key in the blob store. */
  file: string;
  created_at: string;
}

/** A message row to insert. */
export interface NewMessage {
  id: string;
  threadId: string;
  clientMessageId: string;
  text: string;
  contextJson: string | null;
  createdAt: string;
  /** The message this one is a new version of: it takes that message's place in the thread. */
  editOf: string | null;
  steer: boolean;
}

/** One page of a thread: `limit` messages at most, older than `before` (a message id) when given. */
export interface PageQuery {
  limit: number;
  before?: string | undefined;
}

/** What a write transaction may do. Every method runs inside the one transaction. */
export interface StoreTransaction {
  /** The thread's message with this idempotency key, if one was stored. */
  findMessageByClientId(threadId: string, clientMessageId: string): Promise<StoredMessage | undefined>;
  /** The thread's message with this id. */
  findMessage(threadId: string, id: string): Promise<StoredMessage | undefined>;
  /** Creates the thread unless it exists. */
  ensureThread(threadId: string, createdAt: string): Promise<void>;
  /** The upload with this pending or persisted id, locked for this transaction where the store can lock. */
  findUpload(id: string): Promise<AttachmentRow | undefined>;
  /** Marks a pending upload persisted under `persistedId`; false when it was not pending any more. */
  persistUpload(pendingId: string, persistedId: string): Promise<boolean>;
  /**
   * Inserts the message; false when the thread already has one with this `clientMessageId`
   * (another request stored it first: the unique constraint, not a read before the write, decides).
   */
  insertMessage(message: NewMessage): Promise<boolean>;
  /** Attaches a persisted upload to the message, at `position` among its attachments. */
  linkAttachment(messageId: string, pendingId: string, position: number): Promise<void>;
  /**
   * Marks `oldId` replaced by its new version `newId` (docs/host.md, "Versions"); false when
   * another version replaced it first (the row's own check decides, not a read before the write).
   */
  supersede(oldId: string, newId: string): Promise<boolean>;
}

/** Called for a message another process stored (this process's own are announced directly). */
export type StoredListener = (threadId: string, messageId: string) => void;

/** The database behind a host kit (`openSqliteStore`, `openPostgresStore`, or your own). */
export interface HostStore {
  /** Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** The thread's message with this id. */
  findMessage(threadId: string, id: string): Promise<StoredMessage | undefined>;
  /**
   * A page of the thread, oldest first within the page; an unknown `before` is an empty page.
   * Only the newest version of each message is listed, in the place of its first version.
   */
  listMessages(threadId: string, page: PageQuery): Promise<StoredMessage[]>;
  /** Records a pending upload. */
  insertUpload(row: AttachmentRow): Promise<void>;
  /** A persisted attachment by its persisted id, or a pending one by its pending id. */
  findAttachment(id: string): Promise<AttachmentRow | undefined>;
  /** Deletes uploads pending since before `cutoff` (ISO time) and returns their blob keys. */
  deleteStalePending(cutoff: string): Promise<string[]>;
  /** Whether a row names this blob key (the start-up sweep deletes blobs no row names). */
  hasFile(file: string): Promise<boolean>;
  /** Hears messages stored by other processes sharing the database; returns the unsubscribe. */
  subscribe(listener: StoredListener): () => void;
  /** Closes the connection; the store is not used afterwards. */
  close(): Promise<void>;
}
