// Test-runner server commands that give a browser test its own reference host: started on a free
// port with a temporary data folder, behind a fault proxy (which also grants the test page, served
// from another origin, the CORS the host does not), stopped and started again on the same port
// and data, and its SQLite file read the way an operator would.
//
//   host-start  { limits? }                       → { id, apiUrl, directApiUrl }
//   host-stop   { id }                            stops it and deletes its data
//   host-down   { id } / host-up { id }           the host process goes away / comes back (same port, same data)
//   host-faults { id, route, faults?, always? }   faults for "messages" posts, "uploads", or "any" request
//   host-socket { id, dropOn?, dropAll?, duplicate? }  WebSocket faults (see fault-proxy.ts)
//   host-rows   { id, sql, params? }              rows of a read-only SELECT against its database
//   host-seen   { id }                            the requests the proxy saw: [{ method, path }]
//   host-files  { id }                            the files in its attachments folder
//
// The host and the proxy are the TypeScript modules the Node tests use, loaded with tsx.
import Database from "better-sqlite3";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";

const ROUTES = {
  messages: (request) => request.method === "POST" && /\/messages$/.test(request.url ?? ""),
  uploads: (request) => request.method === "POST" && /\/attachments$/.test(request.url ?? ""),
  any: () => true,
};

let modules;
function load() {
  modules ??= Promise.all([
    tsImport("../../demo/host/server.ts", import.meta.url),
    tsImport("../node/support/fault-proxy.ts", import.meta.url),
  ]).then(([server, proxy]) => ({ startHost: server.startHost, startFaultProxy: proxy.startFaultProxy, FAULTS: proxy.FAULTS }));
  return modules;
}

/** Running hosts by id: { host (null while down), proxy, dataDir, dbPath, port, limits }. */
const hosts = new Map();
let nextId = 1;

function get(id) {
  const entry = hosts.get(id);
  if (!entry) throw new Error(`No test host ${JSON.stringify(id)}`);
  return entry;
}

async function start({ limits } = {}) {
  const { startHost, startFaultProxy } = await load();
  const dataDir = await mkdtemp(join(tmpdir(), "t3-browser-host-"));
  const host = await startHost({ port: 0, dataDir, ...(limits ? { limits } : {}) });
  const port = Number(new URL(host.url).port);
  const proxy = await startFaultProxy(host.url, ROUTES.any, { cors: true });
  const id = `host-${nextId++}`;
  hosts.set(id, { host, proxy, dataDir, dbPath: host.dbPath, port, limits });
  return { id, apiUrl: proxy.apiUrl, directApiUrl: host.apiUrl };
}

async function stop({ id }) {
  const entry = hosts.get(id);
  if (!entry) return false;
  hosts.delete(id);
  await entry.proxy.close();
  await entry.host?.close();
  await rm(entry.dataDir, { recursive: true, force: true });
  return true;
}

async function down({ id }) {
  const entry = get(id);
  await entry.host?.close();
  entry.host = null;
  return true;
}

async function up({ id }) {
  const entry = get(id);
  if (entry.host) return true;
  const { startHost } = await load();
  entry.host = await startHost({ port: entry.port, dataDir: entry.dataDir, ...(entry.limits ? { limits: entry.limits } : {}) });
  return true;
}

async function faults({ id, route = "any", faults = [], always = "pass" }) {
  const { FAULTS } = await load();
  const { proxy } = get(id);
  if (!ROUTES[route]) throw new Error(`Unknown route ${JSON.stringify(route)}: ${Object.keys(ROUTES).join(", ")}`);
  for (const fault of [...faults, always]) if (!FAULTS.includes(fault)) throw new Error(`Unknown fault ${JSON.stringify(fault)}`);
  proxy.match = ROUTES[route];
  proxy.faults.splice(0, proxy.faults.length, ...faults);
  proxy.always = always;
  return true;
}

function socket({ id, dropOn, dropAll, duplicate }) {
  const { proxy } = get(id);
  if (dropOn) proxy.dropSocketOnNext(dropOn);
  if (dropAll) proxy.dropSockets();
  if (duplicate) proxy.duplicateNextSocketChunk();
  return true;
}

/** A SELECT on a connection of its own, so that it works across a restart of the host. */
function rows({ id, sql, params = [] }) {
  const { dbPath } = get(id);
  if (!/^\s*select\b/i.test(sql)) throw new Error(`host-rows only reads: ${sql}`);
  const reader = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return reader.prepare(sql).all(...params);
  } finally {
    reader.close();
  }
}

async function files({ id }) {
  const { dataDir } = get(id);
  return (await readdir(join(dataDir, "attachments")).catch(() => [])).sort();
}

const COMMANDS = {
  "host-start": start,
  "host-stop": stop,
  "host-down": down,
  "host-up": up,
  "host-faults": faults,
  "host-socket": socket,
  "host-rows": rows,
  "host-seen": ({ id }) => get(id).proxy.seen.map(({ method, path }) => ({ method, path })),
  "host-files": files,
};

export function hostCommandsPlugin() {
  return {
    name: "t3-host-commands",
    async executeCommand({ command, payload }) {
      const run = COMMANDS[command];
      return run ? run(payload ?? {}) : undefined;
    },
    async serverStop() {
      await Promise.all([...hosts.keys()].map((id) => stop({ id })));
    },
  };
}
