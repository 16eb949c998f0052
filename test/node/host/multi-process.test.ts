// Several host processes on one PostgreSQL database (a real server, started for this file):
// pushes reach every process's sockets, idempotency holds across processes, and a process killed
// under load loses nothing it acknowledged.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import WebSocket from "ws";
import type { SentMessage } from "../../../src/transport/index.js";
import { textMessage } from "../support/fixtures.js";
import { startHostProcess, type HostProcess } from "../support/host-process.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { waitFor } from "../support/wait.js";

/** Posts of the crash test, at most, and how many run at once. */
const LOAD_POSTS_MAX = 400;
const LOAD_CONCURRENCY = 8;
/** Acknowledged posts before the process is killed. */
const ACKED_BEFORE_KILL = 40;
const DUPLICATES = 50;

let server: TestPostgres;
let databaseUrl: string;
let dataDir: string;
let hosts: HostProcess[];
let db: pg.Client;

before(async () => {
  server = await startPostgres();
  databaseUrl = await server.createDatabase("t3_multi_process");
  dataDir = await mkdtemp(join(tmpdir(), "t3-multi-"));
  hosts = [];
  // One after another: the first creates the schema, the others find it (either would do, under the migration lock).
  for (let i = 0; i < 3; i++) hosts.push(await startHostProcess({ DATABASE_URL: databaseUrl, T3_DATA_DIR: dataDir }));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
after(async () => {
  await db?.end();
  await Promise.all((hosts ?? []).map((host) => host.stop()));
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function post(host: HostProcess, threadId: string, body: unknown) {
  return fetch(`${host.apiUrl}/threads/${threadId}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function messageIds(threadId: string): Promise<string[]> {
  return (await db.query<{ id: string }>("SELECT id FROM messages WHERE thread_id = $1 ORDER BY seq", [threadId])).rows.map((row) => row.id);
}

describe("host processes sharing one PostgreSQL database", () => {
  it("pushes a message posted to process B to a socket on process A", async () => {
    const [a, b] = hosts as [HostProcess, HostProcess];
    const socket = new WebSocket(`${a.apiUrl.replace("http", "ws")}/threads/shared-live/live`);
    const frames: { type: string; message?: SentMessage }[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
    await once(socket, "open");
    try {
      const response = await post(b, "shared-live", textMessage("from B"));
      assert.equal(response.status, 201);
      const sent = (await response.json()) as SentMessage;
      await waitFor(() => frames.length > 0, "the push on A");
      // A's own base URL, not B's: the push was serialized by the process that sent it.
      assert.deepEqual(frames, [{ type: "message", message: sent }]);
    } finally {
      socket.terminate();
    }
  });

  it("stores 50 concurrent duplicates split across three processes once, and answers each with that message", async () => {
    const message = textMessage("only once");
    const responses = await Promise.all(Array.from({ length: DUPLICATES }, (_, i) => post(hosts[i % hosts.length]!, "shared-dupes", message)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as SentMessage[];
    const statuses = responses.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 201).length, 1);
    assert.equal(statuses.filter((s) => s === 200).length, DUPLICATES - 1);
    const ids = await messageIds("shared-dupes");
    assert.equal(ids.length, 1);
    assert.deepEqual(new Set(bodies.map((b) => b.id)), new Set(ids));
  });

  it("loses nothing acknowledged when a process is killed under load", async () => {
    const victim = hosts[2]!;
    const acknowledged: string[] = [];
    let sent = 0;
    let killed: Promise<void> | undefined;
    const worker = async (lane: number) => {
      while (sent < LOAD_POSTS_MAX && !killed) {
        const n = sent++;
        // Half the load goes to the survivor, half to the process that will die.
        const target = n % 2 === 0 ? victim : hosts[lane % 2]!;
        try {
          const response = await post(target, "shared-crash", textMessage(`load ${n}`));
          if (response.status === 201) acknowledged.push(((await response.json()) as SentMessage).id);
        } catch {
          // The killed process's connections fail: those posts were never acknowledged.
        }
        if (acknowledged.length >= ACKED_BEFORE_KILL && !killed) killed = victim.kill();
      }
    };
    await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, (_, lane) => worker(lane)));
    await killed;
    hosts.pop();
    assert.ok(acknowledged.length >= ACKED_BEFORE_KILL);
    const stored = new Set(await messageIds("shared-crash"));
    assert.deepEqual(acknowledged.filter((id) => !stored.has(id)), []);
    // The survivors still take posts.
    assert.equal((await post(hosts[0]!, "shared-crash", textMessage("after the crash"))).status, 201);
  });
});

function once(socket: WebSocket, event: "open"): Promise<void> {
  return new Promise((done, fail) => {
    socket.once(event, () => done());
    socket.once("error", fail);
  });
}
