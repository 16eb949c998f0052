// The store for more than one process: PostgreSQL through `pg` (an optional peer dependency that
// only this module imports). Any number of host processes may share one database:
// - idempotency is the unique constraint on (thread_id, client_message_id): an insert that meets
//   it does nothing, and the post is answered with the row that won (messages.ts);
// - a stored message is announced with NOTIFY carrying its ids (never its body), inside the
//   transaction, so that it is delivered on commit; every process LISTENs on a dedicated client
//   and pushes the message to its own sockets of the thread.
import { randomUUID } from "node:crypto";
// The driver is imported when a store is opened, not with the kit: an app on SQLite need not
// install pg.
import type pg from "pg";
import type { AttachmentRow, HostStore, NewMessage, PageQuery, StoreTransaction, StoredListener, StoredMessage } from "./store.js";
import { toStoredMessage, type AttachmentJoinRow, type MessageRow } from "./rows.js";

/** The NOTIFY channel of stored messages. */
const CHANNEL = "t3_composer_messages";
/** Any constant: the advisory lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK = 7_303_001;
/** How long the listener waits before reconnecting after its connection failed. */
const LISTEN_RETRY_MS = 1000;
/** SQLSTATEs of a transaction that lost a race and may simply run again. */
const RETRYABLE_STATES = new Set(["40001", "40P01"]);
/** Attempts of a transaction that keeps losing such races. */
const TRANSACTION_ATTEMPTS = 3;

/** Each entry moves the schema one version up; never edit one that has shipped, add another. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE threads (id TEXT PRIMARY KEY, created_at TEXT NOT NULL);
  CREATE TABLE messages (
    seq               BIGSERIAL PRIMARY KEY,
    id                TEXT NOT NULL UNIQUE,
    thread_id         TEXT NOT NULL REFERENCES threads (id),
    client_message_id TEXT NOT NULL,
    role              TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'assistant', 'system')),
    text              TEXT NOT NULL,
    context_json      TEXT,
    created_at        TEXT NOT NULL,
    UNIQUE (thread_id, client_message_id)
  );
  CREATE INDEX messages_thread_seq ON messages (thread_id, seq);
  CREATE TABLE attachments (
    pending_id   TEXT PRIMARY KEY,
    persisted_id TEXT UNIQUE,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'persisted')),
    thread_id    TEXT,
    name         TEXT NOT NULL,
    mime_type    TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    file         TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    CHECK ((state = 'pending') = (persisted_id IS NULL))
  );
  CREATE INDEX attachments_file ON attachments (file);
  CREATE TABLE message_attachments (
    message_id    TEXT NOT NULL REFERENCES messages (id),
    attachment_id TEXT NOT NULL REFERENCES attachments (pending_id),
    position      INTEGER NOT NULL,
    PRIMARY KEY (message_id, attachment_id)
  );
  `,
  // A message posted with `steer: true` (docs/host.md, "The protocol").
  `ALTER TABLE messages ADD COLUMN steer BOOLEAN NOT NULL DEFAULT FALSE;`,
];

const ATTACHMENTS_OF = `SELECT a.persisted_id, a.name, a.mime_type, a.size_bytes FROM message_attachments m
  JOIN attachments a ON a.pending_id = m.attachment_id WHERE m.message_id = $1 ORDER BY m.position`;

type Queryable = Pick<pg.PoolClient, "query">;

/** Connects to `connectionString`, brings the schema up to date and starts listening. */
export async function openPostgresStore(connectionString: string): Promise<HostStore> {
  const { default: driver } = await import("pg");
  const pool = new driver.Pool({ connectionString });
  // An idle client's connection can drop (a restarted server); the pool replaces it.
  pool.on("error", () => {});
  await migrate(pool);
  const store = new PostgresStore(driver, pool, connectionString);
  await store.listen();
  return store;
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE TABLE IF NOT EXISTS t3_schema_version (version INTEGER NOT NULL)");
    const { rows } = await client.query<{ version: number }>("SELECT version FROM t3_schema_version");
    const current = rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length) throw new Error(`The database is at schema version ${current}, newer than this host (${MIGRATIONS.length})`);
    await client.query("BEGIN");
    for (let version = current; version < MIGRATIONS.length; version++) await client.query(MIGRATIONS[version]!);
    await client.query("DELETE FROM t3_schema_version");
    await client.query("INSERT INTO t3_schema_version (version) VALUES ($1)", [MIGRATIONS.length]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

async function findStored(db: Queryable, sql: string, params: unknown[]): Promise<StoredMessage | undefined> {
  const { rows } = await db.query<MessageRow>(sql, params);
  const row = rows[0];
  if (!row) return undefined;
  return toStoredMessage(row, (await db.query<AttachmentJoinRow>(ATTACHMENTS_OF, [row.id])).rows);
}

class PostgresStore implements HostStore {
  readonly #driver: typeof pg;
  readonly #pool: pg.Pool;
  readonly #connectionString: string;
  /** Tells this process's own notifications from others'. */
  readonly #origin = randomUUID();
  readonly #listeners = new Set<StoredListener>();
  #listener: pg.Client | undefined;
  #closed = false;

  constructor(driver: typeof pg, pool: pg.Pool, connectionString: string) {
    this.#driver = driver;
    this.#pool = pool;
    this.#connectionString = connectionString;
  }

  /** LISTENs on a dedicated client (a pooled one would drop the subscription when released). */
  async listen(): Promise<void> {
    const client = new this.#driver.Client({ connectionString: this.#connectionString });
    client.on("notification", (note) => this.#heard(note.payload));
    client.on("error", () => {
      client.end().catch(() => {});
      if (!this.#closed) setTimeout(() => void this.listen().catch(() => {}), LISTEN_RETRY_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.#listener = client;
  }

  #heard(payload: string | undefined): void {
    let note: { origin?: unknown; threadId?: unknown; messageId?: unknown };
    try {
      note = JSON.parse(payload ?? "") as typeof note;
    } catch {
      return;
    }
    if (note.origin === this.#origin || typeof note.threadId !== "string" || typeof note.messageId !== "string") return;
    for (const listener of this.#listeners) listener(note.threadId, note.messageId);
  }

  async transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.#pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(postgresTransaction(client, this.#origin));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        const state = (error as { code?: unknown }).code;
        if (attempt >= TRANSACTION_ATTEMPTS || typeof state !== "string" || !RETRYABLE_STATES.has(state)) throw error;
      } finally {
        client.release();
      }
    }
  }

  findMessage(threadId: string, id: string) {
    return findStored(this.#pool, "SELECT * FROM messages WHERE thread_id = $1 AND id = $2", [threadId, id]);
  }

  async listMessages(threadId: string, page: PageQuery) {
    const { rows } =
      page.before === undefined
        ? await this.#pool.query<MessageRow>("SELECT * FROM messages WHERE thread_id = $1 ORDER BY seq DESC LIMIT $2", [threadId, page.limit])
        : await this.#pool.query<MessageRow>(
            `SELECT * FROM messages WHERE thread_id = $1
             AND seq < (SELECT seq FROM messages WHERE thread_id = $1 AND id = $2) ORDER BY seq DESC LIMIT $3`,
            [threadId, page.before, page.limit],
          );
    const messages: StoredMessage[] = [];
    for (const row of rows.reverse()) messages.push(toStoredMessage(row, (await this.#pool.query<AttachmentJoinRow>(ATTACHMENTS_OF, [row.id])).rows));
    return messages;
  }

  async insertUpload(row: AttachmentRow) {
    await this.#pool.query(
      `INSERT INTO attachments (pending_id, persisted_id, state, thread_id, name, mime_type, size_bytes, file, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.pending_id, row.persisted_id, row.state, row.thread_id, row.name, row.mime_type, row.size_bytes, row.file, row.created_at],
    );
  }

  async findAttachment(id: string) {
    const { rows } = await this.#pool.query<AttachmentRow>(
      "SELECT * FROM attachments WHERE persisted_id = $1 OR (pending_id = $1 AND state = 'pending')",
      [id],
    );
    return rows[0] && { ...rows[0], size_bytes: Number(rows[0].size_bytes) };
  }

  async deleteStalePending(cutoff: string) {
    const { rows } = await this.#pool.query<{ file: string }>("DELETE FROM attachments WHERE state = 'pending' AND created_at < $1 RETURNING file", [cutoff]);
    return rows.map((row) => row.file);
  }

  async hasFile(file: string) {
    return (await this.#pool.query("SELECT 1 FROM attachments WHERE file = $1", [file])).rowCount !== 0;
  }

  subscribe(listener: StoredListener) {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  async close() {
    this.#closed = true;
    await this.#listener?.end().catch(() => {});
    await this.#pool.end();
  }
}

function postgresTransaction(db: pg.PoolClient, origin: string): StoreTransaction {
  return {
    findMessageByClientId: (threadId, clientMessageId) =>
      findStored(db, "SELECT * FROM messages WHERE thread_id = $1 AND client_message_id = $2", [threadId, clientMessageId]),
    findMessage: (threadId, id) => findStored(db, "SELECT * FROM messages WHERE thread_id = $1 AND id = $2", [threadId, id]),
    ensureThread: async (threadId, createdAt) => {
      await db.query("INSERT INTO threads (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [threadId, createdAt]);
    },
    findUpload: async (id) => {
      // FOR UPDATE: two posts binding one upload take turns, so that only one persists it.
      const { rows } = await db.query<AttachmentRow>("SELECT * FROM attachments WHERE pending_id = $1 OR persisted_id = $1 FOR UPDATE", [id]);
      return rows[0] && { ...rows[0], size_bytes: Number(rows[0].size_bytes) };
    },
    persistUpload: async (pendingId, persistedId) =>
      (await db.query("UPDATE attachments SET state = 'persisted', persisted_id = $1 WHERE pending_id = $2 AND state = 'pending'", [persistedId, pendingId]))
        .rowCount !== 0,
    insertMessage: async (m: NewMessage) => {
      const inserted = await db.query(
        `INSERT INTO messages (id, thread_id, client_message_id, text, context_json, created_at, steer) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (thread_id, client_message_id) DO NOTHING`,
        [m.id, m.threadId, m.clientMessageId, m.text, m.contextJson, m.createdAt, m.steer],
      );
      if (inserted.rowCount === 0) return false;
      await db.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ origin, threadId: m.threadId, messageId: m.id })]);
      return true;
    },
    linkAttachment: async (messageId, pendingId, position) => {
      await db.query("INSERT INTO message_attachments (message_id, attachment_id, position) VALUES ($1, $2, $3)", [messageId, pendingId, position]);
    },
  };
}
