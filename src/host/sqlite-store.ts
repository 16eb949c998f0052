// The embedded store: one SQLite file through better-sqlite3 (an optional peer dependency that
// only this module imports). Writes go through one connection, one transaction at a time, each
// taking the write lock when it begins (`BEGIN IMMEDIATE`), so that a second process on the same
// file waits for the lock instead of failing with SQLITE_BUSY_SNAPSHOT; reads use a second
// connection, which sees only committed rows. Live pushes reach this process's sockets only: for
// more than one process, use the PostgreSQL store.
//
// The driver is imported when a store is opened, not with the kit: an app that uses PostgreSQL
// need not install better-sqlite3 (a native build).
import type Database from "better-sqlite3";
import type { AttachmentRow, HostStore, NewMessage, PageQuery, StoreTransaction, StoredMessage } from "./store.js";
import { toStoredMessage, type AttachmentJoinRow, type MessageRow } from "./rows.js";

type Db = Database.Database;

/** How long a write waits for another connection's lock (a second process, a test reading the file). */
const BUSY_TIMEOUT_MS = 5000;

/** Each entry moves the schema one version up; never edit one that has shipped, add another. */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE threads (
    id         TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
  );
  CREATE TABLE messages (
    seq               INTEGER PRIMARY KEY AUTOINCREMENT,  -- the thread's order
    id                TEXT NOT NULL UNIQUE,
    thread_id         TEXT NOT NULL REFERENCES threads (id),
    client_message_id TEXT NOT NULL,
    role              TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'assistant', 'system')),
    text              TEXT NOT NULL,
    context_json      TEXT,                               -- MessageContext JSON, or NULL without records
    created_at        TEXT NOT NULL,
    UNIQUE (thread_id, client_message_id)                 -- the idempotency key
  );
  -- An upload is pending (its pending id handed to the client) until a message references it;
  -- then it is persisted under a second id that the stored records carry (docs/host.md).
  CREATE TABLE attachments (
    pending_id   TEXT PRIMARY KEY,
    persisted_id TEXT UNIQUE,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'persisted')),
    name         TEXT NOT NULL,
    mime_type    TEXT NOT NULL,
    size_bytes   INTEGER NOT NULL,
    file         TEXT NOT NULL,                           -- the blob store's key
    created_at   TEXT NOT NULL,
    CHECK ((state = 'pending') = (persisted_id IS NULL))
  );
  CREATE TABLE message_attachments (
    message_id    TEXT NOT NULL REFERENCES messages (id),
    attachment_id TEXT NOT NULL REFERENCES attachments (pending_id),
    position      INTEGER NOT NULL,
    PRIMARY KEY (message_id, attachment_id)
  );
  `,
  // The thread an upload was made for (NULL for uploads from before this version).
  `ALTER TABLE attachments ADD COLUMN thread_id TEXT;`,
  // A message posted with `steer: true` (docs/host.md, "The protocol"); 0 for older rows.
  `ALTER TABLE messages ADD COLUMN steer INTEGER NOT NULL DEFAULT 0 CHECK (steer IN (0, 1));`,
];

const ATTACHMENTS_OF = `SELECT a.persisted_id, a.name, a.mime_type, a.size_bytes FROM message_attachments m
  JOIN attachments a ON a.pending_id = m.attachment_id WHERE m.message_id = ? ORDER BY m.position`;

/** Opens (creating if needed) the SQLite file and applies the migrations it lacks. */
export async function openSqliteStore(file: string): Promise<HostStore> {
  const { default: Driver } = await import("better-sqlite3");
  const writer = open(Driver, file);
  migrate(writer);
  const reader = open(Driver, file);
  return new SqliteStore(writer, reader);
}

function open(Driver: typeof Database, file: string): Db {
  const db = new Driver(file);
  // WAL lets readers (the read connection, tests, a second process) look while the host writes.
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > SQLITE_MIGRATIONS.length) {
    throw new Error(`The database is at schema version ${current}, newer than this host (${SQLITE_MIGRATIONS.length})`);
  }
  db.transaction(() => {
    for (let version = current; version < SQLITE_MIGRATIONS.length; version++) {
      db.exec(SQLITE_MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }
  }).immediate();
}

function findStored(db: Db, sql: string, ...params: unknown[]): StoredMessage | undefined {
  const row = db.prepare(sql).get(...params) as MessageRow | undefined;
  return row && toStoredMessage(row, db.prepare(ATTACHMENTS_OF).all(row.id) as AttachmentJoinRow[]);
}

class SqliteStore implements HostStore {
  readonly #writer: Db;
  readonly #reader: Db;
  /** The transaction running now: the next one starts when it settles. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(writer: Db, reader: Db) {
    this.#writer = writer;
    this.#reader = reader;
  }

  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async (db) => {
      db.exec("BEGIN IMMEDIATE");
      try {
        const result = await work(sqliteTransaction(db));
        db.exec("COMMIT");
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  /** Runs `use` with the writer once every earlier use of it has settled. */
  #exclusive<T>(use: (db: Db) => T | Promise<T>): Promise<T> {
    const run = () => use(this.#writer);
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }

  async findMessage(threadId: string, id: string) {
    return findStored(this.#reader, "SELECT * FROM messages WHERE thread_id = ? AND id = ?", threadId, id);
  }

  async listMessages(threadId: string, page: PageQuery) {
    const db = this.#reader;
    const rows = (
      page.before === undefined
        ? db.prepare("SELECT * FROM messages WHERE thread_id = ? ORDER BY seq DESC LIMIT ?").all(threadId, page.limit)
        : db
            .prepare(
              `SELECT * FROM messages WHERE thread_id = ?
               AND seq < (SELECT seq FROM messages WHERE thread_id = ? AND id = ?) ORDER BY seq DESC LIMIT ?`,
            )
            .all(threadId, threadId, page.before, page.limit)
    ) as MessageRow[];
    const attachments = db.prepare(ATTACHMENTS_OF);
    return rows.reverse().map((row) => toStoredMessage(row, attachments.all(row.id) as AttachmentJoinRow[]));
  }

  // Writes outside `transaction` still wait their turn: the writer may be inside one.
  insertUpload(row: AttachmentRow) {
    return this.#exclusive((db) => {
      db.prepare(
        `INSERT INTO attachments (pending_id, persisted_id, state, thread_id, name, mime_type, size_bytes, file, created_at)
         VALUES (@pending_id, @persisted_id, @state, @thread_id, @name, @mime_type, @size_bytes, @file, @created_at)`,
      )
        .run(row);
    });
  }

  async findAttachment(id: string) {
    return this.#reader
      .prepare("SELECT * FROM attachments WHERE persisted_id = ? OR (pending_id = ? AND state = 'pending')")
      .get(id, id) as AttachmentRow | undefined;
  }

  deleteStalePending(cutoff: string) {
    return this.#exclusive((db) => {
      const rows = db.prepare("DELETE FROM attachments WHERE state = 'pending' AND created_at < ? RETURNING file").all(cutoff) as { file: string }[];
      return rows.map((row) => row.file);
    });
  }

  async hasFile(file: string) {
    return this.#reader.prepare("SELECT 1 FROM attachments WHERE file = ?").get(file) !== undefined;
  }

  subscribe() {
    return () => {};
  }

  async close() {
    await this.#queue;
    this.#reader.close();
    this.#writer.close();
  }
}

function sqliteTransaction(db: Db): StoreTransaction {
  return {
    findMessageByClientId: async (threadId, clientMessageId) =>
      findStored(db, "SELECT * FROM messages WHERE thread_id = ? AND client_message_id = ?", threadId, clientMessageId),
    findMessage: async (threadId, id) => findStored(db, "SELECT * FROM messages WHERE thread_id = ? AND id = ?", threadId, id),
    ensureThread: async (threadId, createdAt) => void db.prepare("INSERT OR IGNORE INTO threads (id, created_at) VALUES (?, ?)").run(threadId, createdAt),
    findUpload: async (id) => db.prepare("SELECT * FROM attachments WHERE pending_id = ? OR persisted_id = ?").get(id, id) as AttachmentRow | undefined,
    persistUpload: async (pendingId, persistedId) =>
      db.prepare("UPDATE attachments SET state = 'persisted', persisted_id = ? WHERE pending_id = ? AND state = 'pending'").run(persistedId, pendingId)
        .changes > 0,
    insertMessage: async (m: NewMessage) =>
      db
        .prepare(
          `INSERT INTO messages (id, thread_id, client_message_id, text, context_json, created_at, steer) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (thread_id, client_message_id) DO NOTHING`,
        )
        .run(m.id, m.threadId, m.clientMessageId, m.text, m.contextJson, m.createdAt, m.steer ? 1 : 0).changes > 0,
    linkAttachment: async (messageId, pendingId, position) =>
      void db.prepare("INSERT INTO message_attachments (message_id, attachment_id, position) VALUES (?, ?, ?)").run(messageId, pendingId, position),
  };
}
