// The embedded store: one SQLite file through better-sqlite3 (an optional peer dependency that
// only this module imports). Writes go through one connection, one transaction at a time (the
// transactions that queue meanwhile commit together: see `transaction`), each
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
  // Edit and resend: versions of a message (docs/host.md, "Versions").
  `
  ALTER TABLE messages ADD COLUMN edit_of TEXT REFERENCES messages (id);  -- the version this one replaced
  ALTER TABLE messages ADD COLUMN place INTEGER;      -- the first version's seq, where it is listed; NULL: its own
  ALTER TABLE messages ADD COLUMN replaced_by TEXT;   -- the next version; NULL for the newest
  CREATE INDEX messages_listed ON messages (thread_id, COALESCE(place, seq)) WHERE replaced_by IS NULL;
  `,
];

/** Where a message is listed: its first version's place in the thread (docs/host.md, "Versions"). */
const PLACE = "COALESCE(place, seq)";

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

/** Each connection's compiled statements by SQL: compiling one costs about as much as running it. */
const STATEMENTS = new WeakMap<Db, Map<string, Database.Statement>>();

/** `db.prepare(sql)`, compiled once per connection. */
function prepared(db: Db, sql: string): Database.Statement {
  let cache = STATEMENTS.get(db);
  if (!cache) STATEMENTS.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

function findStored(db: Db, sql: string, ...params: unknown[]): StoredMessage | undefined {
  const row = prepared(db, sql).get(...params) as MessageRow | undefined;
  return row && toStoredMessage(row, prepared(db, ATTACHMENTS_OF).all(row.id) as AttachmentJoinRow[]);
}

/** A transaction's work waiting for the next group commit, and how to settle its caller. */
interface QueuedWork {
  work: (tx: StoreTransaction) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class SqliteStore implements HostStore {
  readonly #writer: Db;
  readonly #reader: Db;
  /** The writer's use running now: the next one starts when it settles. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Transactions asked for since the last group commit began: they commit together. */
  #batch: QueuedWork[] = [];

  constructor(writer: Db, reader: Db) {
    this.#writer = writer;
    this.#reader = reader;
  }

  // Group commit: each COMMIT waits for the disk (an fsync of the WAL), which costs more than
  // a post's own statements, so the transactions that queue while one commits run next in one
  // SQLite transaction, each in its own savepoint (a work that throws rolls back only its own
  // writes), and share one COMMIT. A caller hears its outcome only once that COMMIT is done.
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#batch.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#batch.length === 1) void this.#exclusive((db) => this.#commitBatch(db));
    });
  }

  async #commitBatch(db: Db): Promise<void> {
    const batch = this.#batch;
    this.#batch = [];
    const tx = sqliteTransaction(db);
    const outcomes: (() => void)[] = [];
    try {
      db.exec("BEGIN IMMEDIATE");
      for (const { work, resolve, reject } of batch) {
        db.exec("SAVEPOINT work");
        try {
          const result = await work(tx);
          db.exec("RELEASE work");
          outcomes.push(() => resolve(result));
        } catch (error) {
          // Some errors (a full disk, say) make SQLite roll the whole transaction back.
          if (!db.inTransaction) throw error;
          db.exec("ROLLBACK TO work");
          db.exec("RELEASE work");
          outcomes.push(() => reject(error));
        }
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      for (const { reject } of batch) reject(error);
      return;
    }
    for (const settle of outcomes) settle();
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
        ? prepared(db, `SELECT * FROM messages WHERE thread_id = ? AND replaced_by IS NULL ORDER BY ${PLACE} DESC LIMIT ?`).all(threadId, page.limit)
        : prepared(
            db,
            `SELECT * FROM messages WHERE thread_id = ? AND replaced_by IS NULL
             AND ${PLACE} < (SELECT ${PLACE} FROM messages WHERE thread_id = ? AND id = ?) ORDER BY ${PLACE} DESC LIMIT ?`,
          ).all(threadId, threadId, page.before, page.limit)
    ) as MessageRow[];
    const attachments = prepared(db, ATTACHMENTS_OF);
    return rows.reverse().map((row) => toStoredMessage(row, attachments.all(row.id) as AttachmentJoinRow[]));
  }

  // Writes outside `transaction` still wait their turn: the writer may be inside one.
  insertUpload(row: AttachmentRow) {
    return this.#exclusive((db) => {
      prepared(
        db,
        `INSERT INTO attachments (pending_id, persisted_id, state, thread_id, name, mime_type, size_bytes, file, created_at)
         VALUES (@pending_id, @persisted_id, @state, @thread_id, @name, @mime_type, @size_bytes, @file, @created_at)`,
      ).run(row);
    });
  }

  async findAttachment(id: string) {
    return prepared(this.#reader, "SELECT * FROM attachments WHERE persisted_id = ? OR (pending_id = ? AND state = 'pending')").get(id, id) as
      | AttachmentRow
      | undefined;
  }

  deleteStalePending(cutoff: string) {
    return this.#exclusive((db) => {
      const rows = prepared(db, "DELETE FROM attachments WHERE state = 'pending' AND created_at < ? RETURNING file").all(cutoff) as { file: string }[];
      return rows.map((row) => row.file);
    });
  }

  async hasFile(file: string) {
    return prepared(this.#reader, "SELECT 1 FROM attachments WHERE file = ?").get(file) !== undefined;
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
    ensureThread: async (threadId, createdAt) => void prepared(db, "INSERT OR IGNORE INTO threads (id, created_at) VALUES (?, ?)").run(threadId, createdAt),
    findUpload: async (id) => prepared(db, "SELECT * FROM attachments WHERE pending_id = ? OR persisted_id = ?").get(id, id) as AttachmentRow | undefined,
    persistUpload: async (pendingId, persistedId) =>
      prepared(db, "UPDATE attachments SET state = 'persisted', persisted_id = ? WHERE pending_id = ? AND state = 'pending'").run(persistedId, pendingId)
        .changes > 0,
    insertMessage: async (m: NewMessage) =>
      prepared(
        db,
        `INSERT INTO messages (id, thread_id, client_message_id, text, context_json, created_at, steer, edit_of, place)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT ${PLACE} FROM messages WHERE id = ?))
         ON CONFLICT (thread_id, client_message_id) DO NOTHING`,
      ).run(m.id, m.threadId, m.clientMessageId, m.text, m.contextJson, m.createdAt, m.steer ? 1 : 0, m.editOf, m.editOf).changes > 0,
    linkAttachment: async (messageId, pendingId, position) =>
      void prepared(db, "INSERT INTO message_attachments (message_id, attachment_id, position) VALUES (?, ?, ?)").run(messageId, pendingId, position),
    supersede: async (oldId, newId) =>
      prepared(db, "UPDATE messages SET replaced_by = ? WHERE id = ? AND replaced_by IS NULL").run(newId, oldId).changes > 0,
  };
}
