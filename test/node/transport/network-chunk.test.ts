// The fetch and WebSocket adapters with their implementation on its way (src/transport/network-chunk.ts,
// docs/transport.md, "When the implementation loads"): each test gives the adapter a chunk of its
// own that it holds back or fails, in front of the real module and the reference host.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import WebSocket from "ws";
import { Chunk } from "../../../src/transport/chunk.js";
import { systemClock } from "../../../src/transport/config.js";
import { ComposerError } from "../../../src/transport/errors.js";
import { createFetchTransportWithClock } from "../../../src/transport/fetch-transport.js";
import type { NetworkModule } from "../../../src/transport/network-chunk.js";
import type { SentMessage, WebSocketTransport } from "../../../src/transport/index.js";
import { createWebSocketTransportWithClock } from "../../../src/transport/websocket-transport.js";
import { abortReason, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

const WS = WebSocket as unknown as typeof globalThis.WebSocket;
const never = () => new AbortController().signal;
const LOAD_FAILED = { code: "load-failed", message: "The network transport's code could not be loaded." };
/** Turns of the event loop to let pass, so that what waits for nothing would have happened by then. */
const SETTLE_TURNS = 5;

const realModule = () => import("../../../src/transport/network/transports.js");

/** A chunk whose load waits until `release()`; `loads` counts the loads asked for. */
function heldChunk(): { loads: number; release: () => void; chunk: Chunk<NetworkModule> } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: { loads: number; release: () => void; chunk: Chunk<NetworkModule> } = {
    loads: 0,
    release,
    chunk: new Chunk<NetworkModule>(() => {
      held.loads++;
      return gate.then(realModule);
    }),
  };
  return held;
}

/** A chunk whose first load fails, as a chunk the network could not fetch. */
function failingOnceChunk() {
  let loads = 0;
  return new Chunk<NetworkModule>(() => (++loads === 1 ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : realModule()));
}

/** A chunk whose first `failures` loads fail; `loads` counts the loads asked for. */
function failingChunk(failures: number): { loads: number; chunk: Chunk<NetworkModule> } {
  const failing: { loads: number; chunk: Chunk<NetworkModule> } = {
    loads: 0,
    chunk: new Chunk<NetworkModule>(
      (): Promise<NetworkModule> => (++failing.loads <= failures ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : realModule()),
    ),
  };
  return failing;
}

/** `WebSocket` from `ws`, counting the sockets made through it. */
function countingWebSocket() {
  const counter = { made: 0, WebSocket: WS };
  counter.WebSocket = class extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      counter.made++;
    }
  } as unknown as typeof globalThis.WebSocket;
  return counter;
}

async function settle(): Promise<void> {
  for (let i = 0; i < SETTLE_TURNS; i++) await new Promise((resolve) => setImmediate(resolve));
}

let host: TestHost;
let thread = 0;
const open: WebSocketTransport[] = [];
before(async () => {
  host = await startTestHost();
});
afterEach(() => {
  for (const t of open.splice(0)) t.close();
});
after(() => host.stop());

const options = () => ({ baseUrl: host.apiUrl, threadId: `chunk-${++thread}` });

function webSocketTransport(chunk: Chunk<NetworkModule>, more: { WebSocket?: typeof globalThis.WebSocket; threadId?: string } = {}) {
  const t = createWebSocketTransportWithClock({ ...options(), WebSocket: WS, ...more }, systemClock, chunk);
  open.push(t);
  return t;
}

describe("the network transports before their chunk is in", () => {
  it("throw for bad options at once, without waiting for the chunk", () => {
    const { chunk } = heldChunk();
    assert.throws(() => createFetchTransportWithClock({ baseUrl: "", threadId: "t" }, systemClock, chunk), {
      name: "TypeError",
      message: 'baseUrl must be a non-empty string, got ""',
    });
    assert.throws(() => createFetchTransportWithClock({ ...options(), retry: { attempts: 0 } }, systemClock, chunk), {
      name: "TypeError",
      message: "retry.attempts must be an integer ≥ 1 or Infinity, got 0",
    });
    const noSocket = { ...options(), WebSocket: "none" as unknown as typeof globalThis.WebSocket };
    assert.throws(() => createWebSocketTransportWithClock(noSocket, systemClock, chunk), {
      name: "TypeError",
      message: "No WebSocket implementation: pass options.WebSocket (for example the `ws` package's) on Node 20",
    });
    assert.throws(() => createWebSocketTransportWithClock({ baseUrl: "ftp://host.test/api", threadId: "t", WebSocket: WS }, systemClock, chunk), {
      name: "TypeError",
      message: 'baseUrl must be an http(s) URL, got "ftp://host.test/api/threads/t/live"',
    });
  });

  it("start loading the chunk when created, and a send made meanwhile goes once it is in", async () => {
    const held = heldChunk();
    const t = createFetchTransportWithClock(options(), systemClock, held.chunk);
    assert.equal(held.loads, 1);
    const sent: SentMessage[] = [];
    const sending = t.send(textMessage("early"), { signal: never() }).then((message: SentMessage) => sent.push(message));
    await settle();
    assert.equal(sent.length, 0);
    held.release();
    await sending;
    assert.deepEqual(sent.map((message) => message.text), ["early"]);
  });

  it("an abort while the chunk is on its way rejects at once with the reason, and nothing goes", async () => {
    const held = heldChunk();
    const { threadId, ...rest } = options();
    const t = createFetchTransportWithClock({ threadId, ...rest }, systemClock, held.chunk);
    const controller = new AbortController();
    const reason = abortReason();
    const sending = t.send(textMessage("never"), { signal: controller.signal });
    controller.abort(reason);
    await assert.rejects(sending, (error) => error === reason);
    held.release();
    await held.chunk.get();
    await settle();
    assert.deepEqual(host.rows("SELECT id FROM messages WHERE thread_id = ?", threadId), []);
  });

  it("a WebSocket listener added before the chunk is in hears the host's messages", async () => {
    const held = heldChunk();
    const listening = webSocketTransport(held.chunk);
    const heard: string[] = [];
    listening.onMessage((message) => heard.push(message.text));
    held.release();
    await held.chunk.get();
    const threadId = `chunk-${thread}`;
    const other = webSocketTransport(held.chunk, { threadId });
    await other.send(textMessage("from another page"), { signal: never() });
    await waitFor(() => heard.length > 0, "the pushed message");
    assert.deepEqual(heard, ["from another page"]);
  });

  it("a WebSocket transport connects as soon as the chunk is in, with no call made", async () => {
    const held = heldChunk();
    const sockets = countingWebSocket();
    webSocketTransport(held.chunk, { WebSocket: sockets.WebSocket });
    await settle();
    assert.equal(sockets.made, 0);
    held.release();
    await waitFor(() => sockets.made === 1, "the socket");
  });

  it("close() before the chunk is in: no socket is ever opened and a waiting send rejects at once", async () => {
    const held = heldChunk();
    const sockets = countingWebSocket();
    const t = webSocketTransport(held.chunk, { WebSocket: sockets.WebSocket });
    const sending = t.send(textMessage(), { signal: never() });
    t.close();
    await assert.rejects(sending, { code: "send-failed", message: "The WebSocket transport was closed before the host acknowledged the message" });
    held.release();
    await held.chunk.get();
    await settle();
    assert.equal(sockets.made, 0);
    await assert.rejects(t.send(textMessage(), { signal: never() }), { code: "send-failed", message: "The WebSocket transport is closed" });
  });
});

describe("a network chunk that cannot be fetched", () => {
  it("rejects the fetch transport's call with load-failed, and the next call loads it again", async () => {
    // Sent at once, so that the send waits on the load the transport started, which fails.
    const t = createFetchTransportWithClock(options(), systemClock, failingOnceChunk());
    const error = await t.send(textMessage("first"), { signal: never() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.deepEqual({ code: error.code, message: error.message }, LOAD_FAILED);
    assert.ok(error.cause instanceof TypeError);
    const sent = await t.send(textMessage("second"), { signal: never() });
    assert.equal(sent.text, "second");
    assert.deepEqual(await t.listMessages!({ signal: never() }).then((page) => page.map((m) => m.text)), ["second"]);
  });

  it("a WebSocket transport fetches it again with backoff and connects with no call made, reporting the first failure once", async () => {
    const failing = failingChunk(3);
    const sockets = countingWebSocket();
    const errors: unknown[] = [];
    // Delays of 2.5, 5 and 10 ms: the backoff's steps of 5, 10 and 20 ms, of which `random` 0 keeps half.
    const clock = { ...systemClock, random: () => 0 };
    const t = createWebSocketTransportWithClock({ ...options(), WebSocket: sockets.WebSocket, retry: { baseDelayMs: 5 }, onError: (error) => errors.push(error) }, clock, failing.chunk);
    open.push(t);
    await waitFor(() => sockets.made === 1, "the socket after three failed fetches");
    assert.equal(failing.loads, 4);
    assert.equal(errors.length, 1);
    const [error] = errors;
    assert.ok(error instanceof ComposerError);
    assert.deepEqual({ code: error.code, message: error.message }, LOAD_FAILED);
    assert.ok(error.cause instanceof TypeError);
    const sent = await t.send(textMessage("over the socket"), { signal: never() });
    assert.equal(sent.text, "over the socket");
  });

  it("close() while a WebSocket transport waits to fetch it again stops the fetches", async () => {
    const failing = failingChunk(Number.POSITIVE_INFINITY);
    const clock = { ...systemClock, random: () => 0 };
    const t = createWebSocketTransportWithClock({ ...options(), WebSocket: WS, retry: { baseDelayMs: 5 } }, clock, failing.chunk);
    await waitFor(() => failing.loads >= 2, "a second fetch");
    t.close();
    const loads = failing.loads;
    // Longer than the next few delays would take (2.5, 5, 10, 20 ms: the steps of 5 ms on, halved).
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(failing.loads, loads);
  });

  it("rejects the WebSocket transport's send with load-failed, and the next send connects and goes", async () => {
    const sockets = countingWebSocket();
    // Sent at once, so that the send waits on the load the transport started, which fails.
    const t = webSocketTransport(failingOnceChunk(), { WebSocket: sockets.WebSocket });
    await assert.rejects(t.send(textMessage(), { signal: never() }), LOAD_FAILED);
    assert.equal(sockets.made, 0);
    const sent = await t.send(textMessage("after the failure"), { signal: never() });
    assert.equal(sent.text, "after the failure");
    assert.equal(sockets.made, 1);
  });
});
