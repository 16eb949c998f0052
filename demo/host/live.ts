// The live WebSocket of a thread: `send` frames are stored like HTTP posts and acknowledged, and
// every message stored in the thread (by any route) is pushed to every open socket of it.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import * as v from "valibot";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { apiBaseOf, type HostContext } from "./context.js";
import { RequestError, internalError, type HostError } from "./http.js";
import { ID_PATTERN, LIVE_HEARTBEAT_MS } from "./limits.js";
import { toSentMessage, type StoredMessage } from "./message-rows.js";
import { announce, postMessage, toIssues } from "./messages.js";

/** The one frame a client sends. */
const SendFrameSchema = v.object({ type: v.literal("send"), id: v.pipe(v.string(), v.regex(ID_PATTERN)), message: v.unknown() });

/** An open socket, the thread it listens to, and the base URL its client reached us under. */
interface LiveClient {
  socket: WebSocket;
  threadId: string;
  apiBase: string;
  alive: boolean;
}

export class LiveHub {
  readonly #context: HostContext;
  readonly #server: WebSocketServer;
  readonly #threads = new Map<string, Set<LiveClient>>();
  readonly #heartbeat: ReturnType<typeof setInterval>;

  constructor(context: HostContext) {
    this.#context = context;
    this.#server = new WebSocketServer({ noServer: true, maxPayload: context.limits.messageBodyBytes });
    // A socket whose peer vanished without a close frame (sleep, network change) is found by
    // the ping it fails to answer, and dropped.
    this.#heartbeat = setInterval(() => this.#ping(), LIVE_HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Takes over an HTTP upgrade for `/threads/{threadId}/live`. */
  upgrade(threadId: string, request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#server.handleUpgrade(request, socket, head, (ws) => this.#open(ws, threadId, apiBaseOf(request)));
  }

  /** Pushes a newly stored message to every socket of its thread. */
  broadcast(message: StoredMessage): void {
    for (const client of this.#threads.get(message.threadId) ?? []) {
      send(client.socket, { type: "message", message: toSentMessage(message, client.apiBase) });
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const clients of this.#threads.values()) for (const client of clients) client.socket.terminate();
    this.#threads.clear();
    this.#server.close();
  }

  #open(socket: WebSocket, threadId: string, apiBase: string): void {
    const client: LiveClient = { socket, threadId, apiBase, alive: true };
    let clients = this.#threads.get(threadId);
    if (!clients) this.#threads.set(threadId, (clients = new Set()));
    clients.add(client);
    socket.on("pong", () => (client.alive = true));
    socket.on("message", (data, isBinary) => this.#receive(client, data, isBinary));
    // ws emits `error` for protocol violations (a frame over maxPayload, say) and closes the
    // socket right after; without a listener the error would crash the process.
    socket.on("error", () => {});
    socket.on("close", () => {
      clients.delete(client);
      if (clients.size === 0) this.#threads.delete(threadId);
    });
  }

  #receive(client: LiveClient, data: RawData, isBinary: boolean): void {
    const frame = parseFrame(data, isBinary);
    if ("error" in frame) {
      send(client.socket, { type: "error", ...(frame.id === undefined ? {} : { id: frame.id }), error: frame.error });
      return;
    }
    try {
      const outcome = postMessage(this.#context, client.threadId, frame.message);
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
function parseFrame(data: RawData, isBinary: boolean): { id: string; message: unknown } | { id?: string; error: HostError } {
  if (isBinary) return { error: { code: "invalid-frame", message: "Frames are JSON text" } };
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return { error: { code: "invalid-frame", message: "The frame is not JSON" } };
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
