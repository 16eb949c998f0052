// A throwaway PostgreSQL server for the host's multi-process tests: a fresh cluster in a temporary
// folder on a free port of 127.0.0.1, run as the unprivileged `postgres` user when the tests run
// as root (initdb and postgres refuse root), and stopped by its PID.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { ensurePostgres } from "../../../scripts/postgres.mjs";

/** How long the server may take to accept connections (a fresh cluster starts in about a second). */
const START_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
/** The user a root test run starts the server as (Debian's package creates it). */
const SERVER_USER = "postgres";

export interface TestPostgres {
  /** A database of its own on the server: `postgres://…`. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** `{ uid, gid }` of the server user when running as root; nothing otherwise. */
function serverIdentity(): { uid: number; gid: number } | Record<string, never> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, SERVER_USER], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = ensurePostgres();
  const dir = await mkdtemp(join(tmpdir(), "t3-pg-"));
  const identity = serverIdentity();
  if ("uid" in identity) chownSync(dir, identity.uid, identity.gid);
  const data = join(dir, "data");
  execFileSync(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], { ...identity, stdio: "ignore" });
  const port = await freePort();
  const server: ChildProcess = spawn(join(bin, "postgres"), ["-D", data, "-k", dir, "-h", "127.0.0.1", "-p", String(port), "-c", "fsync=off"], {
    ...identity,
    stdio: "ignore",
  });
  const base = `postgres://postgres@127.0.0.1:${port}`;
  await waitForServer(`${base}/postgres`, server);
  return {
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return `${base}/${name}`;
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((done) => server.once("exit", done));
        // SIGINT: PostgreSQL's fast shutdown (sessions are ended, nothing is waited for).
        process.kill(server.pid!, "SIGINT");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited with ${server.exitCode} before it accepted connections`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
  }
}
