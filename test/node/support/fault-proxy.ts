// An HTTP proxy in front of the host that injects faults into chosen requests: a 5xx without
// forwarding, a dropped connection after the host has answered, or a request never answered.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does with one request. */
export type Fault = "pass" | "fail-500" | "fail-503" | "drop-after-forward" | "hang";

export interface FaultProxy {
  url: string;
  apiUrl: string;
  /** Every request the proxy saw: method, path, and headers. */
  readonly seen: { method: string; path: string; headers: IncomingMessage["headers"] }[];
  /** Faults for the next matching requests, consumed in order; afterwards requests pass. */
  readonly faults: Fault[];
  /** A fault applied to every matching request once `faults` is empty. Default "pass". */
  always: Fault;
  close(): Promise<void>;
}

/** Starts a proxy to `upstream` (an `http://host:port` URL); faults apply to requests `match` accepts. */
export async function startFaultProxy(upstream: string, match: (request: IncomingMessage) => boolean = () => true): Promise<FaultProxy> {
  const target = new URL(upstream);
  const proxy: FaultProxy = {
    url: "",
    apiUrl: "",
    seen: [],
    faults: [],
    always: "pass",
    close: async () => {},
  };
  const server = createServer((request, response) => {
    proxy.seen.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers });
    const fault = match(request) ? (proxy.faults.shift() ?? proxy.always) : "pass";
    apply(fault, target, request, response);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.apiUrl = `${proxy.url}/api`;
  proxy.close = () =>
    new Promise((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return proxy;
}

function apply(fault: Fault, target: URL, request: IncomingMessage, response: ServerResponse): void {
  if (fault === "hang") return;
  if (fault === "fail-500" || fault === "fail-503") {
    request.resume();
    request.on("end", () => {
      const body = JSON.stringify({ error: { code: "injected", message: `injected ${fault}` } });
      response.writeHead(fault === "fail-500" ? 500 : 503, { "content-type": "application/json" }).end(body);
    });
    return;
  }
  const upstream = forward(
    { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      if (fault === "drop-after-forward") {
        // The host has done its work; the client never hears of it.
        answer.resume();
        answer.on("end", () => response.socket?.destroy());
        return;
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", () => response.socket?.destroy());
  request.pipe(upstream);
}
