import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { openDatabase } from "../../../demo/host/db.js";

describe("openDatabase", () => {
  it("creates the schema once and opens an existing file without migrating again", async () => {
    const dir = await mkdtemp(join(tmpdir(), "t3-db-"));
    try {
      const file = join(dir, "test.db");
      const first = openDatabase(file);
      first.prepare("INSERT INTO threads (id, created_at) VALUES ('t', 'now')").run();
      first.close();
      const second = openDatabase(file);
      assert.equal(second.pragma("user_version", { simple: true }), 1);
      assert.deepEqual(
        second.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all(),
        [{ name: "attachments" }, { name: "message_attachments" }, { name: "messages" }, { name: "threads" }],
      );
      assert.deepEqual(second.prepare("SELECT id FROM threads").all(), [{ id: "t" }]);
      second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a database from a newer host", async () => {
    const dir = await mkdtemp(join(tmpdir(), "t3-db-"));
    try {
      const file = join(dir, "test.db");
      const db = openDatabase(file);
      db.pragma("user_version = 99");
      db.close();
      assert.throws(() => openDatabase(file), { message: "The database is at schema version 99, newer than this host (1)" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
