// The demo host's kept replies (demo/host/reply-store.ts): what a restart reads back from the file,
// including a line torn by a crash, and the route that lists a thread's replies.
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { replyText, REPLY_ID_PREFIX } from "../../../demo/host/assistant.js";
import { openReplyStore, REPLIES_FILE, type StoredReply } from "../../../demo/host/reply-store.js";
import { textMessage } from "../support/fixtures.js";
import { startTestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

const reply = (threadId: string, n: number, text = `reply ${n}`): StoredReply => ({
  id: `reply_message_${n}`, threadId, inReplyTo: `message_${n}`, text, createdAt: `2026-12-03T10:00:0${n}.000Z`,
});

describe("the demo host's reply store", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "t3-replies-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("reads back what it kept, per thread and in order, after a restart", async () => {
    const path = join(dir, REPLIES_FILE);
    const store = await openReplyStore(path);
    await Promise.all([store.add(reply("t1", 1)), store.add(reply("t2", 2)), store.add(reply("t1", 3))]);
    assert.deepEqual(store.list("t1"), [reply("t1", 1), reply("t1", 3)]);
    const reopened = await openReplyStore(path);
    assert.deepEqual(reopened.list("t1"), [reply("t1", 1), reply("t1", 3)]);
    assert.deepEqual(reopened.list("t2"), [reply("t2", 2)]);
    assert.deepEqual(reopened.list("t3"), []);
  });

  it("skips a torn or foreign line and keeps the rest; a later line for the same reply replaces it", async () => {
    const path = join(dir, REPLIES_FILE);
    const lines = [
      JSON.stringify(reply("t1", 1)),
      '{"id":"reply_message_2","threadId":"t1","inReplyTo":"mess', // a write cut short
      JSON.stringify({ ...reply("t1", 4), text: 42 }),
      "[]",
      JSON.stringify(reply("t1", 1, "reply 1, again")),
    ];
    await writeFile(path, `${lines.join("\n")}\n`);
    const store = await openReplyStore(path);
    assert.deepEqual(store.list("t1"), [reply("t1", 1, "reply 1, again")]);
  });

  it("keeps a thread named __proto__ like any other, and writes only the reply's fields", async () => {
    const path = join(dir, REPLIES_FILE);
    const store = await openReplyStore(path);
    await store.add({ ...reply("__proto__", 1), extra: "not kept" } as StoredReply);
    assert.deepEqual(store.list("__proto__"), [reply("__proto__", 1)]);
    assert.deepEqual(store.list("constructor"), []);
    assert.deepEqual(JSON.parse(await readFile(path, "utf8")), reply("__proto__", 1));
    assert.deepEqual((await openReplyStore(path)).list("__proto__"), [reply("__proto__", 1)]);
  });
});

describe("GET /demo-api/threads/{id}/replies", () => {
  it("lists the thread's kept replies, and refuses a thread id outside the protocol's grammar", async () => {
    const host = await startTestHost();
    try {
      const none = await fetch(`${host.url}/demo-api/threads/t1/replies`);
      assert.equal(none.status, 200);
      assert.deepEqual(await none.json(), { replies: [] });
      const bad = await fetch(`${host.url}/demo-api/threads/${"x".repeat(129)}/replies`);
      assert.equal(bad.status, 404);
    } finally {
      await host.stop();
    }
  });
});

describe("the simulated assistant's replies, kept", () => {
  it("are listed once each reply has finished, and again by a host restarted on the same data", async () => {
    const host = await startTestHost(undefined, undefined, { assistant: { wordMs: 0 } });
    try {
      const response = await fetch(`${host.apiUrl}/threads/kept/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(textMessage("hello")) });
      const stored = (await response.json()) as { id: string };
      const listed = async () => ((await (await fetch(`${host.url}/demo-api/threads/kept/replies`)).json()) as { replies: StoredReply[] }).replies;
      await waitFor(async () => (await listed()).length === 1, "the kept reply");
      const [kept] = await listed();
      const text = replyText({ text: "hello", context: undefined, attachments: [] });
      assert.deepEqual({ ...kept, createdAt: "" }, { id: `${REPLY_ID_PREFIX}${stored.id}`, threadId: "kept", inReplyTo: stored.id, text, createdAt: "" });
      assert.deepEqual((await openReplyStore(join(host.dataDir, REPLIES_FILE))).list("kept"), [kept]);
    } finally {
      await host.stop();
    }
  });
});
