// No client can take the host down (the findings of docs/host.md "Limits"): every test is a
// client misbehaving on 127.0.0.1, and every one checks both the refusal and that the host still
// answers afterwards.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, afterEach, before, describe, it } from "node:test";
import WebSocket from "ws";
import { textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

const UPLOAD_LIMIT = 1000;
const BODY_LIMIT = 1536 * 1024;
const SOCKET_BUFFER = 64 * 1024;
const IDLE_MS = 200;
const SOCKETS_PER_THREAD = 3;
const UPLOADS_PER_HOUR = 40;
/** A message text of 256 KiB: a few posts fill a socket buffer. */
const BIG_TEXT = "x".repeat(256 * 1024);
/** Over the limit by more than the host drains (DRAIN_FACTOR): the connection may be cut. */
const FAR_OVER = 8;
/** Posts a paused reader may fall behind by, at most, before the test gives up on a drop. */
const SLOW_READER_POSTS_MAX = 200;
/** 1 MB of nesting. */
const DEEP_JSON = "[".repeat(512 * 1024) + "]".repeat(512 * 1024);

/** Each attack has this long: a host without the limit under test would otherwise hang the run. */
const BOUNDED = { timeout: 15_000 };

let host: TestHost;
let thread = 0;
const sockets: WebSocket[] = [];
before(async () => {
  host = await startTestHost({
    uploadBytes: UPLOAD_LIMIT,
    messageBodyBytes: BODY_LIMIT,
    socketBufferBytes: SOCKET_BUFFER,
    bodyIdleMs: IDLE_MS,
    socketsPerThread: SOCKETS_PER_THREAD,
    uploadsPerClientPerHour: UPLOADS_PER_HOUR,
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
after(() => host.stop());

const newThread = () => `hostile-${++thread}`;

function post(threadId: string, body: string) {
  return fetch(`${host.apiUrl}/threads/${threadId}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body });
}

/** The host still stores and answers: the check after every attack. */
async function assertAlive() {
  const response = await post(newThread(), JSON.stringify(textMessage("still here")));
  assert.equal(response.status, 201);
}

/** Sends `total` bytes in `chunk`-sized writes and resolves with the status, or `reset` when the connection was cut. */
function rawPost(path: string, total: number, chunk: number, headers: Record<string, string> = {}): Promise<number | "reset"> {
  const url = new URL(`${host.apiUrl}${path}`);
  return new Promise((done) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-length": String(total), ...headers } });
    req.on("response", (response) => {
      response.resume();
      done(response.statusCode!);
    });
    req.on("error", () => done("reset"));
    const piece = Buffer.alloc(chunk, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        const size = Math.min(chunk, total - sent);
        sent += size;
        if (!req.write(size === chunk ? piece : piece.subarray(0, size))) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

async function connect(threadId: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${host.apiUrl.replace("http", "ws")}/threads/${threadId}/live`, { headers });
  sockets.push(socket);
  const frames: Record<string, unknown>[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
  let closed = false;
  socket.on("close", () => (closed = true));
  const status = await new Promise<number>((done) => {
    socket.once("open", () => done(101));
    socket.once("unexpected-response", (_req, response) => done(response.statusCode!));
    socket.once("error", () => done(0));
  });
  return { socket, frames, status, closed: () => closed };
}

describe("bodies far over the limit", () => {
  it("answers or cuts an upload of 50 times the limit without the host going down", BOUNDED, async () => {
    const outcome = await rawPost("/attachments", UPLOAD_LIMIT * 50, 256, { "x-t3-thread-id": "t" });
    assert.ok(outcome === 413 || outcome === "reset", `got ${outcome}`);
    assert.deepEqual((await host.files()).filter((f) => f.endsWith(".part")), []);
    await assertAlive();
  });

  it("answers or cuts a message post of 8 times the limit without the host going down", BOUNDED, async () => {
    const outcome = await rawPost(`/threads/${newThread()}/messages`, BODY_LIMIT * FAR_OVER, 64 * 1024, { "content-type": "application/json" });
    assert.ok(outcome === 413 || outcome === "reset", `got ${outcome}`);
    await assertAlive();
  });
});

describe("slow and stalled bodies", () => {
  it("answers 408 to a body that stops arriving, instead of holding the connection", BOUNDED, async () => {
    const url = new URL(`${host.apiUrl}/threads/${newThread()}/messages`);
    const status = await new Promise<number>((done, fail) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-type": "application/json", "content-length": "100" } });
      req.on("response", (response) => {
        response.resume();
        done(response.statusCode!);
      });
      req.on("error", fail);
      req.write("{");
    });
    assert.equal(status, 408);
    await assertAlive();
  });
});

describe("deeply nested JSON", () => {
  it("refuses 1 MB of nesting in a post as too deep, before parsing it", BOUNDED, async () => {
    const response = await post(newThread(), DEEP_JSON);
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, "too-deep");
  });

  it("answers a deeply nested frame with an invalid-frame error naming the depth", BOUNDED, async () => {
    const { socket, frames } = await connect(newThread());
    socket.send(DEEP_JSON);
    await waitFor(() => frames.length === 1, "the error frame");
    assert.deepEqual(frames[0], { type: "error", error: { code: "invalid-frame", message: "The JSON nests deeper than 64 levels" } });
    await assertAlive();
  });
});

describe("live pushes", () => {
  it("drops a reader that stops reading once it is a bounded buffer behind", BOUNDED, async () => {
    const threadId = newThread();
    const slow = await connect(threadId);
    // The client stops reading: the kernel's buffers fill, then the host's queue grows.
    (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    let posts = 0;
    while (posts < SLOW_READER_POSTS_MAX && host.kit.live.size > 0) {
      assert.equal((await post(threadId, JSON.stringify(textMessage(BIG_TEXT)))).status, 201);
      posts++;
    }
    assert.equal(host.kit.live.size, 0, `the slow reader was still open after ${posts} posts`);
    await assertAlive();
  });

  it("serializes a push once for all the sockets of a thread", BOUNDED, async () => {
    const threadId = newThread();
    const readers: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < SOCKETS_PER_THREAD; i++) readers.push(await connect(threadId));
    const stringify = JSON.stringify;
    let pushes = 0;
    JSON.stringify = ((value: unknown, ...rest: []) => {
      if ((value as { type?: unknown } | null)?.type === "message") pushes++;
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    try {
      await post(threadId, stringify(textMessage("to everyone")));
      await waitFor(() => readers.every((r) => r.frames.length === 1), "every push");
    } finally {
      JSON.stringify = stringify;
    }
    assert.equal(pushes, 1);
  });
});

describe("socket and upload limits", () => {
  it("refuses a socket past the thread's limit with 503", BOUNDED, async () => {
    const threadId = newThread();
    for (let i = 0; i < SOCKETS_PER_THREAD; i++) assert.equal((await connect(threadId)).status, 101);
    assert.equal((await connect(threadId)).status, 503);
  });

  it("refuses uploads past the client's hourly quota with 429 and Retry-After", BOUNDED, async () => {
    const upload = () => fetch(`${host.apiUrl}/attachments`, { method: "POST", body: "x", headers: { "x-t3-thread-id": "quota" } });
    let response = await upload();
    for (let i = 0; i < UPLOADS_PER_HOUR && response.status === 201; i++) response = await upload();
    assert.equal(response.status, 429);
    assert.match(response.headers.get("retry-after") ?? "", /^\d+$/);
  });
});

describe("sockets per client", () => {
  it("refuses a client's socket past its limit with 429, whatever the thread", BOUNDED, async () => {
    const own = await startTestHost({ socketsPerClient: 2 });
    const opened: WebSocket[] = [];
    const open = (threadId: string) =>
      new Promise<number>((done) => {
        const socket = new WebSocket(`${own.apiUrl.replace("http", "ws")}/threads/${threadId}/live`);
        opened.push(socket);
        socket.once("open", () => done(101));
        socket.once("unexpected-response", (_req, response) => done(response.statusCode!));
        socket.once("error", () => done(0));
      });
    try {
      assert.deepEqual([await open("a"), await open("b"), await open("c")], [101, 101, 429]);
    } finally {
      for (const socket of opened) socket.terminate();
      await own.stop();
    }
  });
});
