import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import { openSqliteStore } from "../../../src/host/index.js";

const SCHEMA_VERSION = 4;

async function withDir(use: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), "t3-db-"));
  try {
    await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("openSqliteStore", () => {
  it("creates the schema once and opens an existing file without migrating again", () =>
    withDir(async (dir) => {
      const file = join(dir, "test.db");
      await (await openSqliteStore(file)).close();
      const writer = new Database(file);
      writer.prepare("INSERT INTO threads (id, created_at) VALUES ('t', 'now')").run();
      writer.close();
      await (await openSqliteStore(file)).close();
      const db = new Database(file, { readonly: true });
      assert.equal(db.pragma("user_version", { simple: true }), SCHEMA_VERSION);
      assert.deepEqual(
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all(),
        [{ name: "attachments" }, { name: "message_attachments" }, { name: "messages" }, { name: "threads" }],
      );
      assert.deepEqual(db.prepare("SELECT id FROM threads").all(), [{ id: "t" }]);
      db.close();
    }));

  it("refuses a database from a newer host", () =>
    withDir(async (dir) => {
      const file = join(dir, "test.db");
      await (await openSqliteStore(file)).close();
      const db = new Database(file);
      db.pragma("user_version = 99");
      db.close();
      await assert.rejects(openSqliteStore(file), { message: `The database is at schema version 99, newer than this host (${SCHEMA_VERSION})` });
    }));

  it("commits transactions that queue together, each rolled back alone when it throws", () =>
    withDir(async (dir) => {
      const file = join(dir, "test.db");
      const store = await openSqliteStore(file);
      const failure = new Error("work 3 fails");
      // Asked for in one tick, the eight run in one SQLite transaction and share its COMMIT.
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, index) =>
          store.transaction(async (tx) => {
            await tx.ensureThread(`t${index}`, "now");
            if (index === 3) throw failure;
            return index;
          }),
        ),
      );
      await store.close();
      assert.deepEqual(results.map((r) => (r.status === "fulfilled" ? r.value : r.reason)), [0, 1, 2, failure, 4, 5, 6, 7]);
      const db = new Database(file, { readonly: true });
      assert.deepEqual(db.prepare("SELECT id FROM threads ORDER BY id").all(), ["t0", "t1", "t2", "t4", "t5", "t6", "t7"].map((id) => ({ id })));
      db.close();
    }));
});
