// Edit and resend on the host (docs/host.md, "Versions"), on both stores: an edit is a new
// version linked to the old one, both kept; the thread lists the newest version of each message
// in its first version's place; the live socket pushes it; a bad `editOf` is refused, storing
// nothing. The same suite runs on SQLite and on a real PostgreSQL server.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import pg from "pg";
import WebSocket from "ws";
import { startHost, type RunningHost } from "../../../demo/host/server.js";
import { createFetchTransport, createWebSocketTransport, type OutgoingMessage, type SentMessage } from "../../../src/transport/index.js";
import { PNG_BYTES, TERMINAL_RECORD, contextMessage, imageRecord, newClientMessageId, textMessage } from "../support/fixtures.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { waitFor } from "../support/wait.js";

/** A row of `messages` as the versions columns hold it. */
interface VersionRow {
  id: string;
  text: string;
  edit_of: string | null;
  replaced_by: string | null;
}

/** What a suite needs from its store: the host, and read-only SQL (`?` placeholders) on its database. */
interface StoreUnderTest {
  host: RunningHost;
  rows<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function sqliteHost(): Promise<StoreUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), "t3-versions-"));
  const host = await startHost({ port: 0, dataDir });
  const reader = new Database(host.dbPath, { readonly: true });
  return {
    host,
    rows: async <T>(sql: string, ...params: unknown[]) => reader.prepare(sql).all(...params) as T[],
    async close() {
      reader.close();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresHost(server: TestPostgres): Promise<StoreUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), "t3-versions-pg-"));
  const databaseUrl = await server.createDatabase("t3_versions");
  const host = await startHost({ port: 0, dataDir, databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    host,
    rows: async <T>(sql: string, ...params: unknown[]) => {
      let n = 0;
      return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
    },
    async close() {
      await client.end();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function versionSuite(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`versions of a message: ${name}`, () => {
    let store: StoreUnderTest;
    let thread = 0;
    before(async () => {
      store = await open();
    });
    after(() => store?.close());
    const newThread = () => `versions-${++thread}`;

    async function post(threadId: string, body: unknown): Promise<{ status: number; body: SentMessage & { error?: { code: string; message: string; issues?: unknown } } }> {
      const response = await fetch(`${store.host.apiUrl}/threads/${threadId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as SentMessage & { error?: { code: string; message: string } } };
    }

    async function stored(threadId: string, body: OutgoingMessage): Promise<SentMessage> {
      const answer = await post(threadId, body);
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      return answer.body;
    }

    async function list(threadId: string, query = ""): Promise<SentMessage[]> {
      return (await (await fetch(`${store.host.apiUrl}/threads/${threadId}/messages${query}`)).json()) as SentMessage[];
    }

    async function uploadPng(threadId: string): Promise<string> {
      const response = await fetch(`${store.host.apiUrl}/attachments`, {
        method: "POST",
        body: PNG_BYTES,
        headers: { "x-file-name": "shot.png", "x-t3-thread-id": threadId },
      });
      return ((await response.json()) as { attachmentId: string }).attachmentId;
    }

    const versions = (threadId: string) =>
      store.rows<VersionRow>("SELECT id, text, edit_of, replaced_by FROM messages WHERE thread_id = ? ORDER BY seq", threadId);

    it("stores an edit as a new version linked to the old one, both kept, the attachments bound again", async () => {
      const threadId = newThread();
      const first = await stored(threadId, contextMessage(await uploadPng(threadId)));
      const persistedId = first.attachments![0]!.id;
      const edit: OutgoingMessage = {
        clientMessageId: newClientMessageId(),
        text: first.text.replace("fail after", "break after"),
        context: first.context!,
        attachments: [{ localId: "att_1", attachmentId: persistedId }],
        editOf: first.id,
      };
      const second = await stored(threadId, edit);
      assert.equal(second.editOf, first.id);
      assert.deepEqual(second.context, first.context);
      assert.deepEqual(second.attachments, first.attachments);
      assert.deepEqual(await versions(threadId), [
        { id: first.id, text: first.text, edit_of: null, replaced_by: second.id },
        { id: second.id, text: edit.text, edit_of: first.id, replaced_by: null },
      ]);
      const links = await store.rows<{ message_id: string; persisted_id: string }>(
        `SELECT m.message_id, a.persisted_id FROM message_attachments m JOIN attachments a ON a.pending_id = m.attachment_id
         WHERE m.message_id IN (?, ?) ORDER BY m.message_id = ?`,
        first.id,
        second.id,
        second.id,
      );
      assert.deepEqual(links, [
        { message_id: first.id, persisted_id: persistedId },
        { message_id: second.id, persisted_id: persistedId },
      ]);
    });

    it("lists only the newest version of each message, in its first version's place", async () => {
      const threadId = newThread();
      const a = await stored(threadId, textMessage("a"));
      const b = await stored(threadId, textMessage("b"));
      const c = await stored(threadId, textMessage("c"));
      const a2 = await stored(threadId, { ...textMessage("a, edited"), editOf: a.id });
      const a3 = await stored(threadId, { ...textMessage("a, edited twice"), editOf: a2.id });
      assert.deepEqual(
        (await list(threadId)).map((m) => [m.id, m.text, m.editOf]),
        [
          [a3.id, "a, edited twice", a2.id],
          [b.id, "b", undefined],
          [c.id, "c", undefined],
        ],
      );
      // Pages follow the same places: before b is the newest version of a; before c, a3 and b.
      assert.deepEqual((await list(threadId, `?before=${b.id}`)).map((m) => m.id), [a3.id]);
      assert.deepEqual((await list(threadId, `?limit=2`)).map((m) => m.id), [b.id, c.id]);
      assert.deepEqual((await list(threadId, `?before=${c.id}&limit=1`)).map((m) => m.id), [b.id]);
      assert.equal((await versions(threadId)).length, 5, "every version is kept");
    });

    it("answers a repeated post of an edit with the version it stored, storing nothing more", async () => {
      const threadId = newThread();
      const a = await stored(threadId, textMessage("a"));
      const edit = { ...textMessage("a2"), editOf: a.id };
      const first = await stored(threadId, edit);
      const again = await post(threadId, edit);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, first);
      assert.equal((await versions(threadId)).length, 2);
    });

    it("refuses an editOf naming a missing message or one of another thread, storing nothing", async () => {
      const threadId = newThread();
      const other = await stored(newThread(), textMessage("elsewhere"));
      await stored(threadId, textMessage("here"));
      for (const editOf of ["message_doesnotexist", other.id]) {
        const answer = await post(threadId, { ...textMessage("x"), editOf });
        assert.equal(answer.status, 400);
        assert.deepEqual(answer.body, {
          error: { code: "invalid-message", message: "The message is not valid", issues: [{ path: "editOf", message: `No message ${editOf} in thread ${threadId}` }] },
        });
      }
      const bad = await post(threadId, { ...textMessage("x"), editOf: "not an id" });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error!.code, "invalid-message");
      assert.deepEqual((await versions(threadId)).map((row) => row.text), ["here"]);
      assert.deepEqual((await store.rows<{ replaced_by: string | null }>("SELECT replaced_by FROM messages WHERE id = ?", other.id)), [{ replaced_by: null }]);
    });

    it("refuses a second edit of a version already replaced (409), storing nothing", async () => {
      const threadId = newThread();
      const a = await stored(threadId, textMessage("a"));
      const a2 = await stored(threadId, { ...textMessage("a2"), editOf: a.id });
      const late = await post(threadId, { ...textMessage("a2 from another tab"), editOf: a.id });
      assert.equal(late.status, 409);
      assert.deepEqual(late.body.error, {
        code: "edit-conflict",
        message: `The message ${a.id} was edited already: edit its newest version instead`,
        issues: [{ path: "editOf", message: "Replaced by a newer version" }],
      });
      assert.deepEqual((await versions(threadId)).map((row) => row.id), [a.id, a2.id]);
    });

    it("pushes the new version live, and both transports carry editOf", async () => {
      const threadId = newThread();
      const socket = new WebSocket(`${store.host.apiUrl.replace("http", "ws")}/threads/${threadId}/live`);
      const frames: { type: string; message?: SentMessage }[] = [];
      socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
      await new Promise<void>((done, fail) => {
        socket.once("open", () => done());
        socket.once("error", fail);
      });
      const fetchTransport = createFetchTransport({ baseUrl: store.host.apiUrl, threadId });
      const liveTransport = createWebSocketTransport({ baseUrl: store.host.apiUrl, threadId, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket });
      const signal = new AbortController().signal;
      try {
        const a = await fetchTransport.send({ ...textMessage("a"), context: { version: 1, records: [TERMINAL_RECORD] } }, { signal });
        const a2 = await fetchTransport.send({ ...textMessage("a, by fetch"), editOf: a.id }, { signal });
        assert.equal(a2.editOf, a.id);
        const a3 = await liveTransport.send({ ...textMessage("a, by socket"), editOf: a2.id }, { signal });
        assert.equal(a3.editOf, a2.id);
        await waitFor(() => frames.length === 3, "three pushes");
        assert.deepEqual(frames, [
          { type: "message", message: a },
          { type: "message", message: a2 },
          { type: "message", message: a3 },
        ]);
      } finally {
        socket.terminate();
        (liveTransport as { close(): void }).close();
      }
    });

    it("keeps the old version readable by its id (the provider view)", async () => {
      const threadId = newThread();
      const pendingId = await uploadPng(threadId);
      const a = await stored(threadId, { ...textMessage("look at ![shot.png](t3-context://v1/image/image_att_1)"), context: { version: 1, records: [imageRecord(pendingId)] } });
      await stored(threadId, { ...textMessage("never mind"), editOf: a.id });
      const response = await fetch(`${store.host.apiUrl}/threads/${threadId}/messages/${a.id}/provider`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /^look at /);
    });
  });
}

versionSuite("SQLite", sqliteHost);

let postgres: TestPostgres | undefined;
after(() => postgres?.stop());
versionSuite("PostgreSQL", async () => postgresHost((postgres = await startPostgres())));
