import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, afterEach, before, describe, it } from "node:test";
import WebSocket, { WebSocketServer } from "ws";
import { ComposerError, HostResponseError, createWebSocketTransport, type SentMessage, type WebSocketTransport, type WebSocketTransportOptions } from "../../../src/transport/index.js";
import { isDecoded } from "../../../src/codec/index.js";
import { toWebSocketUrl } from "../../../src/transport/live-socket.js";
import { createWebSocketTransportWithClock } from "../../../src/transport/websocket-transport.js";
import { ManualClock } from "../support/clock.js";
import { PNG_BYTES, abortReason, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.js";
import { waitFor } from "../support/wait.js";

const WS = WebSocket as unknown as typeof globalThis.WebSocket;
/** Reconnects without real waiting worth the name. */
const FAST_RETRY = { attempts: 5, baseDelayMs: 1, maxDelayMs: 2, maxElapsedMs: 10_000 };
const ACK = '"type":"ack"';
const never = () => new AbortController().signal;

let host: TestHost;
let proxy: TcpProxy;
let thread = 0;
const open: WebSocketTransport[] = [];

before(async () => {
  host = await startTestHost();
  proxy = await startTcpProxy(host.url);
});
afterEach(() => {
  for (const t of open.splice(0)) t.close();
  proxy.refusing = false;
});
after(async () => {
  await proxy.close();
  await host.stop();
});

function transport(options: Partial<WebSocketTransportOptions> = {}, threadId = `live-${++thread}`) {
  const t = createWebSocketTransport({ baseUrl: proxy.apiUrl, threadId, WebSocket: WS, retry: FAST_RETRY, ...options });
  open.push(t);
  return { threadId, transport: t };
}

const countMessages = (threadId: string) => host.rows<{ n: number }>("SELECT count(*) AS n FROM messages WHERE thread_id = ?", threadId)[0]!.n;

describe("createWebSocketTransport: sending", () => {
  it("sends over the socket and resolves with the host's acknowledged copy", async () => {
    const { threadId, transport: t } = transport();
    const message = textMessage("over the socket");
    const sent = await t.send(message, { signal: never() });
    const rows = host.rows<{ id: string; text: string }>("SELECT id, text FROM messages WHERE thread_id = ?", threadId);
    assert.deepEqual(sent, { id: rows[0]!.id, clientMessageId: message.clientMessageId, text: "over the socket", createdAt: sent.createdAt });
    assert.deepEqual(rows, [{ id: sent.id, text: "over the socket" }]);
    assert.equal(isDecoded(sent), true, "the ack's message is marked decoded: readers behind the transport take it as it is");
  });

  it("resends after the connection drops before the ack, and the message is stored once", async () => {
    const { threadId, transport: t } = transport();
    const accepted = proxy.accepted;
    proxy.dropOnNext(ACK);
    const retries: number[] = [];
    const sent = await t.send(textMessage("ack lost"), { signal: never(), onRetry: (attempt) => retries.push(attempt) });
    assert.equal(sent.text, "ack lost");
    assert.deepEqual(retries, [2], "the resend after the reconnect is a retry");
    assert.equal(proxy.accepted - accepted, 2);
    assert.equal(countMessages(threadId), 1);
  });

  it("waits for the host to come back, then sends", async () => {
    proxy.refusing = true;
    const { threadId, transport: t } = transport();
    const accepted = proxy.accepted;
    const sending = t.send(textMessage("host was down"), { signal: never() });
    await waitFor(() => proxy.accepted - accepted >= 2, "two refused connections");
    proxy.refusing = false;
    assert.equal((await sending).text, "host was down");
    assert.equal(countMessages(threadId), 1);
  });

  it("gives up after retry.attempts transmissions without an ack", async () => {
    const { threadId, transport: t } = transport({ retry: { ...FAST_RETRY, attempts: 2 } });
    proxy.dropOnNext(ACK);
    proxy.dropOnNext(ACK);
    const error = await t.send(textMessage("never acknowledged"), { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "send-failed");
    assert.equal(error.message, "The host did not acknowledge the message after 2 attempts");
    assert.equal(countMessages(threadId), 1);
  });

  it("rejects with the host's error body when the host refuses the message", async () => {
    const { threadId, transport: t } = transport();
    const error = await t.send({ clientMessageId: "bad id!", text: "x", attachments: [] }, { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "send-failed");
    assert.equal(error.message, "The host refused the message: The message is not valid");
    assert.ok(error.cause instanceof HostResponseError);
    assert.equal(error.cause.status, undefined);
    assert.deepEqual(error.cause.body, {
      error: {
        code: "invalid-message",
        message: "The message is not valid",
        issues: [{ path: "clientMessageId", message: "Expected 1 to 128 characters of [A-Za-z0-9_-]" }],
      },
    });
    assert.equal(countMessages(threadId), 0);
  });

  it("rejects a waiting send with the abort reason", async () => {
    proxy.refusing = true;
    const { transport: t } = transport();
    const controller = new AbortController();
    const reason = abortReason();
    const sending = t.send(textMessage(), { signal: controller.signal });
    controller.abort(reason);
    await assert.rejects(sending, (e) => e === reason);
  });

  it("rejects the sends not yet acknowledged when closed, and refuses new ones", async () => {
    proxy.refusing = true;
    const { transport: t } = transport();
    const sending = t.send(textMessage(), { signal: never() });
    t.close();
    await assert.rejects(sending, {
      name: "ComposerError",
      code: "send-failed",
      message: "The WebSocket transport was closed before the host acknowledged the message",
    });
    await assert.rejects(t.send(textMessage(), { signal: never() }), { code: "send-failed", message: "The WebSocket transport is closed" });
  });

  it("uploads and fetches attachments over HTTP", async () => {
    const { transport: t } = transport({ XMLHttpRequest: null });
    const { attachmentId } = await t.upload!(new Blob([PNG_BYTES]), { localId: "att_1", name: "a.png", signal: never() });
    const blob = await t.fetchAttachment!({ environmentId: "e", attachmentId }, { signal: never() });
    assert.equal(blob.type, "image/png");
    assert.deepEqual(new Uint8Array(await blob.arrayBuffer()), PNG_BYTES);
  });
});

describe("createWebSocketTransport: live messages", () => {
  it("pushes a stored message to every client of the thread, the sender included", async () => {
    const { threadId, transport: sender } = transport();
    const { transport: other } = transport({}, threadId);
    const seenBySender: SentMessage[] = [];
    const seenByOther: SentMessage[] = [];
    sender.onMessage((m) => seenBySender.push(m));
    other.onMessage((m) => seenByOther.push(m));
    // Both sockets are open once each has had a send acknowledged.
    await other.send(textMessage("from the other tab"), { signal: never() });
    const sent = await sender.send(textMessage("to everyone"), { signal: never() });
    await waitFor(() => seenByOther.length === 2 && seenBySender.length >= 1, "the pushes");
    assert.deepEqual(seenByOther[1], sent);
    assert.deepEqual(seenBySender.at(-1), sent);
    assert.equal(isDecoded(seenByOther[1]!), true, "a pushed message is marked decoded");
  });

  it("pushes messages posted over HTTP too", async () => {
    const { threadId, transport: t } = transport();
    const seen: SentMessage[] = [];
    t.onMessage((m) => seen.push(m));
    await t.send(textMessage("warm up"), { signal: never() });
    const response = await fetch(`${host.apiUrl}/threads/${threadId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(textMessage("over http")),
    });
    assert.equal(response.status, 201);
    await waitFor(() => seen.some((m) => m.text === "over http"), "the push");
  });

  it("stops calling a listener once it is removed", async () => {
    const { transport: t } = transport();
    const seen: string[] = [];
    const remove = t.onMessage((m) => seen.push(m.text));
    t.onMessage((m) => seen.push(`kept: ${m.text}`));
    remove();
    await t.send(textMessage("after removal"), { signal: never() });
    await waitFor(() => seen.length === 1, "the push");
    assert.deepEqual(seen, ["kept: after removal"]);
  });

  it("keeps calling the other listeners when one throws, and reports the exception", async () => {
    const reported: unknown[] = [];
    const saved = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (e: unknown) => reported.push(e);
    try {
      const { transport: t } = transport();
      const seen: string[] = [];
      const boom = new Error("listener bug");
      t.onMessage(() => {
        throw boom;
      });
      t.onMessage((m) => seen.push(m.text));
      await t.send(textMessage("still delivered"), { signal: never() });
      await waitFor(() => seen.length === 1, "the push");
      assert.deepEqual(reported, [boom]);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = saved;
    }
  });
});

describe("createWebSocketTransport: frames from a misbehaving host", () => {
  let server: WebSocketServer;
  let url: string;
  before(async () => {
    server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    // Answers every send with junk first, then a proper ack.
    server.on("connection", (socket) => {
      socket.on("message", (data) => {
        const frame = JSON.parse(data.toString()) as { id: string; message: { clientMessageId: string; text: string } };
        socket.send("not json");
        socket.send(JSON.stringify({ type: "ack", id: frame.id }));
        socket.send(Buffer.from([1, 2, 3]), { binary: true });
        socket.send(JSON.stringify({ type: "ack", id: frame.id, message: { id: "m1", clientMessageId: "someone else", text: "x" } }));
        socket.send(JSON.stringify({ type: "ack", id: frame.id, message: { id: "m1", clientMessageId: frame.message.clientMessageId, text: frame.message.text } }));
      });
    });
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reports each invalid frame as invalid-frame and still resolves on the good one", async () => {
    const errors: ComposerError[] = [];
    const t = createWebSocketTransport({ baseUrl: url, threadId: "t", WebSocket: WS, retry: FAST_RETRY, onError: (e) => errors.push(e) });
    open.push(t);
    const message = textMessage("through the junk");
    assert.deepEqual(await t.send(message, { signal: never() }), { id: "m1", clientMessageId: message.clientMessageId, text: "through the junk" });
    assert.deepEqual(
      errors.map((e) => [e.code, e.message]),
      [
        ["invalid-frame", "Ignored an invalid frame from the host"],
        ["invalid-frame", "Ignored an invalid frame from the host"],
        ["invalid-frame", "Ignored an invalid frame from the host"],
        ["invalid-frame", "The host acknowledged send_1 with another message"],
      ],
    );
    assert.deepEqual(errors[0]!.cause, [{ path: "", message: "Expected JSON" }]);
    assert.deepEqual(errors[1]!.cause, [{ path: "message", message: 'Invalid key: Expected "message" but received undefined' }]);
    assert.deepEqual(errors[2]!.cause, [{ path: "", message: "Expected a text frame" }]);
  });

  it("delivers invalid frames to listeners added with onError", async () => {
    const t = createWebSocketTransport({ baseUrl: url, threadId: "t", WebSocket: WS, retry: FAST_RETRY });
    open.push(t);
    const codes: string[] = [];
    t.onError((e) => codes.push(e.code));
    await t.send(textMessage(), { signal: never() });
    assert.deepEqual(codes, ["invalid-frame", "invalid-frame", "invalid-frame", "invalid-frame"]);
  });
});

describe("createWebSocketTransport: timers", () => {
  const refusedUrl = () => `http://127.0.0.1:${proxy.url.split(":").at(-1)}/api`;

  it("rejects a send that is not acknowledged within retry.maxElapsedMs", async () => {
    proxy.refusing = true;
    const clock = new ManualClock();
    const t = createWebSocketTransportWithClock(
      { baseUrl: refusedUrl(), threadId: "t", WebSocket: WS, retry: { ...FAST_RETRY, maxElapsedMs: 1000 } },
      clock,
    );
    open.push(t);
    const sending = t.send(textMessage(), { signal: never() });
    clock.advance(1000);
    await assert.rejects(sending, { code: "send-failed", message: "The host did not acknowledge the message within 1000 ms" });
  });

  it("schedules reconnects with backoff and cancels them on close", async () => {
    proxy.refusing = true;
    const clock = new ManualClock(0);
    const t = createWebSocketTransportWithClock(
      { baseUrl: refusedUrl(), threadId: "t", WebSocket: WS, retry: { baseDelayMs: 100, maxDelayMs: 1000 } },
      clock,
    );
    await waitFor(() => clock.pending.length === 1, "the first reconnect to be scheduled");
    assert.deepEqual(clock.pending, [50]);
    clock.advance(50);
    assert.deepEqual(clock.pending, []);
    await waitFor(() => clock.pending.length === 1, "the second reconnect to be scheduled");
    assert.deepEqual(clock.pending, [100]);
    t.close();
    assert.deepEqual(clock.pending, []);
  });
});

describe("createWebSocketTransport: options", () => {
  it("turns an http(s) base URL into the thread's ws(s) live URL", () => {
    assert.equal(toWebSocketUrl("http://127.0.0.1:8787/api/threads/t1/live"), "ws://127.0.0.1:8787/api/threads/t1/live");
    assert.equal(toWebSocketUrl("https://example.com/x/threads/a%20b/live"), "wss://example.com/x/threads/a%20b/live");
  });

  it("throws at once for a base URL that is not http(s)", () => {
    assert.throws(() => createWebSocketTransport({ baseUrl: "ftp://h/api", threadId: "t", WebSocket: WS }), {
      name: "TypeError",
      message: 'baseUrl must be an http(s) URL, got "ftp://h/api/threads/t/live"',
    });
  });

  it("throws at once without a WebSocket implementation", { skip: typeof globalThis.WebSocket === "function" }, () => {
    assert.throws(() => createWebSocketTransport({ baseUrl: "http://h/api", threadId: "t" }), {
      name: "TypeError",
      message: "No WebSocket implementation: pass options.WebSocket (for example the `ws` package's) on Node 20",
    });
  });

  it("advertises inline message context and edits as told", () => {
    assert.deepEqual(transport({ inlineMessageContext: false }).transport.capabilities, { inlineMessageContext: false, edit: true });
    assert.deepEqual(transport({ edit: false }).transport.capabilities, { inlineMessageContext: true, edit: false });
  });
});

describe("createWebSocketTransport: streamed replies", () => {
  it("hands each reply frame to the onReply listeners, in order, until removed", async () => {
    const { threadId, transport: t } = transport();
    const seen: string[] = [];
    const remove = t.onReply((reply) => seen.push(`${reply.id} ${reply.text} ${reply.done}`));
    await t.send(textMessage("open the socket"), { signal: never() });
    host.kit.live.reply(threadId, { id: "reply_a", inReplyTo: "m", text: "Half", done: false });
    host.kit.live.reply(threadId, { id: "reply_a", inReplyTo: "m", text: "Half done", done: true });
    await waitFor(() => seen.length === 2, "both frames");
    assert.deepEqual(seen, ["reply_a Half false", "reply_a Half done true"]);
    remove();
    const other: string[] = [];
    t.onReply((reply) => other.push(reply.text));
    host.kit.live.reply(threadId, { id: "reply_b", inReplyTo: "m", text: "later", done: true });
    await waitFor(() => other.length === 1, "the frame after removal");
    assert.equal(seen.length, 2);
  });
});
