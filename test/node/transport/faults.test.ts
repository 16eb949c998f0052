// The adapters alone against faults the other transport suites leave out: an upload cut half way, a message delivered twice (HTTP and WebSocket), an answer
// slower than the timeout. The host's database must hold each message exactly once.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import WebSocket from "ws";
import { ComposerError, createFetchTransport, createWebSocketTransport, type SentMessage, type WebSocketTransport } from "../../../src/transport/index.js";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.js";
import { PNG_BYTES, contextMessage, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

const WS = WebSocket as unknown as typeof globalThis.WebSocket;
/** Retries without real waiting worth the name. */
const FAST_RETRY = { attempts: 5, baseDelayMs: 1, maxDelayMs: 2, maxElapsedMs: 10_000 };
/**
 * For the test of "late", which is only noticed when it runs out: short, yet long enough for a
 * good request on a busy machine (one that still runs out is retried, and stored once).
 */
const SHORT_TIMEOUT_MS = 300;
const never = () => new AbortController().signal;
const isUpload = (method?: string, url?: string) => method === "POST" && /\/attachments$/.test(url ?? "");

let host: TestHost;
let proxy: FaultProxy;
let thread = 0;
const sockets: WebSocketTransport[] = [];

before(async () => {
  host = await startTestHost();
  proxy = await startFaultProxy(host.url);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
  proxy.faults.length = 0;
  proxy.always = "pass";
  proxy.match = () => true;
});
after(async () => {
  await proxy.close();
  await host.stop();
});

function fetchTransport(timeoutMs?: number) {
  const threadId = `faults-${++thread}`;
  const transport = createFetchTransport({ baseUrl: proxy.apiUrl, threadId, retry: FAST_RETRY, timeoutMs, XMLHttpRequest: null });
  return { threadId, transport };
}

const messagesOf = (threadId: string) => host.rows<{ client_message_id: string }>("SELECT client_message_id FROM messages WHERE thread_id = ?", threadId);
const pendingIds = () => host.rows<{ pending_id: string }>("SELECT pending_id FROM attachments").map((row) => row.pending_id);

describe("the fetch adapter under faults", () => {
  it("fails an upload cut half way with upload-failed, leaves no row or file, and uploads it on retry", async () => {
    const { transport } = fetchTransport();
    const [rowsBefore, filesBefore] = [pendingIds(), await host.files()];
    proxy.match = (request) => isUpload(request.method, request.url);
    proxy.faults.push("cut-request");
    const bytes = new Blob([new Uint8Array(256 * 1024)]);
    const error = await transport.upload!(bytes, { localId: "att_1", name: "big.bin", signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "upload-failed");
    await waitFor(async () => (await host.files()).length === filesBefore.length, "the partial file to go");
    assert.deepEqual(pendingIds(), rowsBefore);
    const { attachmentId } = await transport.upload!(bytes, { localId: "att_1", name: "big.bin", signal: never() });
    assert.deepEqual(pendingIds(), [...rowsBefore, attachmentId]);
  });

  it("stores a message the network delivers twice once, and answers the second delivery with that copy", async () => {
    const { threadId, transport } = fetchTransport();
    const { attachmentId } = await transport.upload!(new Blob([PNG_BYTES]), { localId: "att_1", name: "shot.png", signal: never() });
    proxy.match = (request) => request.method === "POST" && /\/messages$/.test(request.url ?? "");
    proxy.faults.push("duplicate");
    const message = contextMessage(attachmentId);
    const sent = await transport.send(message, { signal: never() });
    assert.equal(sent.clientMessageId, message.clientMessageId);
    assert.deepEqual(messagesOf(threadId), [{ client_message_id: message.clientMessageId }]);
    const links = host.rows<{ n: number }>("SELECT count(*) AS n FROM message_attachments WHERE message_id = ?", sent.id);
    assert.deepEqual(links, [{ n: 1 }]);
  });

  it("retries an answer slower than timeoutMs, and the host keeps the one copy it stored first", async () => {
    const { threadId, transport } = fetchTransport(SHORT_TIMEOUT_MS);
    proxy.match = (request) => request.method === "POST" && /\/messages$/.test(request.url ?? "");
    proxy.faults.push("late", "late");
    const message = textMessage("slow host");
    const sent = await transport.send(message, { signal: never() });
    assert.equal(sent.text, "slow host");
    assert.deepEqual(messagesOf(threadId), [{ client_message_id: message.clientMessageId }]);
  });
});

describe("the WebSocket adapter under faults", () => {
  it("stores a send frame delivered twice once, and pushes the message once", async () => {
    const threadId = `faults-${++thread}`;
    const transport = createWebSocketTransport({ baseUrl: proxy.apiUrl, threadId, WebSocket: WS, retry: FAST_RETRY });
    sockets.push(transport);
    const pushed: SentMessage[] = [];
    transport.onMessage((message) => pushed.push(message));
    proxy.duplicateNextSocketChunk();
    const first = textMessage("twice on the wire");
    const sent = await transport.send(first, { signal: never() });
    // The host answers frames in order: once the next message is pushed, the duplicate was handled.
    const second = textMessage("next");
    await transport.send(second, { signal: never() });
    await waitFor(() => pushed.length === 2, "the second push");
    assert.deepEqual(pushed.map((message) => message.clientMessageId), [first.clientMessageId, second.clientMessageId]);
    assert.deepEqual(messagesOf(threadId), [{ client_message_id: first.clientMessageId }, { client_message_id: second.clientMessageId }]);
    assert.equal(sent.id, pushed[0]!.id);
  });
});
