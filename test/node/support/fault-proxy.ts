// An HTTP proxy in front of the host that injects faults into chosen requests: a 5xx without
// forwarding, a dropped connection after the host has answered, a request never answered, an
// answer held back until the client gives up, a body cut half way, a request delivered twice.
// WebSocket upgrades pass through, and their connections can be dropped or have a client frame
// delivered twice. The cut body and the duplicate delivery are the browser suites' own
// (test/support/request-faults.mjs).
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { cutBody, duplicate, type FaultHost } from "../../support/request-faults.mjs";

/** What the proxy does with one request. */
export type Fault =
  | "pass"
  | "fail-500"
  | "fail-503"
  /** The host does its work; the connection drops before the client hears the answer. */
  | "drop-after-forward"
  /** Never forwarded, never answered: the client times out. */
  | "hang"
  /** Forwarded; the host's answer is held back until the client gives up (a slow response past its timeout). */
  | "late"
  /** Half the body goes to the host, then both connections drop (an upload aborted half way). */
  | "cut-request"
  /** The whole request reaches the host twice; the client gets the second answer (duplicate delivery). */
  | "duplicate";

export const FAULTS: readonly Fault[] = ["pass", "fail-500", "fail-503", "drop-after-forward", "hang", "late", "cut-request", "duplicate"];

export interface FaultProxy {
  url: string;
  apiUrl: string;
  /** Every request the proxy saw: method, path, and headers. */
  readonly seen: { method: string; path: string; headers: IncomingMessage["headers"] }[];
  /** Faults for the next matching requests, consumed in order; afterwards requests pass. */
  readonly faults: Fault[];
  /** A fault applied to every matching request once `faults` is empty. Default "pass". */
  always: Fault;
  /** Which requests faults apply to. */
  match: (request: IncomingMessage) => boolean;
  /** Drops the next WebSocket connection whose host-to-client bytes contain `text`, before they are passed on. */
  dropSocketOnNext(text: string): void;
  /** Delivers the next client-to-host WebSocket chunk (one frame, for small frames) twice. */
  duplicateNextSocketChunk(): void;
  /** Drops every open WebSocket connection. */
  dropSockets(): void;
  close(): Promise<void>;
}

/** Starts a proxy to `upstream` (an `http://host:port` URL); faults apply to requests `match` accepts. */
export async function startFaultProxy(upstream: string, match: (request: IncomingMessage) => boolean = () => true): Promise<FaultProxy> {
  const target = new URL(upstream);
  const sockets = new SocketFaults(target);
  const proxy: FaultProxy = {
    url: "",
    apiUrl: "",
    seen: [],
    faults: [],
    always: "pass",
    match,
    dropSocketOnNext: (text) => sockets.drops.push(text),
    duplicateNextSocketChunk: () => void sockets.duplicates++,
    dropSockets: () => sockets.dropAll(),
    close: async () => {},
  };
  const server = createServer((request, response) => {
    proxy.seen.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers });
    const fault = proxy.match(request) ? (proxy.faults.shift() ?? proxy.always) : "pass";
    apply(fault, target, request, response);
  });
  server.on("upgrade", (request: IncomingMessage, client: Socket, head: Buffer) => sockets.pass(request, client, head));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.apiUrl = `${proxy.url}/api`;
  proxy.close = () =>
    new Promise((done) => {
      sockets.dropAll();
      server.close(() => done());
      server.closeAllConnections();
    });
  return proxy;
}

function apply(fault: Fault, target: URL, request: IncomingMessage, response: ServerResponse): void {
  switch (fault) {
    case "hang":
      return;
    case "fail-500":
    case "fail-503":
      return answerWithFailure(fault, request, response);
    case "cut-request":
      return cutBody(hostOf(target), request.url ?? "/", request);
    case "duplicate":
      return duplicate(hostOf(target), request.url ?? "/", request, response);
    default:
      return pass(fault, target, request, response);
  }
}

/** The host as the browser suites' request faults (test/support/request-faults.mjs) address it. */
function hostOf(target: URL): FaultHost {
  return { port: Number(target.port), sockets: new Set() };
}

function answerWithFailure(fault: "fail-500" | "fail-503", request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  request.on("end", () => {
    const body = JSON.stringify({ error: { code: "injected", message: `injected ${fault}` } });
    response.writeHead(fault === "fail-500" ? 500 : 503, { "content-type": "application/json" }).end(body);
  });
}

function upstreamRequest(target: URL, request: IncomingMessage, onAnswer: (answer: IncomingMessage) => void) {
  const options = { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers };
  return forward(options, onAnswer);
}

function pass(fault: "pass" | "drop-after-forward" | "late", target: URL, request: IncomingMessage, response: ServerResponse): void {
  const upstream = upstreamRequest(target, request, (answer) => {
    if (fault === "pass") {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      return;
    }
    // The host has done its work; the client never hears of it (at once, or when it gives up).
    answer.resume();
    if (fault === "drop-after-forward") answer.on("end", () => response.socket?.destroy());
  });
  upstream.on("error", () => response.socket?.destroy());
  request.pipe(upstream);
}

/** WebSocket connections passed through to the host, byte for byte, with their own faults. */
class SocketFaults {
  readonly drops: string[] = [];
  duplicates = 0;
  readonly #pairs = new Set<[Socket, Socket]>();
  readonly #target: URL;

  constructor(target: URL) {
    this.#target = target;
  }

  pass(request: IncomingMessage, client: Socket, head: Buffer): void {
    const host = connect(Number(this.#target.port), this.#target.hostname);
    const pair: [Socket, Socket] = [client, host];
    this.#pairs.add(pair);
    const drop = () => {
      client.destroy();
      host.destroy();
      this.#pairs.delete(pair);
    };
    // The upgrade request as it came, then whatever the client sent after it.
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    host.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) host.write(head);
    let upgraded = false;
    client.on("data", (chunk: Buffer) => {
      host.write(chunk);
      if (upgraded && this.duplicates > 0) {
        this.duplicates--;
        host.write(chunk);
      }
    });
    host.on("data", (chunk: Buffer) => {
      upgraded = true; // the host's first bytes are its 101 answer: frames follow
      const index = this.drops.findIndex((text) => chunk.includes(text));
      if (index >= 0) {
        this.drops.splice(index, 1);
        drop();
        return;
      }
      client.write(chunk);
    });
    for (const socket of pair) {
      socket.on("close", drop);
      socket.on("error", drop);
    }
  }

  dropAll(): void {
    for (const [client, host] of [...this.#pairs]) {
      client.destroy();
      host.destroy();
    }
    this.#pairs.clear();
  }
}
