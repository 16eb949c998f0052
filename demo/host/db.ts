// The host's SQLite database: one file, opened with the pragmas a small server wants, and brought
// to the latest schema by numbered migrations (PRAGMA user_version holds the last one applied).
import Database from "better-sqlite3";

export type Db = Database.Database;

/** The database file's name inside the data folder. */
export const DATABASE_FILE = "t3-composer.db";

/** How long a write waits for another connection's lock (a test reading the file, say). */
const BUSY_TIMEOUT_MS = 5000;

/** Each entry moves the schema one version up; never edit one that has shipped, add another. */
const MIGRATIONS: readonly string[] = [
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
  -- then it is persisted under a second id that the stored records carry (docs/wire-format.md, "Messages").
  CREATE TABLE attachments (
    pending_id   TEXT PRIMARY KEY,
    persisted_id TEXT UNIQUE,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'persisted')),
    name         TEXT NOT NULL,
    mime_type    TEXT NOT NULL,
    size_bytes   INTEGER NOT NULL,
    file         TEXT NOT NULL,                           -- relative to the data folder
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
];

/** Opens (creating if needed) the database at `file` and applies the migrations it lacks. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  // WAL lets readers (tests, a second process) look while the host writes.
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`The database is at schema version ${current}, newer than this host (${MIGRATIONS.length})`);
  }
  db.transaction(() => {
    for (let version = current; version < MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }
  })();
}
