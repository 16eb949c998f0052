// The live WebSocket of a thread (for `ws`): `send` frames are stored like HTTP posts and
// acknowledged, and every message stored in the thread (by any route, by any process sharing a
// PostgreSQL store) is pushed to every open socket of it. A push is serialized once for all the
// sockets it goes to, and a socket that has more than `socketBufferBytes` queued is dropped as
// too slow (its client reconnects and lists the thread again) instead of being buffered for.
import type { Duplex } from "node:stream";
import * as v from "valibot";
import type { RawData, WebSocket, WebSocketServer } from "ws";
import type { HostContext } from "./context.js";
import { RequestError, internalError, type HostError } from "./errors.js";
import { parseJsonBytes } from "./json.js";
import { ID_PATTERN, LIVE_HEARTBEAT_MS } from "./limits.js";
import { announce, postMessage, toIssues } from "./messages.js";
import { toSentMessage } from "./sent-message.js";
import type { StoredMessage } from "./store.js";
import type { IncomingMessage } from "node:http";
import { LiveReplySchema, type LiveReply } from "../transport/frames.js";

/** The one frame a client sends. */
const SendFrameSchema = v.object({ type: v.literal("send"), id: v.pipe(v.string(), v.regex(ID_PATTERN)), message: v.unknown() });

/** The close code of a socket dropped for falling behind (RFC 6455 §7.4.1: policy violation). */
const CLOSE_TOO_SLOW = 1008;

/** An open socket, the thread it listens to, the base URL for its attachment URLs, and its client. */
interface LiveClient {
  socket: WebSocket;
  threadId: string;
  apiBase: string;
  clientKey: string;
  alive: boolean;
  /** The frame being handled: the next waits for it, so acks keep the frames' order. */
  queue: Promise<void>;
}

/** The live WebSocket side of a host kit: the sockets of each thread, and what they are sent. */
export class LiveHub {
  readonly #context: HostContext;
  readonly #server: WebSocketServer;
  readonly #threads = new Map<string, Set<LiveClient>>();
  readonly #perClient = new Map<string, number>();
  readonly #heartbeat: ReturnType<typeof setInterval>;
  readonly #unsubscribe: () => void;
  /** Messages other processes stored, fetched one after another so that pushes keep their order. */
  #remote: Promise<void> = Promise.resolve();

  /** `Server` is `ws`'s `WebSocketServer`, which kit.ts imports when the kit is created. */
  constructor(context: HostContext, Server: typeof WebSocketServer) {
    this.#context = context;
    this.#server = new Server({ noServer: true, maxPayload: context.limits.messageBodyBytes });
    // A socket whose peer vanished without a close frame (sleep, network change) is found by
    // the ping it fails to answer, and dropped.
    this.#heartbeat = setInterval(() => this.#ping(), LIVE_HEARTBEAT_MS);
    this.#heartbeat.unref();
    this.#unsubscribe = context.store.subscribe((threadId, messageId) => this.#heard(threadId, messageId));
  }

  /** Sockets open now (for tests and metrics). */
  get size(): number {
    let size = 0;
    for (const clients of this.#threads.values()) size += clients.size;
    return size;
  }

  /**
   * Why a socket for this thread and client may not open now (a refusal to answer the upgrade
   * with), or `undefined` when it may.
   */
  refusal(threadId: string, clientKey: string): RequestError | undefined {
    const { socketsPerThread, socketsPerClient } = this.#context.limits;
    if ((this.#threads.get(threadId)?.size ?? 0) >= socketsPerThread) {
      return new RequestError(503, "too-many-sockets", `A thread has at most ${socketsPerThread} live sockets`);
    }
    if ((this.#perClient.get(clientKey) ?? 0) >= socketsPerClient) {
      return new RequestError(429, "too-many-sockets", `A client has at most ${socketsPerClient} live sockets`);
    }
    return undefined;
  }

  /** Completes an HTTP upgrade that the kit checked (node.ts) into a live socket of `threadId`. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, threadId: string, apiBase: string, clientKey: string): void {
    this.#server.handleUpgrade(request, socket, head, (ws) => this.#open({ socket: ws, threadId, apiBase, clientKey, alive: true, queue: Promise.resolve() }));
  }

  /** Pushes a newly stored message to every socket of its thread, serialized once per base URL. */
  broadcast(message: StoredMessage): void {
    const frames = new Map<string, Buffer>();
    this.#push(message.threadId, (apiBase) => {
      let frame = frames.get(apiBase);
      if (!frame) frames.set(apiBase, (frame = Buffer.from(JSON.stringify({ type: "message", message: toSentMessage(message, apiBase) }))));
      return frame;
    });
  }

  /**
   * Pushes one frame of a streamed reply (an app's agent answering a message: docs/host.md,
   * "Replies") to every socket of `threadId`, serialized once. Nothing is stored. Throws a
   * `TypeError` for a thread id outside the protocol's grammar or a reply that is not one.
   */
  reply(threadId: string, reply: LiveReply): void {
    if (typeof threadId !== "string" || !ID_PATTERN.test(threadId)) throw new TypeError(`reply: invalid thread id ${JSON.stringify(threadId)}`);
    if (!v.is(LiveReplySchema, reply)) throw new TypeError(`reply: expected { id, inReplyTo, text, done }, got ${JSON.stringify(reply)}`);
    const frame = Buffer.from(JSON.stringify({ type: "reply", reply: { id: reply.id, inReplyTo: reply.inReplyTo, text: reply.text, done: reply.done } }));
    this.#push(threadId, () => frame);
  }

  /** Closes every socket and stops the heartbeat. */
  close(): void {
    clearInterval(this.#heartbeat);
    this.#unsubscribe();
    for (const clients of this.#threads.values()) for (const client of clients) client.socket.terminate();
    this.#threads.clear();
    this.#perClient.clear();
    this.#server.close();
  }

  /** Sends `frameFor(apiBase)` to every open socket of the thread, dropping those too far behind. */
  #push(threadId: string, frameFor: (apiBase: string) => Buffer): void {
    const clients = this.#threads.get(threadId);
    if (!clients) return;
    const limit = this.#context.limits.socketBufferBytes;
    for (const client of clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > limit) {
        client.socket.close(CLOSE_TOO_SLOW, "Too far behind");
        client.socket.terminate();
        continue;
      }
      client.socket.send(frameFor(client.apiBase), { binary: false });
    }
  }

  #heard(threadId: string, messageId: string): void {
    if (!this.#threads.has(threadId)) return;
    this.#remote = this.#remote
      .then(async () => {
        const message = await this.#context.store.findMessage(threadId, messageId);
        if (message) this.broadcast(message);
      })
      .catch((error: unknown) => void internalError(error));
  }

  #open(client: LiveClient): void {
    const { socket, threadId, clientKey } = client;
    let clients = this.#threads.get(threadId);
    if (!clients) this.#threads.set(threadId, (clients = new Set()));
    clients.add(client);
    this.#perClient.set(clientKey, (this.#perClient.get(clientKey) ?? 0) + 1);
    socket.on("pong", () => (client.alive = true));
    socket.on("message", (data, isBinary) => {
      client.queue = client.queue.then(() => this.#receive(client, data, isBinary));
    });
    // ws emits `error` for protocol violations (a frame over maxPayload, say) and closes the
    // socket right after; without a listener the error would crash the process.
    socket.on("error", () => {});
    socket.on("close", () => {
      clients.delete(client);
      if (clients.size === 0) this.#threads.delete(threadId);
      const count = (this.#perClient.get(clientKey) ?? 1) - 1;
      if (count === 0) this.#perClient.delete(clientKey);
      else this.#perClient.set(clientKey, count);
    });
  }

  async #receive(client: LiveClient, data: RawData, isBinary: boolean): Promise<void> {
    const frame = parseFrame(data, isBinary, this.#context.limits.jsonDepth);
    if ("error" in frame) {
      send(client.socket, { type: "error", ...(frame.id === undefined ? {} : { id: frame.id }), error: frame.error });
      return;
    }
    try {
      const outcome = await postMessage(this.#context, client.threadId, frame.message);
      // The sender hears its ack before the push that every socket of the thread gets.
      send(client.socket, { type: "ack", id: frame.id, message: toSentMessage(outcome.message, client.apiBase) });
      announce(this.#context, outcome);
    } catch (error) {
      send(client.socket, { type: "error", id: frame.id, error: error instanceof RequestError ? error.error : internalError(error) });
    }
  }

  #ping(): void {
    for (const clients of this.#threads.values()) {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }
}

/** A client frame, or what was wrong with it (with its id when one could be read, so the client can match it). */
function parseFrame(data: RawData, isBinary: boolean, maxDepth: number): { id: string; message: unknown } | { id?: string; error: HostError } {
  if (isBinary) return { error: { code: "invalid-frame", message: "Frames are JSON text" } };
  let json: unknown;
  try {
    json = parseJsonBytes(Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]), maxDepth);
  } catch (error) {
    const message = error instanceof RequestError && error.error.code === "too-deep" ? error.message : "The frame is not JSON";
    return { error: { code: "invalid-frame", message } };
  }
  const result = v.safeParse(SendFrameSchema, json);
  if (result.success) return { id: result.output.id, message: result.output.message };
  const id = (json as { id?: unknown } | null)?.id;
  const error: HostError = { code: "invalid-frame", message: "Expected { type: \"send\", id, message }", issues: toIssues(result.issues) };
  return typeof id === "string" && ID_PATTERN.test(id) ? { id, error } : { error };
}

function send(socket: WebSocket, frame: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
