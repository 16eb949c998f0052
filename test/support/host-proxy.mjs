// The test server's proxy to the test hosts: `/t3-host/<id>/<path>` on the test page's own origin
// is `<path>` on host `<id>` (HTTP requests and WebSocket upgrades alike). A demo page loaded in
// an iframe from there shares the test page's origin, so a test can reach into its DOM, while
// every request still travels over real sockets to the real host.
//
// Faults are injected here, per host, for the requests a rule matches (see `HostFault`). While a
// host is stopped, every request to it has its connection dropped, as a browser talking straight
// to a host that is down sees it.
import { request as forward } from "node:http";
import { connect } from "node:net";
import { cutBody, duplicate, late, upstreamHeaders } from "./request-faults.mjs";
import { addSocketFault, clearSocketFaults, pipeWithFaults } from "./socket-faults.mjs";
import { findTestHost, stopTestHost } from "./test-hosts.mjs";

/** The path prefix of proxied hosts. */
export const HOST_PROXY_PREFIX = "/t3-host/";

/**
 * @typedef {"refuse" | "fail-500" | "fail-503" | "hang" | "drop-after-forward" | "down-after-forward" | "stall-body" | "late" | "cut-body" | "duplicate" | "drop-socket-on" | "duplicate-socket-frame" | "inject-socket-frame"} HostFaultKind
 *   - `refuse`: the connection is dropped before anything reaches the host;
 *   - `fail-500`, `fail-503`: the proxy answers with that status and the protocol's error JSON;
 *   - `hang`: never answered (until the host stops);
 *   - `drop-after-forward`: the host handles the request, then the client's connection drops
 *     before the answer reaches it;
 *   - `down-after-forward`: as `drop-after-forward`, and the host goes down (stopped) before the
 *     connection drops: the request was handled, then the host died;
 *   - `stall-body`: the first `bytes` of the body go through at once, the rest only after a
 *     `host-release` command (for upload progress: the browser has sent part of the file);
 *   - `late`, `cut-body`, `duplicate`: see request-faults.mjs;
 *   - `drop-socket-on` (with `text`), `duplicate-socket-frame`, `inject-socket-frame` (with
 *     `text`): faults of open WebSocket connections, see socket-faults.mjs.
 */

/**
 * @typedef {object} HostFault
 * @property {HostFaultKind} fault
 * @property {string} [method]  matches only this method (`POST`, …)
 * @property {string} [path]    matches only paths (below the host's root, query excluded, e.g.
 *   `/api/attachments`) that this regular expression source finds
 * @property {number} [times]   how many requests it applies to; default 1
 * @property {number} [bytes]   `stall-body`: how many bytes go through before the stall
 * @property {string} [text]    `drop-socket-on`: what the host's bytes contain; `inject-socket-frame`: the frame's text
 */

/** @type {Map<string, (HostFault & { times: number })[]>} */
const faultsByHost = new Map();
/** @type {Map<string, (() => void)[]>} stalled bodies waiting for `host-release` */
const stalledByHost = new Map();

/** Adds a fault rule for host `id`; rules are tried in the order they were added. */
export function addHostFault(id, rule) {
  if (addSocketFault(id, rule)) return;
  const rules = faultsByHost.get(id) ?? [];
  rules.push({ ...rule, times: rule.times ?? 1 });
  faultsByHost.set(id, rules);
}

/** Removes the host's rules that have not fired yet. */
export function clearHostFaults(id) {
  faultsByHost.delete(id);
  clearSocketFaults(id);
}

/** Lets every stalled body of host `id` go on; resolves with how many there were. */
export function releaseStalledBodies(id) {
  const waiting = stalledByHost.get(id) ?? [];
  stalledByHost.delete(id);
  for (const release of waiting) release();
  return waiting.length;
}

/** The fault for this request, consuming one use of the first matching rule; `undefined` passes it. */
function takeFault(id, method, path) {
  const rules = faultsByHost.get(id) ?? [];
  const rule = rules.find((r) => (!r.method || r.method === method) && (!r.path || new RegExp(r.path).test(path)));
  if (!rule) return undefined;
  rule.times--;
  if (rule.times <= 0) rules.splice(rules.indexOf(rule), 1);
  return rule;
}

/** Splits `/t3-host/<id>/<rest>` into the host id and `/<rest>`; `undefined` for other URLs. */
function parseProxyUrl(url) {
  if (!url?.startsWith(HOST_PROXY_PREFIX)) return undefined;
  const rest = url.slice(HOST_PROXY_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash < 0) return { id: rest.split("?")[0], path: null };
  return { id: rest.slice(0, slash), path: rest.slice(slash) };
}

/** Koa middleware for the test runner's `middleware` option: proxies `/t3-host/<id>/…` requests. */
export async function hostProxyMiddleware(ctx, next) {
  const target = parseProxyUrl(ctx.url);
  if (!target) return next();
  ctx.respond = false; // this middleware writes the raw response itself
  const { req, res } = ctx;
  if (target.path === null) {
    // The demo page uses relative URLs: it must be loaded from `/t3-host/<id>/`.
    res.writeHead(308, { location: `${HOST_PROXY_PREFIX}${target.id}/` }).end();
    return;
  }
  const host = findTestHost(target.id);
  const rule = host ? takeFault(host.id, req.method, target.path.split("?")[0]) : undefined;
  if (!host?.running || rule?.fault === "refuse") {
    req.socket.destroy();
    return;
  }
  if (rule?.fault === "fail-500" || rule?.fault === "fail-503") {
    await drain(req);
    const status = rule.fault === "fail-500" ? 500 : 503;
    const body = JSON.stringify({ error: { code: "injected", message: `injected ${rule.fault}` } });
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
    return;
  }
  if (rule?.fault === "hang") {
    host.sockets.add(req.socket);
    req.socket.once("close", () => host.sockets.delete(req.socket));
    return;
  }
  if (rule?.fault === "late") return late(host, target.path, req);
  if (rule?.fault === "cut-body") return cutBody(host, target.path, req);
  if (rule?.fault === "duplicate") return duplicate(host, target.path, req, res);
  await forwardRequest(host, target.path, req, res, rule);
}

function drain(req) {
  return new Promise((done) => {
    req.on("end", done);
    req.on("error", done);
    req.resume();
  });
}

function forwardRequest(host, path, req, res, rule) {
  return new Promise((done) => {
    const finish = () => done(undefined);
    // No connection pooling: a stopped host leaves no idle socket behind for the next request.
    const upstream = forward(
      { host: "127.0.0.1", port: host.port, method: req.method, path, headers: upstreamHeaders(req, host.port), agent: false },
      (answer) => {
        if (rule?.fault === "drop-after-forward" || rule?.fault === "down-after-forward") {
          answer.resume();
          answer.on("end", async () => {
            if (rule.fault === "down-after-forward") await stopTestHost(host.id);
            req.socket.destroy();
            finish();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on("end", finish);
        answer.on("error", () => {
          req.socket.destroy();
          finish();
        });
      },
    );
    upstream.on("error", () => {
      req.socket.destroy();
      finish();
    });
    // Fires when the answer is done or the connection is gone (keep-alive sockets outlive requests).
    res.once("close", () => {
      if (!res.writableFinished) upstream.destroy();
      finish();
    });
    if (rule?.fault === "stall-body") void pipeStalled(host.id, req, upstream, rule.bytes ?? 0);
    else req.pipe(upstream);
  });
}

/**
 * Sends the first `bytes` of the body on, then reads nothing more until released: the browser's
 * socket buffers fill, so its upload stops part way, as on a slow link.
 */
async function pipeStalled(id, req, upstream, bytes) {
  let sent = 0;
  let released = false;
  const release = new Promise((resolve) => {
    const waiting = stalledByHost.get(id) ?? [];
    waiting.push(() => {
      released = true;
      resolve(undefined);
    });
    stalledByHost.set(id, waiting);
  });
  try {
    // While the loop waits, nothing reads the request: the stream pauses and TCP pushes back.
    for await (const chunk of req) {
      let rest = chunk;
      if (!released && sent + chunk.length > bytes) {
        const head = chunk.subarray(0, Math.max(0, bytes - sent));
        if (head.length > 0) upstream.write(head);
        await release;
        rest = chunk.subarray(head.length);
      }
      upstream.write(rest);
      sent += chunk.length;
    }
    upstream.end();
  } catch {
    upstream.destroy();
  }
}

/**
 * The WebSocket half of the proxy, for the test server's `serverStart` hook: upgrades of
 * `/t3-host/<id>/…` are piped to the host as raw TCP. Other upgrades (the test runner's own) are
 * left to their listeners. Of the faults, only `refuse` applies to upgrades (method `GET`).
 */
export function proxyHostUpgrades(server) {
  server.on("upgrade", (req, socket, head) => {
    const target = parseProxyUrl(req.url);
    if (!target) return;
    const host = target.path === null ? undefined : findTestHost(target.id);
    // An upgrade is a GET of its path: a `refuse` rule for it keeps the live socket from opening.
    const rule = host ? takeFault(host.id, req.method, target.path.split("?")[0]) : undefined;
    if (!host?.running || rule?.fault === "refuse") {
      socket.destroy();
      return;
    }
    const upstream = connect(host.port, "127.0.0.1", () => {
      const lines = [`${req.method} ${target.path} HTTP/1.1`];
      for (const [name, value] of Object.entries(upstreamHeaders(req, host.port))) {
        for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
      }
      upstream.write(lines.join("\r\n") + "\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      pipeWithFaults(host.id, socket, upstream, close);
    });
    host.sockets.add(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
      host.sockets.delete(socket);
    };
    socket.on("error", close);
    socket.on("close", close);
    upstream.on("error", close);
    upstream.on("close", close);
  });
}
