// The live socket, driven by a raw `ws` client: frames exactly as they go over the wire.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import WebSocket from "ws";
import { textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

let host: TestHost;
let thread = 0;
const sockets: WebSocket[] = [];

before(async () => {
  host = await startTestHost({ messageBodyBytes: 2048 });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
after(() => host.stop());

/** A connected socket and every frame it has received, parsed. */
async function connect(threadId: string) {
  const socket = new WebSocket(`${host.apiUrl.replace("http", "ws")}/threads/${threadId}/live`);
  sockets.push(socket);
  const frames: Record<string, unknown>[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return { socket, frames };
}

const newThread = () => `live-thread-${++thread}`;

describe("WebSocket /api/threads/{threadId}/live", () => {
  it("stores a send frame and acknowledges it with the stored message", async () => {
    const threadId = newThread();
    const { socket, frames } = await connect(threadId);
    const message = textMessage("live hello");
    socket.send(JSON.stringify({ type: "send", id: "f1", message }));
    await waitFor(() => frames.length === 2, "the ack and the push");
    const [row] = host.rows<{ id: string; created_at: string }>("SELECT id, created_at FROM messages WHERE thread_id = ?", threadId);
    const stored = { id: row!.id, clientMessageId: message.clientMessageId, text: "live hello", createdAt: row!.created_at };
    assert.deepEqual(frames, [
      { type: "ack", id: "f1", message: stored },
      { type: "message", message: stored },
    ]);
  });

  it("pushes a stored message to a second client of the thread only", async () => {
    const threadId = newThread();
    const sender = await connect(threadId);
    const reader = await connect(threadId);
    const elsewhere = await connect(newThread());
    sender.socket.send(JSON.stringify({ type: "send", id: "f1", message: textMessage("for the thread") }));
    await waitFor(() => reader.frames.length === 1 && sender.frames.length === 2, "the pushes");
    assert.deepEqual(reader.frames[0], sender.frames[1]);
    assert.equal((reader.frames[0]!.message as { text: string }).text, "for the thread");
    assert.deepEqual(elsewhere.frames, []);
  });

  it("acknowledges a resent frame with the stored copy and pushes it only once", async () => {
    const threadId = newThread();
    const { socket, frames } = await connect(threadId);
    const message = textMessage("sent twice");
    socket.send(JSON.stringify({ type: "send", id: "f1", message }));
    socket.send(JSON.stringify({ type: "send", id: "f2", message }));
    await waitFor(() => frames.length === 3, "two acks and one push");
    assert.deepEqual(frames.map((f) => [f.type, f.id]), [["ack", "f1"], ["message", undefined], ["ack", "f2"]]);
    assert.deepEqual(frames[0]!.message, frames[2]!.message);
    assert.equal(host.rows("SELECT id FROM messages WHERE thread_id = ?", threadId).length, 1);
  });

  it("answers bad frames with error frames and keeps the socket open", async () => {
    const threadId = newThread();
    const { socket, frames } = await connect(threadId);
    socket.send("not json");
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send(JSON.stringify({ type: "subscribe", id: "f1" }));
    socket.send(JSON.stringify({ type: "send", id: "f2", message: { clientMessageId: "bad id!", text: "x" } }));
    socket.send(JSON.stringify({ type: "send", id: "f3", message: textMessage("still works") }));
    await waitFor(() => frames.length === 6, "five answers and a push");
    assert.deepEqual(frames.slice(0, 4), [
      { type: "error", error: { code: "invalid-frame", message: "The frame is not JSON" } },
      { type: "error", error: { code: "invalid-frame", message: "Frames are JSON text" } },
      {
        type: "error",
        id: "f1",
        error: {
          code: "invalid-frame",
          message: 'Expected { type: "send", id, message }',
          issues: [
            { path: "type", message: 'Invalid type: Expected "send" but received "subscribe"' },
            { path: "message", message: 'Invalid key: Expected "message" but received undefined' },
          ],
        },
      },
      {
        type: "error",
        id: "f2",
        error: {
          code: "invalid-message",
          message: "The message is not valid",
          issues: [{ path: "clientMessageId", message: "Expected 1 to 128 characters of [A-Za-z0-9_-]" }],
        },
      },
    ]);
    assert.deepEqual(frames.slice(4).map((f) => [f.type, f.id]), [["ack", "f3"], ["message", undefined]]);
    assert.equal(socket.readyState, WebSocket.OPEN);
  });

  it("closes a socket that sends a frame over the limit, and keeps serving the others", async () => {
    const threadId = newThread();
    const big = await connect(threadId);
    const other = await connect(threadId);
    const closed = new Promise<number>((resolve) => big.socket.once("close", (code) => resolve(code)));
    big.socket.send("x".repeat(4096));
    assert.equal(await closed, 1009);
    other.socket.send(JSON.stringify({ type: "send", id: "f1", message: textMessage("after the big one") }));
    await waitFor(() => other.frames.length === 2, "the ack and the push");
  });

  it("refuses an upgrade on any other path", async () => {
    const socket = new WebSocket(`${host.apiUrl.replace("http", "ws")}/threads/bad%20id/live`);
    sockets.push(socket);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once("unexpected-response", (_request, response) => resolve(response.statusCode));
      socket.once("error", () => resolve(undefined));
    });
    assert.equal(status, 404);
  });
});

describe("kit.live.reply and kit.onStored (docs/host.md, Replies)", () => {
  it("pushes a reply frame to every socket of the thread, and to no other", async () => {
    const threadId = newThread();
    const reader = await connect(threadId);
    const elsewhere = await connect(newThread());
    const reply = { id: "reply_1", inReplyTo: "message_1", text: "Partly", done: false };
    host.kit.live.reply(threadId, reply);
    await waitFor(() => reader.frames.length === 1, "the reply frame");
    assert.deepEqual(reader.frames, [{ type: "reply", reply }]);
    assert.deepEqual(elsewhere.frames, []);
  });

  it("throws for a thread id outside the grammar or a reply that is not one, naming it", () => {
    const reply = { id: "reply_1", inReplyTo: "m", text: "x", done: true };
    assert.throws(() => host.kit.live.reply("bad id", reply), { name: "TypeError", message: 'reply: invalid thread id "bad id"' });
    assert.throws(() => host.kit.live.reply("t1", { ...reply, done: "yes" } as never), {
      name: "TypeError",
      message: 'reply: expected { id, inReplyTo, text, done }, got {"id":"reply_1","inReplyTo":"m","text":"x","done":"yes"}',
    });
  });

  it("tells onStored listeners of each new message once, not of a repeated post, until removed", async () => {
    const threadId = newThread();
    const heard: string[] = [];
    const remove = host.kit.onStored((message) => heard.push(`${message.threadId}: ${message.text}`));
    const { socket, frames } = await connect(threadId);
    const message = textMessage("heard once");
    socket.send(JSON.stringify({ type: "send", id: "f1", message }));
    socket.send(JSON.stringify({ type: "send", id: "f2", message }));
    await waitFor(() => frames.filter((f) => f.type === "ack").length === 2, "both acks");
    remove();
    socket.send(JSON.stringify({ type: "send", id: "f3", message: textMessage("not heard") }));
    await waitFor(() => frames.filter((f) => f.type === "ack").length === 3, "the third ack");
    assert.deepEqual(heard, [`${threadId}: heard once`]);
  });
});
