// HTTP plumbing shared by the fetch and WebSocket adapters: the host protocol's URLs, headers,
// per-request timeouts and the reading of a host's error body.
import { HostResponseError } from "./errors.js";

/** Extra request headers: a value, or a function called before every request (rotating tokens). */
export type TransportHeaders = HeadersInit | (() => HeadersInit);

/** @internal How long one HTTP request (one attempt of a send, one attachment fetch) may take. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** @internal Where a request goes and with what: resolved once from an adapter's options. */
export interface HttpConfig {
  /** The base URL without trailing slashes. */
  baseUrl: string;
  threadId: string;
  headers: TransportHeaders | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
}

/** @internal Checks the options every HTTP adapter shares; misuse throws at once. */
export function resolveHttpConfig(options: {
  baseUrl: string;
  threadId: string;
  headers?: TransportHeaders | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
}): HttpConfig {
  if (typeof options.baseUrl !== "string" || options.baseUrl === "") {
    throw new TypeError(`baseUrl must be a non-empty string, got ${JSON.stringify(options.baseUrl)}`);
  }
  if (typeof options.threadId !== "string" || options.threadId === "") {
    throw new TypeError(`threadId must be a non-empty string, got ${JSON.stringify(options.threadId)}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new TypeError(`timeoutMs must be a number > 0, got ${String(timeoutMs)}`);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") {
    throw new TypeError("No fetch implementation: pass options.fetch on a platform without a global fetch");
  }
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    threadId: options.threadId,
    headers: options.headers,
    // Called as a plain function: `window.fetch` throws "Illegal invocation" when called as a
    // method of another object.
    fetch: (input, init) => fetchImpl(input, init),
    timeoutMs,
  };
}

/** @internal `{baseUrl}/threads/{threadId}/…`, each segment percent-encoded. */
export function threadUrl(config: HttpConfig, ...segments: string[]): string {
  return [config.baseUrl, "threads", config.threadId, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join("/");
}

/** @internal `{baseUrl}/attachments[/{attachmentId}]`. */
export function attachmentsUrl(config: HttpConfig, attachmentId?: string): string {
  const base = `${config.baseUrl}/attachments`;
  return attachmentId === undefined ? base : `${base}/${encodeURIComponent(attachmentId)}`;
}

/** @internal The configured headers plus `extra`, as a fresh `Headers`. */
export function requestHeaders(config: HttpConfig, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(typeof config.headers === "function" ? config.headers() : config.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

/** @internal An attempt that took longer than the adapter's `timeoutMs`; retried like a network failure. */
export class RequestTimeoutError extends Error {
  constructor(ms: number) {
    super(`The host did not answer within ${ms} ms`);
    this.name = "RequestTimeoutError";
  }
}

/** @internal A response whose body has been read in full, as text. */
export interface TextResponse {
  status: number;
  text: string;
}

/** @internal Reads a body as text. */
export const readText = async (response: Response): Promise<TextResponse> => ({ status: response.status, text: await response.text() });

/**
 * @internal One request and the reading of its answer with `read`, together within
 * `config.timeoutMs`. An abort of `signal` rejects with the signal's reason; running out of time
 * rejects with `RequestTimeoutError`.
 */
export async function timedRequest<T>(
  config: HttpConfig,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  if (signal.aborted) throw signal.reason;
  // One controller for both reasons to stop, so that the fetch is really cancelled either way.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await read(await config.fetch(url, { ...init, signal: controller.signal }));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (timedOut) throw new RequestTimeoutError(config.timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

/** @internal The error a non-2xx answer becomes: its body parsed as JSON when it is JSON. */
export function hostResponseError(status: number, text: string): HostResponseError {
  return new HostResponseError(status, parseJsonOr(text, text));
}

/** @internal `JSON.parse`, or `fallback` for text that is not JSON: host bodies are untrusted. */
export function parseJsonOr<T>(text: string, fallback: T): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/** @internal Whether a status is a success of the host protocol. */
export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
