// Who may talk to the host: Host and Origin checks, uploads that need a non-simple request and
// belong to their thread, pending ids that stop working once persisted, and the authorize hook.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, it } from "node:test";
import WebSocket from "ws";
import type { SentMessage } from "../../../src/transport/index.js";
import { PNG_BYTES, contextMessage, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";

const FOREIGN = "http://evil.example";
const FRIEND = "http://app.example";
const TOKEN = "s3cret";

let host: TestHost;
let guarded: TestHost;
before(async () => {
  host = await startTestHost(undefined, { allowedOrigins: [FRIEND] });
  guarded = await startTestHost(undefined, {
    authorize: (req) => req.headers.get("authorization") === `Bearer ${TOKEN}`,
  });
});
after(async () => {
  await host.stop();
  await guarded.stop();
});

function liveStatus(target: TestHost, threadId: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(`${target.apiUrl.replace("http", "ws")}/threads/${threadId}/live`, { headers });
  return new Promise((done) => {
    socket.once("open", () => {
      socket.terminate();
      done(101);
    });
    socket.once("unexpected-response", (_req, response) => done(response.statusCode!));
    socket.once("error", () => done(0));
  });
}

function post(target: TestHost, threadId: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${target.apiUrl}/threads/${threadId}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function upload(threadId: string): Promise<string> {
  const response = await fetch(`${host.apiUrl}/attachments`, { method: "POST", body: PNG_BYTES, headers: { "x-t3-thread-id": threadId } });
  assert.equal(response.status, 201);
  return ((await response.json()) as { attachmentId: string }).attachmentId;
}

/** Status of a GET whose Host header is `hostHeader` (fetch will not send a Host of its choosing). */
function statusWithHost(hostHeader: string): Promise<number> {
  const url = new URL(`${host.apiUrl}/threads/t/messages`);
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: hostHeader } }, (response) => {
      response.resume();
      done(response.statusCode!);
    });
    req.on("error", fail);
    req.end();
  });
}

describe("the live socket's Origin", () => {
  it("refuses a socket opened from another origin with 403", async () => {
    assert.equal(await liveStatus(host, "origin-1", { origin: FOREIGN }), 403);
  });

  it("accepts a socket from the host's own origin, from an allowed origin, and without Origin", async () => {
    const own = new URL(host.url).origin;
    assert.deepEqual(
      [await liveStatus(host, "origin-2", { origin: own }), await liveStatus(host, "origin-2", { origin: FRIEND }), await liveStatus(host, "origin-2", {})],
      [101, 101, 101],
    );
  });

  it("refuses a message post from another origin with 403, storing nothing", async () => {
    const response = await post(host, "origin-3", textMessage("forged"), { origin: FOREIGN });
    assert.equal(response.status, 403);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, "forbidden-origin");
    assert.deepEqual(host.rows("SELECT id FROM messages WHERE thread_id = 'origin-3'"), []);
  });
});

describe("the Host header", () => {
  it("refuses a name it does not answer to (DNS rebinding) and answers its loopback names", async () => {
    const port = new URL(host.url).port;
    assert.deepEqual(
      [await statusWithHost(`evil.example:${port}`), await statusWithHost(`localhost:${port}`), await statusWithHost(`127.0.0.1:${port}`)],
      [403, 200, 200],
    );
  });
});

describe("uploads", () => {
  it("refuses an upload that does not name its thread (a simple request, like another site's form), storing nothing", async () => {
    const before = await host.files();
    const response = await fetch(`${host.apiUrl}/attachments`, { method: "POST", body: "x", headers: { "content-type": "text/plain" } });
    assert.equal(response.status, 400);
    assert.deepEqual(await host.files(), before);
  });

  it("refuses binding another thread's upload", async () => {
    const pendingId = await upload("owner-thread");
    const response = await post(host, "thief-thread", contextMessage(pendingId));
    assert.equal(response.status, 400);
    const { error } = (await response.json()) as { error: { issues: { message: string }[] } };
    // The message names it twice: in its attachments list and in its image record.
    const refusal = `The attachment ${pendingId} belongs to another thread`;
    assert.deepEqual(error.issues.map((i) => i.message), [refusal, refusal]);
    assert.deepEqual(host.rows("SELECT state FROM attachments WHERE pending_id = ?", pendingId), [{ state: "pending" }]);
  });

  it("stops taking a pending id once its upload is persisted: not in a new message, not for its bytes", async () => {
    const pendingId = await upload("once-thread");
    const first = (await (await post(host, "once-thread", contextMessage(pendingId))).json()) as SentMessage;
    assert.equal(first.attachments!.length, 1);
    const again = await post(host, "once-thread", contextMessage(pendingId));
    assert.equal(again.status, 400);
    assert.equal((await fetch(`${host.apiUrl}/attachments/${pendingId}`)).status, 404);
    assert.equal((await fetch(first.attachments![0]!.url!)).status, 200);
  });
});

describe("authorize(request)", () => {
  it("answers 401 without the bearer token and stores nothing, over HTTP and the live socket", async () => {
    const response = await post(guarded, "auth-1", textMessage("no token"));
    assert.equal(response.status, 401);
    assert.equal(await liveStatus(guarded, "auth-1", {}), 401);
    assert.deepEqual(guarded.rows("SELECT id FROM messages WHERE thread_id = 'auth-1'"), []);
  });

  it("lets requests with the token through", async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    assert.equal((await post(guarded, "auth-2", textMessage("with token"), headers)).status, 201);
    assert.equal(await liveStatus(guarded, "auth-2", headers), 101);
  });
});
