// `block-urls`, `hold-urls` and `release-urls` done by the test server itself, for the engines
// that have no DevTools protocol (Firefox over WebDriver BiDi, WebKit over WebDriver): a
// middleware in front of every file the page loads fails the requests that match a blocked
// pattern (a 503: a module or a fetch that cannot be loaded fails the same way) and holds those
// that match a held one until `release-urls`. The rules hold for every page of the server, so
// they are right only while one test file runs at a time, as it does in those engines
// (test/support/browsers.mjs); Chromium, which runs two files at once, keeps its page-scoped
// DevTools version (server-commands.mjs).

import { ENGINE } from "./browsers.mjs";

/** How long `release-urls` waits for the requests it expects, and how often it looks, in ms. */
const HOLD_WAIT_MS = 10_000;
const HOLD_POLL_MS = 10;
/** What a blocked request gets: Service Unavailable. Dropping the connection instead makes
 * browsers retry the request on a new one. */
const BLOCKED_STATUS = 503;

let blocked = [];
let holding = [];
/** The held requests: each one's function that lets it go on. */
let held = [];

/** A `*`-wildcard pattern over the whole URL (origin, path and query), as the DevTools protocol's. */
function toRegExp(pattern) {
  return new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
}

const matches = (rules, url) => rules.some((rule) => rule.test(url));

/**
 * The middleware: blocked requests fail, held ones wait for `release-urls`, and outside Chromium
 * (whose DevTools rules see cached files too) nothing is kept in the browser's cache.
 */
export async function urlRulesMiddleware(ctx, next) {
  const url = `${ctx.protocol}://${ctx.host}${ctx.originalUrl}`;
  if (matches(blocked, url)) {
    ctx.status = BLOCKED_STATUS;
    ctx.set("Cache-Control", "no-store");
    ctx.body = "blocked by the test (block-urls)";
    return;
  }
  if (matches(holding, url)) await new Promise((resolve) => held.push(resolve));
  if (ENGINE !== "chromium") unstored(ctx.res);
  await next();
}

/**
 * Marks what `res` answers `no-store`, so that the browser asks again every time: its cache would
 * otherwise answer a file it fetched before without a request, which no rule could then block or
 * hold. The header is set as the headers go out, not here: the test runner's own middleware,
 * which runs around ours, marks every file cacheable for a year once ours is done
 * (@web/test-runner-core's cacheMiddleware), and the host proxy writes the host's headers itself
 * (host-proxy.mjs).
 */
function unstored(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const headers = rest.find((arg) => arg !== null && typeof arg === "object" && !Array.isArray(arg));
    for (const name of Object.keys(headers ?? {})) if (name.toLowerCase() === "cache-control") delete headers[name];
    this.setHeader("Cache-Control", "no-store");
    return writeHead.call(this, status, ...rest);
  };
}

async function release(expected) {
  for (const started = Date.now(); held.length < expected && Date.now() - started < HOLD_WAIT_MS; ) {
    await new Promise((resolve) => setTimeout(resolve, HOLD_POLL_MS));
  }
  const going = held.splice(0);
  holding = [];
  for (const go of going) go();
  return going.length;
}

/** The commands, answered from the server: same payloads and answers as the DevTools ones. */
export function urlRulesPlugin() {
  return {
    name: "t3-url-rules",
    async executeCommand({ command, payload }) {
      if (command === "block-urls") {
        blocked = payload.patterns.map(toRegExp);
        return true;
      }
      if (command === "hold-urls") {
        holding = payload.patterns.map(toRegExp);
        return true;
      }
      if (command === "release-urls") return release(payload?.expected ?? 0);
      return undefined;
    },
    async serverStop() {
      blocked = [];
      await release(0);
    },
  };
}
