// What the fetch and WebSocket adapters check and resolve from their options the moment they are
// created: misuse throws a `TypeError` at once, before their implementation (a chunk:
// network-chunk.ts) has loaded. So this module is part of the first load and holds nothing else but
// the option types those checks read (the adapters' modules import them from here, which keeps
// them out of an import cycle).

/** Extra request headers: a value, or a function called before every request (rotating tokens). */
export type TransportHeaders = HeadersInit | (() => HeadersInit);

/** How a transport retries a send that failed on the network or with a 5xx answer. */
export interface RetryOptions {
  /**
   * Attempts in all, the first one included; at least 1. Default `Infinity`: a send is retried
   * for as long as `maxElapsedMs` allows, so that an outage of up to a minute loses nothing.
   */
  attempts?: number | undefined;
  /** The delay before the first retry, in milliseconds; it doubles for each retry after. Default 250. */
  baseDelayMs?: number | undefined;
  /** No single delay is longer than this. Default 8,000. */
  maxDelayMs?: number | undefined;
  /** No retry starts later than this after the first attempt started. Default 60,000. */
  maxElapsedMs?: number | undefined;
}

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

/** @internal The ws/wss URL for an http(s) (or ws/wss) URL; relative URLs resolve against the page. */
export function toWebSocketUrl(httpUrl: string): string {
  let url: URL;
  try {
    url = new URL(httpUrl, (globalThis as { location?: { href: string } }).location?.href);
  } catch {
    throw new TypeError(`baseUrl must be an absolute http(s) URL outside a page, got ${JSON.stringify(httpUrl)}`);
  }
  const schemes: Record<string, string> = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" };
  const scheme = schemes[url.protocol];
  if (scheme === undefined) throw new TypeError(`baseUrl must be an http(s) URL, got ${JSON.stringify(httpUrl)}`);
  url.protocol = scheme;
  return url.href;
}

/** @internal `XMLHttpRequest` where the platform has one, unless the options say `null`. */
export function resolveXhr(option: typeof XMLHttpRequest | null | undefined): typeof XMLHttpRequest | null {
  if (option !== undefined) return option;
  return typeof globalThis.XMLHttpRequest === "function" ? globalThis.XMLHttpRequest : null;
}

/** @internal */
export const DEFAULT_RETRY = { attempts: Number.POSITIVE_INFINITY, baseDelayMs: 250, maxDelayMs: 8000, maxElapsedMs: 60_000 } as const;

/** @internal A retry policy with every field set. */
export type RetryPolicy = Readonly<{ [K in keyof RetryOptions]-?: number }>;

/** @internal Time and chance, injectable so that tests of backoff never wait. */
export interface Clock {
  now(): number;
  random(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** @internal */
export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** @internal Fills in the defaults; a value that makes no sense is a programming error and throws. */
export function resolveRetryPolicy(options: RetryOptions | undefined): RetryPolicy {
  const given = options ?? {};
  const policy: RetryPolicy = {
    attempts: given.attempts ?? DEFAULT_RETRY.attempts,
    baseDelayMs: given.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: given.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    maxElapsedMs: given.maxElapsedMs ?? DEFAULT_RETRY.maxElapsedMs,
  };
  if ((!Number.isInteger(policy.attempts) && policy.attempts !== Number.POSITIVE_INFINITY) || policy.attempts < 1) {
    throw new TypeError(`retry.attempts must be an integer ≥ 1 or Infinity, got ${String(policy.attempts)}`);
  }
  for (const key of ["baseDelayMs", "maxDelayMs", "maxElapsedMs"] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] < 0) {
      throw new TypeError(`retry.${key} must be a finite number ≥ 0, got ${String(policy[key])}`);
    }
  }
  return policy;
}

/**
 * @internal The delay before retry number `retry` (1 for the first retry). "Equal jitter": half of
 * the exponential step is kept and half is random, so that clients that failed together spread
 * out without any of them retrying at once.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return step / 2 + (step / 2) * random();
}
