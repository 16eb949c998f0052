// The demo host: the host kit (`src/host`, published as `t3-composer/host`) under `/api`, on
// SQLite by default or PostgreSQL when given a connection string, projecting the demo's custom
// kinds (kinds.ts), plus the demo's static files and, when asked, the simulated assistant
// (assistant.ts), whose finished replies it keeps (reply-store.ts) and lists at
// `/demo-api/threads/<id>/replies`. `startHost` is what `main.ts` and the tests call.
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  attachLiveSockets,
  createDiskBlobStore,
  createHost,
  openPostgresStore,
  openSqliteStore,
  toNodeListener,
  type HostKit,
  type HostKitOptions,
  type HostLimits,
} from "../../src/host/index.js";
import type { ContextKindDefinition } from "../../src/codec/index.js";
import { startAssistant, type AssistantOptions } from "./assistant.js";
import { DEMO_KINDS } from "./kinds.js";
import { openReplyStore, REPLIES_FILE, type ReplyStore } from "./reply-store.js";
import { serveStatic } from "./static.js";

export interface HostOptions {
  /** The port; `0` picks a free one. */
  port: number;
  /** Where the SQLite file and the attachment bytes live; created if missing. */
  dataDir: string;
  /** A `postgres://…` URL: store messages there instead of in SQLite (attachment bytes stay in `dataDir`). */
  databaseUrl?: string | undefined;
  /** The interface to listen on. Default `127.0.0.1`: the demo is not meant to face a network. */
  hostname?: string;
  /** Overrides of the kit's `DEFAULT_LIMITS`. */
  limits?: Partial<HostLimits>;
  /** The custom kinds projected with their entry bodies (`defineContextKind`). Default: the demo's (`DEMO_KINDS`). */
  kinds?: readonly ContextKindDefinition[];
  /** The repository root, whose `demo/` and `dist/` are served. Default: this file's `../..`. */
  root?: string;
  /** Passed to the kit as they are. */
  kit?: Pick<HostKitOptions, "allowedHosts" | "allowedOrigins" | "authorize">;
  /**
   * The simulated assistant (assistant.ts), which answers each stored message over the live
   * sockets: `true` or its options to run it. Default off, so that a test sees only its own
   * messages; `npm start` turns it on.
   */
  assistant?: boolean | Omit<AssistantOptions, "kinds"> | undefined;
}

export interface RunningHost {
  /** `http://host:port`, where the demo page is. */
  url: string;
  /** `{url}/api`: the `baseUrl` for the transports. */
  apiUrl: string;
  /** The SQLite file (unused with PostgreSQL). */
  dbPath: string;
  /** The kit the host runs (for tests: its live hub, its sweep). */
  kit: HostKit;
  /** Stops listening, drops every connection and closes the store. */
  close(): Promise<void>;
}

const DEFAULT_HOSTNAME = "127.0.0.1";
const DEFAULT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The SQLite file's name inside the data folder. */
export const DATABASE_FILE = "t3-composer.db";
/** Longest a request's headers may take (Node's own bound, made explicit). */
const HEADERS_TIMEOUT_MS = 20_000;

/** Starts the host; resolves once it listens. */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const dataDir = resolve(options.dataDir);
  const root = options.root ?? DEFAULT_ROOT;
  await mkdir(dataDir, { recursive: true });
  const dbPath = join(dataDir, DATABASE_FILE);
  const store = options.databaseUrl ? await openPostgresStore(options.databaseUrl) : await openSqliteStore(dbPath);
  const kit = await createHost({ store, blobs: createDiskBlobStore(dataDir), limits: options.limits, kinds: options.kinds ?? DEMO_KINDS, ...options.kit });
  const replies = await openReplyStore(join(dataDir, REPLIES_FILE));
  const server = createServer(toNodeListener(kit, (request, response) => void serveDemo(root, replies, request, response)));
  // The kit bounds bodies itself (bodyIdleMs, bodyTotalMs); Node bounds the headers and the whole request.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = kit.limits.bodyTotalMs + HEADERS_TIMEOUT_MS;
  attachLiveSockets(server, kit);
  // A reply that cannot be kept still streams: the page shows it until the next reload.
  const keep = (reply: Parameters<ReplyStore["add"]>[0]) => replies.add(reply).catch((error: unknown) => console.error("Could not keep a reply:", error));
  const stopAssistant = options.assistant
    ? startAssistant(kit, { ...(options.assistant === true ? {} : options.assistant), kinds: options.kinds ?? DEMO_KINDS, keep })
    : () => {};
  const address = await listen(server, options.port, options.hostname ?? DEFAULT_HOSTNAME);
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url,
    apiUrl: `${url}${kit.basePath}`,
    dbPath,
    kit,
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      stopAssistant();
      await kit.close();
      await closed;
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

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/** `/demo-api/threads/<id>/replies`, with the protocol's grammar for thread ids. */
const REPLIES_PATH = /^\/demo-api\/threads\/([A-Za-z0-9_-]{1,128})\/replies$/;

async function serveDemo(root: string, replies: ReplyStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, JSON_HEADERS).end(JSON.stringify({ error: { code: "method-not-allowed", message: `${request.method} is not allowed here` } }));
      return;
    }
    const path = new URL(request.url ?? "/", "http://host").pathname;
    const thread = REPLIES_PATH.exec(path)?.[1];
    if (thread !== undefined) {
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ replies: replies.list(thread) }));
      return;
    }
    await serveStatic(root, path, response);
  } catch (error) {
    if (response.headersSent || response.destroyed) response.destroy();
    else {
      const status = (error as { status?: number }).status ?? 500;
      const body = (error as { error?: unknown }).error ?? { code: "internal", message: "Internal error" };
      response.writeHead(status, JSON_HEADERS).end(JSON.stringify({ error: body }));
    }
  }
}
