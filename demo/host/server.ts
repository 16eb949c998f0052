// The reference host: the host protocol of docs/transport.md under `/api`, the live WebSocket, and the demo's
// static files. `startHost` is what `main.ts` and the tests call.
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { receiveUpload, serveAttachment, sweepPendingUploads } from "./attachments.js";
import { API_PREFIX, type HostContext } from "./context.js";
import { DATABASE_FILE, openDatabase } from "./db.js";
import { RequestError, internalError, sendError, sendJson } from "./http.js";
import { DEFAULT_LIMITS, ID_PATTERN, PENDING_SWEEP_INTERVAL_MS, PENDING_UPLOAD_TTL_MS, type HostLimits } from "./limits.js";
import { LiveHub } from "./live.js";
import { handleListMessages, handlePostMessage, handleProviderView } from "./messages.js";
import { serveStatic } from "./static.js";
import type { ContextKindDefinition } from "./codec.js";
import { DEMO_KINDS } from "./kinds.js";

export interface HostOptions {
  /** The port; `0` picks a free one. */
  port: number;
  /** Where the database file and the attachment bytes live; created if missing. */
  dataDir: string;
  /** The interface to listen on. Default `127.0.0.1`: the demo is not meant to face a network. */
  hostname?: string;
  /** Overrides of `DEFAULT_LIMITS`. */
  limits?: Partial<HostLimits>;
  /** The custom kinds projected with their entry bodies (`defineContextKind`). Default: the demo's (`DEMO_KINDS`). */
  kinds?: readonly ContextKindDefinition[];
  /** The repository root, whose `demo/` and `dist/` are served. Default: this file's `../..`. */
  root?: string;
}

export interface RunningHost {
  /** `http://host:port`, where the demo page is. */
  url: string;
  /** `{url}/api`: the `baseUrl` for the transports. */
  apiUrl: string;
  /** The SQLite file. */
  dbPath: string;
  /** Stops listening, drops every connection and closes the database. */
  close(): Promise<void>;
}

const DEFAULT_HOSTNAME = "127.0.0.1";
const DEFAULT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

type Handler = (context: HostContext, params: string[], request: IncomingMessage, response: ServerResponse) => unknown;

/** The protocol's routes, relative to `/api`. Path parameters are the pattern's groups, decoded. */
const ROUTES: readonly { pattern: RegExp; methods: Partial<Record<string, Handler>> }[] = [
  {
    pattern: /^\/attachments$/,
    methods: { POST: (c, _, req, res) => receiveUpload(c.db, c.dataDir, c.limits, req, res) },
  },
  {
    pattern: /^\/attachments\/([^/]+)$/,
    methods: { GET: (c, [id], _, res) => serveAttachment(c.db, c.dataDir, id!, res) },
  },
  {
    pattern: /^\/threads\/([^/]+)\/messages$/,
    methods: {
      GET: (c, [thread], req, res) => handleListMessages(c, thread!, req, res),
      POST: (c, [thread], req, res) => handlePostMessage(c, thread!, req, res),
    },
  },
  {
    pattern: /^\/threads\/([^/]+)\/messages\/([^/]+)\/provider$/,
    methods: { GET: (c, [thread, id], _, res) => handleProviderView(c, thread!, id!, res) },
  },
];

/** The live socket's path, relative to `/api`. */
const LIVE_PATTERN = /^\/threads\/([^/]+)\/live$/;

/** Starts the host; resolves once it listens. */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const dataDir = resolve(options.dataDir);
  const root = options.root ?? DEFAULT_ROOT;
  await mkdir(dataDir, { recursive: true });
  const dbPath = join(dataDir, DATABASE_FILE);
  const db = openDatabase(dbPath);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  // The hub needs the context and the context's hook needs the hub; no message is stored before both exist.
  const kinds = options.kinds ?? DEMO_KINDS;
  const context: HostContext = { db, dataDir, limits, kinds, onStored: (message) => hub.broadcast(message) };
  const hub = new LiveHub(context);

  await sweepPendingUploads(db, dataDir, PENDING_UPLOAD_TTL_MS);
  const sweeper = setInterval(() => void sweepPendingUploads(db, dataDir, PENDING_UPLOAD_TTL_MS).catch(internalError), PENDING_SWEEP_INTERVAL_MS);
  sweeper.unref();

  const server = createServer((request, response) => void handle(context, root, request, response));
  server.on("upgrade", (request: IncomingMessage, socket, head: Buffer) => {
    const thread = matchLive(request.url ?? "/");
    if (thread === undefined) {
      socket.end("HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    hub.upgrade(thread, request, socket, head);
  });
  const address = await listen(server, options.port, options.hostname ?? DEFAULT_HOSTNAME);
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url,
    apiUrl: `${url}${API_PREFIX}`,
    dbPath,
    async close() {
      clearInterval(sweeper);
      hub.close();
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
      db.close();
    },
  };
}

function listen(server: Server, port: number, hostname: string): Promise<AddressInfo> {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, hostname, () => {
      server.off("error", fail);
      done(server.address() as AddressInfo);
    });
  });
}

async function handle(context: HostContext, root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    const { pathname } = new URL(request.url ?? "/", "http://host");
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) await route(context, pathname.slice(API_PREFIX.length), request, response);
    else if (request.method === "GET" || request.method === "HEAD") await serveStatic(root, pathname, response);
    else throw new RequestError(405, "method-not-allowed", `${request.method} is not allowed here`);
  } catch (error) {
    // A client that went away (an aborted upload, say) has nobody left to answer or to log for.
    if (response.headersSent || request.socket.destroyed) response.destroy();
    else if (error instanceof RequestError) sendError(response, error);
    else sendJson(response, 500, { error: internalError(error) });
  }
}

async function route(context: HostContext, path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  for (const { pattern, methods } of ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    // HEAD is answered as GET: Node leaves the body out by itself.
    const method = request.method === "HEAD" ? "GET" : (request.method ?? "GET");
    const handler = methods[method];
    if (!handler) {
      response.setHeader("allow", Object.keys(methods).join(", "));
      throw new RequestError(405, "method-not-allowed", `${request.method} is not allowed on ${API_PREFIX}${path}`);
    }
    await handler(context, match.slice(1).map(decodeParam), request, response);
    return;
  }
  throw new RequestError(404, "not-found", `No route ${API_PREFIX}${path}`);
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new RequestError(400, "invalid-path", `Cannot decode ${raw}`);
  }
}

/** The thread id of a live socket URL, or `undefined` for any other URL. */
function matchLive(url: string): string | undefined {
  const { pathname } = new URL(url, "http://host");
  if (!pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  const match = LIVE_PATTERN.exec(pathname.slice(API_PREFIX.length));
  if (!match) return undefined;
  let thread: string;
  try {
    thread = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return ID_PATTERN.test(thread) ? thread : undefined;
}
