import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { isDecoded } from "../../../src/codec/index.js";
import { ComposerError, HostResponseError, createFetchTransport, type FetchTransportOptions } from "../../../src/transport/index.js";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.js";
import { PNG_BYTES, abortReason, contextMessage, newClientMessageId, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";

/** Retries without real waiting worth the name. */
const FAST_RETRY = { attempts: 4, baseDelayMs: 1, maxDelayMs: 2, maxElapsedMs: 10_000 };
const never = () => new AbortController().signal;

let host: TestHost;
let proxy: FaultProxy;
let thread = 0;

before(async () => {
  host = await startTestHost({ uploadBytes: 64 });
  // Faults apply to message posts only.
  proxy = await startFaultProxy(host.url, (request) => request.method === "POST" && /\/messages$/.test(request.url ?? ""));
});
after(async () => {
  await proxy.close();
  await host.stop();
});

/** A transport to a fresh thread through the proxy, with no fault queued. */
function transport(options: Partial<FetchTransportOptions> = {}) {
  proxy.faults.length = 0;
  proxy.always = "pass";
  proxy.seen.length = 0;
  const threadId = `thread-${++thread}`;
  return { threadId, transport: createFetchTransport({ baseUrl: proxy.apiUrl, threadId, retry: FAST_RETRY, XMLHttpRequest: null, ...options }) };
}

const countMessages = (threadId: string) => host.rows<{ n: number }>("SELECT count(*) AS n FROM messages WHERE thread_id = ?", threadId)[0]!.n;
const posts = () => proxy.seen.filter((r) => r.method === "POST" && r.path.endsWith("/messages")).length;

describe("createFetchTransport: send", () => {
  it("posts the message and resolves with the stored copy", async () => {
    const { threadId, transport: t } = transport();
    const message = textMessage("hello host");
    const sent = await t.send(message, { signal: never() });
    const [row] = host.rows<{ id: string; text: string; client_message_id: string; context_json: null }>(
      "SELECT id, text, client_message_id, context_json FROM messages WHERE thread_id = ?",
      threadId,
    );
    assert.deepEqual(sent, { id: row!.id, clientMessageId: message.clientMessageId, text: "hello host", createdAt: sent.createdAt });
    assert.deepEqual(row, { id: sent.id, text: "hello host", client_message_id: message.clientMessageId, context_json: null });
    assert.equal(isDecoded(sent), true, "the answer is marked decoded: readers behind the transport take it as it is");
  });

  it("sends the same clientMessageId twice and the host stores it once", async () => {
    const { threadId, transport: t } = transport();
    const message = textMessage();
    const first = await t.send(message, { signal: never() });
    const second = await t.send(message, { signal: never() });
    assert.deepEqual(second, first);
    assert.equal(countMessages(threadId), 1);
  });

  it("retries after 500 answers and the message is stored once", async () => {
    const { threadId, transport: t } = transport();
    proxy.faults.push("fail-500", "fail-500");
    const retries: number[] = [];
    const sent = await t.send(textMessage("after two failures"), { signal: never(), onRetry: (attempt) => retries.push(attempt) });
    assert.equal(sent.text, "after two failures");
    assert.equal(posts(), 3);
    assert.deepEqual(retries, [2, 3], "onRetry hears each attempt that follows a failure");
    assert.equal(countMessages(threadId), 1);
  });

  it("retries when the connection drops after the host stored the message, which is stored once", async () => {
    const { threadId, transport: t } = transport();
    proxy.faults.push("drop-after-forward");
    const message = textMessage("answer lost");
    const sent = await t.send(message, { signal: never() });
    assert.equal(posts(), 2);
    assert.equal(countMessages(threadId), 1);
    assert.equal(host.rows<{ id: string }>("SELECT id FROM messages WHERE thread_id = ?", threadId)[0]!.id, sent.id);
  });

  it("retries an attempt that took longer than timeoutMs", async () => {
    const { threadId, transport: t } = transport({ timeoutMs: 200 });
    proxy.faults.push("hang");
    await t.send(textMessage("second try"), { signal: never() });
    assert.equal(posts(), 2);
    assert.equal(countMessages(threadId), 1);
  });

  it("gives up after retry.attempts 5xx answers with send-failed carrying the last answer", async () => {
    const { threadId, transport: t } = transport();
    proxy.always = "fail-503";
    const error = await t.send(textMessage(), { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "send-failed");
    assert.equal(error.message, "Could not send the message: injected fail-503");
    assert.ok(error.cause instanceof HostResponseError);
    assert.equal(error.cause.status, 503);
    assert.deepEqual(error.cause.body, { error: { code: "injected", message: "injected fail-503" } });
    assert.equal(posts(), FAST_RETRY.attempts);
    assert.equal(countMessages(threadId), 0);
  });

  it("gives up on a host that is down with send-failed carrying the network error", async () => {
    const closed = await startFaultProxy(host.url);
    await closed.close();
    const t = createFetchTransport({ baseUrl: closed.apiUrl, threadId: "t", retry: FAST_RETRY });
    const error = await t.send(textMessage(), { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "send-failed");
    assert.equal(error.message, "Could not send the message: the host is unreachable");
    assert.ok(error.cause instanceof TypeError);
  });

  it("does not retry a 4xx and rejects with the host's error body", async () => {
    const { threadId, transport: t } = transport();
    const error = await t.send({ clientMessageId: "not valid!", text: "x", attachments: [] }, { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "send-failed");
    assert.equal(error.message, "The host refused the message: The message is not valid");
    assert.ok(error.cause instanceof HostResponseError);
    assert.equal(error.cause.status, 400);
    assert.deepEqual(error.cause.body, {
      error: {
        code: "invalid-message",
        message: "The message is not valid",
        issues: [{ path: "clientMessageId", message: "Expected 1 to 128 characters of [A-Za-z0-9_-]" }],
      },
    });
    assert.equal(posts(), 1);
    assert.equal(countMessages(threadId), 0);
  });

  it("rejects with the abort reason when aborted between retries", async () => {
    const { transport: t } = transport({ retry: { attempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    proxy.always = "fail-500";
    const controller = new AbortController();
    const reason = abortReason();
    const sending = t.send(textMessage(), { signal: controller.signal });
    while (posts() === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(reason);
    await assert.rejects(sending, (e) => e === reason);
    assert.equal(posts(), 1);
  });

  it("makes no request when the signal is already aborted", async () => {
    const { transport: t } = transport();
    const reason = abortReason();
    await assert.rejects(t.send(textMessage(), { signal: AbortSignal.abort(reason) }), (e) => e === reason);
    assert.equal(posts(), 0);
  });

  it("rejects a message without clientMessageId as a programming error", async () => {
    const { transport: t } = transport();
    await assert.rejects(t.send({ text: "x", attachments: [] } as never, { signal: never() }), {
      name: "TypeError",
      message: 'send() needs an OutgoingMessage with a clientMessageId, got {"text":"x","attachments":[]}',
    });
  });

  it("sends the headers option, calling a function before every request", async () => {
    let calls = 0;
    const { transport: t } = transport({ headers: () => ({ authorization: `Bearer token-${++calls}` }) });
    proxy.faults.push("fail-500");
    await t.send(textMessage(), { signal: never() });
    assert.deepEqual(
      proxy.seen.map((r) => r.headers.authorization),
      ["Bearer token-1", "Bearer token-2"],
    );
  });
});

describe("createFetchTransport: attachments", () => {
  it("uploads the bytes, gets a pending id and reports progress once without XMLHttpRequest", async () => {
    const { transport: t } = transport();
    const progress: [number, number][] = [];
    const { attachmentId } = await t.upload!(new Blob([PNG_BYTES], { type: "text/html" }), {
      localId: "att_1",
      name: "shot 1 – ☃.png",
      signal: never(),
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    assert.match(attachmentId, /^upload_[a-z0-9]{16}$/);
    assert.deepEqual(progress, [[PNG_BYTES.length, PNG_BYTES.length]]);
    const rows = host.rows("SELECT state, name, mime_type, size_bytes, persisted_id FROM attachments WHERE pending_id = ?", attachmentId);
    assert.deepEqual(rows, [{ state: "pending", name: "shot 1 – ☃.png", mime_type: "image/png", size_bytes: PNG_BYTES.length, persisted_id: null }]);
    assert.deepEqual(new Uint8Array(await readFile(join(host.dataDir, "attachments", attachmentId))), PNG_BYTES);
  });

  it("rejects an upload over the host's limit with upload-failed carrying the 413", async () => {
    const { transport: t } = transport();
    const before = await host.files();
    const error = await t.upload!(new Blob([new Uint8Array(65)]), { localId: "att_big", name: "big.bin", signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "upload-failed");
    assert.equal(error.message, "Could not upload big.bin: The body is larger than 64 bytes");
    assert.equal((error.cause as HostResponseError).status, 413);
    assert.deepEqual(await host.files(), before);
  });

  it("rejects an upload with the abort reason when the signal is already aborted", async () => {
    const { transport: t } = transport();
    const reason = abortReason();
    await assert.rejects(t.upload!(new Blob(["x"]), { localId: "a", name: "a.txt", signal: AbortSignal.abort(reason) }), (e) => e === reason);
  });

  it("fetches an attachment back with its sniffed type", async () => {
    const { transport: t } = transport();
    const { attachmentId } = await t.upload!(new Blob([PNG_BYTES]), { localId: "att_2", name: "a.png", signal: never() });
    const blob = await t.fetchAttachment!({ environmentId: "env-1", attachmentId }, { signal: never() });
    assert.equal(blob.type, "image/png");
    assert.deepEqual(new Uint8Array(await blob.arrayBuffer()), PNG_BYTES);
  });

  it("rejects an unknown attachment with attachment-unreachable carrying the 404", async () => {
    const { transport: t } = transport();
    const error = await t.fetchAttachment!({ environmentId: "env-1", attachmentId: "upload_missing" }, { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "attachment-unreachable");
    assert.equal(error.message, "Could not fetch attachment upload_missing: No attachment upload_missing");
    assert.equal((error.cause as HostResponseError).status, 404);
  });

  it("asks attachmentUrl where an environment's attachment lives", async () => {
    const asked: unknown[] = [];
    const { transport: t } = transport({
      attachmentUrl: (source) => {
        asked.push(source);
        return `${host.apiUrl}/attachments/${source.attachmentId}`;
      },
    });
    const { attachmentId } = await t.upload!(new Blob(["plain text"]), { localId: "att_3", name: "a.txt", signal: never() });
    const blob = await t.fetchAttachment!({ environmentId: "env-2", attachmentId }, { signal: never() });
    assert.equal(await blob.text(), "plain text");
    assert.deepEqual(asked, [{ environmentId: "env-2", attachmentId }]);
  });

  it("sends an uploaded image with a message and gets the persisted id back in the record", async () => {
    const { threadId, transport: t } = transport();
    const { attachmentId } = await t.upload!(new Blob([PNG_BYTES]), { localId: "att_1", name: "shot.png", signal: never() });
    const sent = await t.send(contextMessage(attachmentId, newClientMessageId()), { signal: never() });
    const [persisted] = host.rows<{ persisted_id: string }>("SELECT persisted_id FROM attachments WHERE pending_id = ?", attachmentId);
    assert.match(persisted!.persisted_id, /^attachment_[a-z0-9]{16}$/);
    assert.equal((sent.context!.records[0] as { attachmentId: string }).attachmentId, persisted!.persisted_id);
    assert.deepEqual(sent.attachments, [
      {
        id: persisted!.persisted_id,
        name: "shot.png",
        mimeType: "image/png",
        sizeBytes: PNG_BYTES.length,
        url: `${proxy.apiUrl}/attachments/${persisted!.persisted_id}`,
      },
    ]);
    assert.equal(countMessages(threadId), 1);
  });
});

describe("createFetchTransport: options", () => {
  it("advertises inline message context and edits unless told otherwise", () => {
    assert.deepEqual(createFetchTransport({ baseUrl: "http://h/api", threadId: "t" }).capabilities, { inlineMessageContext: true, edit: true });
    assert.deepEqual(createFetchTransport({ baseUrl: "http://h/api", threadId: "t", inlineMessageContext: false, edit: false }).capabilities, {
      inlineMessageContext: false,
      edit: false,
    });
  });

  it("throws at once without a baseUrl", () => {
    assert.throws(() => createFetchTransport({ threadId: "t" } as FetchTransportOptions), {
      name: "TypeError",
      message: "baseUrl must be a non-empty string, got undefined",
    });
  });

  it("throws at once for an empty threadId", () => {
    assert.throws(() => createFetchTransport({ baseUrl: "http://h/api", threadId: "" }), {
      name: "TypeError",
      message: 'threadId must be a non-empty string, got ""',
    });
  });
});

describe("createFetchTransport: listMessages", () => {
  it("lists the newest page, and the page older than a message with `before`", async () => {
    const { transport: t } = transport();
    const sent: string[] = [];
    for (const text of ["one", "two", "three"]) sent.push((await t.send(textMessage(text), { signal: never() })).id);
    assert.deepEqual((await t.listMessages!({ limit: 2, signal: never() })).map((m) => m.text), ["two", "three"]);
    assert.deepEqual((await t.listMessages!({ limit: 2, before: sent[1]!, signal: never() })).map((m) => m.id), [sent[0]]);
  });
});
