// The host kit: the host protocol as one framework-neutral handler (WHATWG `Request` in,
// `Response` out) over a store and a blob store, plus the live socket hub. node.ts mounts it on
// Node's http server; any framework that speaks `Request`/`Response` (Hono, Next.js route
// handlers, Fastify and Express through an adapter) calls `fetch` directly (docs/host.md).
import type { ContextKindDefinition } from "../codec/index.js";
import { checkHost, checkOrigin, LOOPBACK_HOSTS, type AccessOptions } from "./access.js";
import { receiveUpload, serveAttachment } from "./attachments.js";
import type { BlobStore } from "./blobs.js";
import type { HostContext } from "./context.js";
import { RequestError, clientGone, internalError } from "./errors.js";
import { DEFAULT_LIMITS, PENDING_SWEEP_INTERVAL_MS, PENDING_UPLOAD_TTL_MS, UPLOAD_WINDOW_MS, type HostLimits } from "./limits.js";
import { LiveHub } from "./live.js";
import { handleListMessages, handlePostMessage, handleProviderView } from "./messages.js";
import { WindowQuota } from "./quota.js";
import { errorResponse } from "./responses.js";
import type { HostStore, StoredMessage } from "./store.js";
import { sweepStorage, type SweepResult } from "./sweep.js";

/**
 * Decides whether a request may go on: `true` lets it, `false` answers 401, a `Response` is
 * answered as it is. The kit calls it for every protocol request and live socket, after its own
 * Host and Origin checks.
 */
export type Authorize = (request: Request) => boolean | Response | Promise<boolean | Response>;

/** What a request's adapter knows beyond the `Request`: the client's address, for per-client limits. */
export interface RequestInfo {
  clientAddress?: string | undefined;
}

export interface HostKitOptions extends AccessOptions {
  store: HostStore;
  blobs: BlobStore;
  /** The path the protocol is mounted under. Default `/api`. */
  basePath?: string | undefined;
  /** Overrides of `DEFAULT_LIMITS`. */
  limits?: Partial<HostLimits> | undefined;
  authorize?: Authorize | undefined;
  /**
   * The custom kinds (`defineContextKind`) the provider view projects with their own entry
   * bodies. Default: none, so a custom kind's record shows its payload as JSON.
   */
  kinds?: readonly ContextKindDefinition[] | undefined;
}

/** What `createHost` returns: the protocol as a fetch handler, plus its lifecycle. */
export interface HostKit {
  /** Answers one protocol request (its path under `basePath`). */
  fetch(request: Request, info?: RequestInfo): Promise<Response>;
  /** The live sockets (node.ts hands it the upgrades it checked). */
  readonly live: LiveHub;
  readonly basePath: string;
  readonly limits: Readonly<HostLimits>;
  /**
   * Checks a request that is not a plain protocol call (a live socket's upgrade): Host, Origin
   * and `authorize`. Resolves with the refusal to answer, or `undefined` when it may go on.
   */
  admit(request: Request): Promise<Response | undefined>;
  /**
   * Calls `listener` with each new message this kit stores (a repeated post is not new; messages
   * other processes store are not heard here), after its transaction committed and it was pushed
   * to the live sockets: where an app's agent starts answering (docs/host.md, "Replies"). A
   * listener that throws is logged. Returns the remover.
   */
  onStored(listener: (message: StoredMessage) => void): () => void;
  /** Removes expired pending uploads and stranded blobs (done on start and every hour). */
  sweep(now?: number): Promise<SweepResult>;
  /** Stops the sweeps and the live sockets, then closes the store. */
  close(): Promise<void>;
}

/** The default mount path of the protocol. */
export const DEFAULT_BASE_PATH = "/api";

type Route = (context: HostContext, params: string[], request: Request, url: URL, apiBase: string, client: string) => Promise<Response>;

/** The protocol's routes, relative to the base path. Path parameters are the pattern's groups, decoded. */
const ROUTES: readonly { pattern: RegExp; methods: Partial<Record<string, Route>> }[] = [
  { pattern: /^\/attachments$/, methods: { POST: (c, _, req, _u, _b, client) => receiveUpload(c, req, client) } },
  { pattern: /^\/attachments\/([^/]+)$/, methods: { GET: (c, [id]) => serveAttachment(c, id!) } },
  {
    pattern: /^\/threads\/([^/]+)\/messages$/,
    methods: {
      GET: (c, [thread], _r, url, base) => handleListMessages(c, thread!, url, base),
      POST: (c, [thread], req, _u, base) => handlePostMessage(c, thread!, req, base),
    },
  },
  { pattern: /^\/threads\/([^/]+)\/messages\/([^/]+)\/provider$/, methods: { GET: (c, [thread, id]) => handleProviderView(c, thread!, id!) } },
];

/** Where nobody's address is known (a framework that does not tell): all share one quota. */
const UNKNOWN_CLIENT = "unknown";

/** Builds a kit on `store` and `blobs`, sweeping stranded storage once before it resolves. */
export async function createHost(options: HostKitOptions): Promise<HostKit> {
  const limits: HostLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const basePath = options.basePath ?? DEFAULT_BASE_PATH;
  const allowedHosts = options.allowedHosts ?? LOOPBACK_HOSTS;
  const allowedOrigins = options.allowedOrigins ?? [];
  const storedListeners = new Set<(message: StoredMessage) => void>();
  // The hub needs the context and the context's hook needs the hub; no message is stored before both exist.
  const context: HostContext = {
    store: options.store,
    blobs: options.blobs,
    limits,
    uploadQuota: new WindowQuota(limits.uploadsPerClientPerHour, UPLOAD_WINDOW_MS),
    kinds: options.kinds ?? [],
    onStored: (message) => {
      live.broadcast(message);
      for (const listener of storedListeners) {
        try {
          listener(message);
        } catch (error) {
          internalError(error);
        }
      }
    },
  };
  // ws is an optional peer dependency like the drivers: imported here, not with the module.
  const { WebSocketServer } = await import("ws");
  const live = new LiveHub(context, WebSocketServer);
  // An upload may take up to `bodyTotalMs`; a blob younger than that may still be on its way.
  const sweep = (now?: number) => {
    context.uploadQuota.prune(now);
    return sweepStorage(options.store, options.blobs, { pendingTtlMs: PENDING_UPLOAD_TTL_MS, graceMs: limits.bodyTotalMs, ...(now === undefined ? {} : { now }) });
  };
  await sweep();
  const sweeper = setInterval(() => void sweep().catch(internalError), PENDING_SWEEP_INTERVAL_MS);
  sweeper.unref();

  async function admit(request: Request): Promise<Response | undefined> {
    try {
      const url = new URL(request.url);
      checkHost(url, allowedHosts);
      if (request.method !== "GET" && request.method !== "HEAD") checkOrigin(request, url, allowedOrigins);
      if (request.headers.get("upgrade")?.toLowerCase() === "websocket") checkOrigin(request, url, allowedOrigins);
      const verdict = options.authorize ? await options.authorize(request) : true;
      if (verdict instanceof Response) return verdict;
      if (!verdict) throw new RequestError(401, "unauthorized", "This request needs credentials");
      return undefined;
    } catch (error) {
      return errorResponse(error);
    }
  }

  return {
    live,
    basePath,
    limits,
    admit,
    sweep,
    onStored(listener) {
      if (typeof listener !== "function") throw new TypeError(`onStored: expected a function, got ${String(listener)}`);
      storedListeners.add(listener);
      return () => void storedListeners.delete(listener);
    },
    async fetch(request, info = {}) {
      const refused = await admit(request);
      if (refused) return refused;
      try {
        const url = new URL(request.url);
        const apiBase = `${url.origin}${basePath}`;
        const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
        return await route(context, request, url, path, apiBase, info.clientAddress ?? UNKNOWN_CLIENT);
      } catch (error) {
        return errorResponse(clientGone(error, request) ?? error);
      }
    },
    async close() {
      clearInterval(sweeper);
      storedListeners.clear();
      live.close();
      await options.store.close();
    },
  };
}

async function route(context: HostContext, request: Request, url: URL, path: string, apiBase: string, client: string): Promise<Response> {
  for (const { pattern, methods } of ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    // HEAD is answered as GET: the adapter leaves the body out.
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handler = methods[method];
    if (!handler) {
      throw new RequestError(405, "method-not-allowed", `${request.method} is not allowed on ${url.pathname}`, undefined, { allow: Object.keys(methods).join(", ") });
    }
    return handler(context, match.slice(1).map(decodeParam), request, url, apiBase, client);
  }
  throw new RequestError(404, "not-found", `No route ${url.pathname}`);
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new RequestError(400, "invalid-path", `Cannot decode ${raw}`);
  }
}
