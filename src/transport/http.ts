// HTTP plumbing shared by the fetch and WebSocket adapters: the host protocol's URLs, headers,
// per-request timeouts and the reading of a host's error body.
import type { HttpConfig } from "./config.js";
import { HostResponseError } from "./errors.js";

// Checked when an adapter is created, before this module (part of the implementation's chunk) loads.
/** @internal */
export { threadUrl, type HttpConfig } from "./config.js";

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
