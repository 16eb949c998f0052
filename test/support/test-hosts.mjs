// Reference hosts for browser tests. Each one is the real host of `demo/host/` (`startHost`),
// running inside the test runner's Node process on a free port of 127.0.0.1 with its own
// temporary data folder. A host can be stopped (its port closes: the page sees a host that is
// down) and started again on the same port with the same data, and its SQLite file can be read
// the way an operator would, through a second, read-only connection.
//
// The page reaches a host through the test server's proxy (`host-proxy.mjs`), so that the demo
// page and the test page share an origin; `server-commands.mjs` exposes all of this to tests.
import Database from "better-sqlite3";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";

/**
 * @typedef {object} TestHost
 * @property {string} id         the handle tests pass back to the commands
 * @property {string} dataDir    the temporary data folder
 * @property {number} port       the port, kept across restarts
 * @property {object | undefined} limits  the `HostLimits` overrides it was started with
 * @property {object | undefined} assistant  the simulated assistant's options (`{ wordMs }`), or `undefined` for none
 * @property {{ url: string, apiUrl: string, dbPath: string, close(): Promise<void> } | null} running
 *   the running host, or `null` while it is stopped
 * @property {string} dbPath     the SQLite file
 * @property {Set<import("node:net").Socket>} sockets  client sockets the proxy holds for it (hung requests, live sockets)
 */

/** @type {Map<string, TestHost>} */
const hosts = new Map();
let lastId = 0;

// Node 20 cannot import TypeScript: tsx compiles the host's sources for this process only.
let serverModule;
function loadServer() {
  serverModule ??= tsImport("../../demo/host/server.ts", import.meta.url);
  return serverModule;
}

/** What `startHost` (demo/host/server.ts) is given besides the port and the data folder. */
function hostOptions(host) {
  return { ...(host.limits ? { limits: host.limits } : {}), ...(host.assistant ? { assistant: host.assistant } : {}) };
}

/**
 * Starts a host on a free port with a fresh data folder; `limits` overrides `DEFAULT_LIMITS`, and
 * `assistant` (`{ wordMs }`) runs the simulated assistant.
 */
export async function startTestHost(limits, assistant) {
  const { startHost } = await loadServer();
  const dataDir = await mkdtemp(join(tmpdir(), "t3-e2e-host-"));
  const running = await startHost({ port: 0, dataDir, ...hostOptions({ limits, assistant }) });
  const id = String(++lastId);
  const host = { id, dataDir, port: Number(new URL(running.url).port), limits, assistant, running, dbPath: running.dbPath, sockets: new Set() };
  hosts.set(id, host);
  return host;
}

/** The host with this id; throws for an unknown one (a test passing a stale handle). */
export function testHost(id) {
  const host = hosts.get(String(id));
  if (!host) throw new Error(`No test host ${JSON.stringify(id)}`);
  return host;
}

/** The host with this id, or `undefined`: for the proxy, which must not throw on a stray URL. */
export function findTestHost(id) {
  return hosts.get(id);
}

/**
 * Stops the host as if it went down: the port closes and every connection drops (the proxy's
 * sockets to the page too). Its data stays for `restartTestHost`. Stopping a stopped host does nothing.
 */
export async function stopTestHost(id) {
  const host = testHost(id);
  const running = host.running;
  host.running = null;
  for (const socket of host.sockets) socket.destroy();
  host.sockets.clear();
  if (running) await running.close();
}

/** Starts a stopped host again on its port with its data; a running host is left as it is. */
export async function restartTestHost(id) {
  const host = testHost(id);
  if (host.running) return;
  const { startHost } = await loadServer();
  host.running = await startHost({ port: host.port, dataDir: host.dataDir, ...hostOptions(host) });
}

/** Rows of one SQL statement against the host's database, read-only; works while it is stopped too. */
export function queryTestHost(id, sql, params = []) {
  const host = testHost(id);
  const reader = new Database(host.dbPath, { readonly: true, fileMustExist: true });
  try {
    return reader.prepare(sql).all(...params);
  } finally {
    reader.close();
  }
}

/** The files in the host's attachments folder, sorted (a partial upload ends in `.part`). */
export async function listTestHostFiles(id) {
  const host = testHost(id);
  return (await readdir(join(host.dataDir, "attachments")).catch(() => [])).sort();
}

/** Stops the host and deletes its data folder. */
export async function disposeTestHost(id) {
  const host = testHost(id);
  await stopTestHost(id);
  hosts.delete(host.id);
  await rm(host.dataDir, { recursive: true, force: true });
}

/** Disposes every host still there (the test run is ending). */
export async function disposeAllTestHosts() {
  await Promise.all([...hosts.keys()].map((id) => disposeTestHost(id)));
}
