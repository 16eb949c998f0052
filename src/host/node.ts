// Mounting the kit on Node's http server: an `IncomingMessage` becomes a WHATWG `Request` (its
// body streamed, not buffered), the `Response` is written back, and WebSocket upgrades of
// `{basePath}/threads/{threadId}/live` are checked (Host, Origin, authorize, socket limits)
// before the hub takes them.
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Duplex } from "node:stream";
import { RequestError } from "./errors.js";
import type { HostKit } from "./kit.js";
import { ID_PATTERN } from "./limits.js";
import { errorResponse } from "./responses.js";

/** A `Host` header as RFC 9110 allows it: a name or an IPv4 or bracketed IPv6 address, and a port. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The live socket's path, relative to the base path. */
const LIVE_PATTERN = /^\/threads\/([^/]+)\/live$/;
/** Bodies are only read for these methods. */
const BODILESS = new Set(["GET", "HEAD"]);
/** Where a client's address is not known. */
const UNKNOWN_ADDRESS = "unknown";

/** The WHATWG `Request` for a Node request; a `Host` that is no host at all is a 400. */
export function toRequest(request: IncomingMessage, signal?: AbortSignal): Request {
  const host = request.headers.host ?? "";
  if (!HOST_HEADER.test(host)) throw new RequestError(400, "invalid-host", "The Host header is not a host");
  // An absolute-form target (`GET http://elsewhere/…`) names another host than `Host`: not ours.
  if (!(request.url ?? "/").startsWith("/")) throw new RequestError(400, "invalid-target", "The request target is not a path");
  const method = request.method ?? "GET";
  const body = BODILESS.has(method) ? null : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
  const init: RequestInit & { duplex?: "half" } = { method, headers: toHeaders(request.headers), body, ...(signal ? { signal } : {}) };
  if (body) init.duplex = "half";
  return new Request(`http://${host}${request.url ?? "/"}`, init);
}

function toHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.append(name, item);
  }
  return out;
}

/** Writes `answer` to `response`; a client that went away is simply let go. */
export async function writeResponse(answer: Response, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (response.destroyed) return;
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  // A body that was refused before its end: the connection cannot carry another request.
  if (!request.complete && !BODILESS.has(request.method ?? "GET")) headers.connection = "close";
  response.writeHead(answer.status, headers);
  if (!answer.body || request.method === "HEAD") {
    response.end();
    return;
  }
  await pipeBody(answer.body.getReader(), response);
}

/**
 * Writes a body's chunks to `response` as they come, waiting for `drain` when its buffer is
 * full, and ends it. Read by hand rather than through `Readable.fromWeb`: that adapter and its
 * pipe cost more than the rest of a small answer's writing (docs/performance.md, "Host").
 */
async function pipeBody(reader: ReadableStreamDefaultReader<Uint8Array>, response: ServerResponse): Promise<void> {
  // A client that goes away cancels the body (an attachment's file stream, say) wherever it is.
  const closed = new Promise<void>((done) =>
    response.once("close", () => {
      if (!response.writableFinished) void reader.cancel().catch(() => {});
      done();
    }),
  );
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (response.destroyed) throw new Error("The client went away");
      if (!response.write(value)) await Promise.race([new Promise((drained) => response.once("drain", drained)), closed]);
    }
    response.end();
  } catch {
    void reader.cancel().catch(() => {});
    response.destroy();
  }
}

/**
 * A Node request listener that answers every request under the kit's base path; other paths go
 * to `fallback` (or are a 404).
 */
export function toNodeListener(kit: HostKit, fallback?: (request: IncomingMessage, response: ServerResponse) => void) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? "/").split("?")[0]!;
    if (fallback && path !== kit.basePath && !path.startsWith(`${kit.basePath}/`)) {
      fallback(request, response);
      return;
    }
    void answer(kit, request, response);
  };
}

async function answer(kit: HostKit, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const controller = new AbortController();
  // Only a client that left before its answer was written aborts: an abort builds a DOMException
  // with its stack, which every request paid when this fired on each close.
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  let answer: Response;
  try {
    answer = await kit.fetch(toRequest(request, controller.signal), { clientAddress: request.socket?.remoteAddress });
  } catch (error) {
    answer = errorResponse(error);
  }
  await writeResponse(answer, request, response).catch(() => response.destroy());
}

/** Hands `server`'s WebSocket upgrades of the live path to the kit; others are answered 404. */
export function attachLiveSockets(server: Server, kit: HostKit): void {
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => void upgrade(kit, request, socket, head));
}

async function upgrade(kit: HostKit, request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  socket.on("error", () => socket.destroy());
  try {
    const threadId = liveThreadOf(request.url ?? "/", kit.basePath);
    if (threadId === undefined) throw new RequestError(404, "not-found", "No live socket there");
    const whatwg = toRequest(request);
    const refused = await kit.admit(whatwg);
    if (refused) return refuse(socket, refused);
    const clientKey = request.socket?.remoteAddress ?? UNKNOWN_ADDRESS;
    const tooMany = kit.live.refusal(threadId, clientKey);
    if (tooMany) throw tooMany;
    const url = new URL(whatwg.url);
    kit.live.accept(request, socket, head, threadId, `${url.origin}${kit.basePath}`, clientKey);
  } catch (error) {
    refuse(socket, errorResponse(error));
  }
}

/** Answers an upgrade with a plain HTTP refusal and closes the connection. */
async function refuse(socket: Duplex, answer: Response): Promise<void> {
  const body = await answer.text();
  const reason = answer.statusText || "Refused";
  socket.end(
    `HTTP/1.1 ${answer.status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The thread id of a live socket URL, or `undefined` for any other URL. */
function liveThreadOf(url: string, basePath: string): string | undefined {
  const pathname = url.split("?")[0]!;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const match = LIVE_PATTERN.exec(pathname.slice(basePath.length));
  if (!match) return undefined;
  let thread: string;
  try {
    thread = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return ID_PATTERN.test(thread) ? thread : undefined;
}
