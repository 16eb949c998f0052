// Who may talk to the host: the `Host` a request names (against DNS rebinding: a page on
// evil.example that resolves to 127.0.0.1 sends `Host: evil.example`), and the `Origin` of a
// browser request that changes something or opens the live socket (against cross-site request
// forgery and cross-site WebSocket hijacking).
import { RequestError } from "./errors.js";

/** Hosts a kit answers when `allowedHosts` is not given: the loopback names, on any port. */
export const LOOPBACK_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** What `createHost` takes about access. */
export interface AccessOptions {
  /**
   * Host names (`app.example`, any port) or hosts (`app.example:8443`) the kit answers; any other
   * `Host` is a 403. Default `LOOPBACK_HOSTS`: a kit that faces a network must list its names.
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * Origins (`https://app.example`) besides the host's own that may post and open live sockets.
   * Default: none, same-origin only. Requests without `Origin` (not from a browser) pass.
   */
  allowedOrigins?: readonly string[] | undefined;
}

/** Refuses a request whose URL's host is not allowed (403 `forbidden-host`). */
export function checkHost(url: URL, allowed: readonly string[]): void {
  const names = allowed.map((entry) => entry.toLowerCase());
  if (names.includes(url.hostname) || names.includes(url.host)) return;
  throw new RequestError(403, "forbidden-host", "This host does not answer to that name");
}

/**
 * Refuses a browser request from another origin than the request's own, unless that origin is
 * allowed (403 `forbidden-origin`). `Origin: null` (a sandboxed frame, a file) is foreign.
 */
export function checkOrigin(request: Request, url: URL, allowed: readonly string[]): void {
  const origin = request.headers.get("origin");
  if (origin === null || origin === url.origin || allowed.includes(origin)) return;
  throw new RequestError(403, "forbidden-origin", `Requests from ${origin} are not allowed`);
}
