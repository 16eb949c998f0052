// Two host processes on one SQLite file (one data dir, no DATABASE_URL): every write takes the
// lock when its transaction begins and waits for it (docs/host.md, "The stores"), so
// concurrent posts split across both processes all succeed, and duplicates are stored once. The
// first version failed 17–21% of such posts with 500 (`SQLITE_BUSY_SNAPSHOT`).
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { SentMessage } from "../../../src/transport/index.js";
import { textMessage } from "../support/fixtures.js";
import { startHostProcess, type HostProcess } from "../support/host-process.js";

/** Posts of the concurrency test, and how many are in flight at once. */
const POSTS = 200;
const CONCURRENCY = 16;
const DUPLICATES = 40;

let dataDir: string;
let hosts: HostProcess[];

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "t3-sqlite-procs-"));
  hosts = [];
  // One after another: the first creates the schema, the second finds it.
  for (let i = 0; i < 2; i++) hosts.push(await startHostProcess({ T3_DATA_DIR: dataDir }));
});
after(async () => {
  await Promise.all((hosts ?? []).map((host) => host.stop()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function post(host: HostProcess, threadId: string, body: unknown): Promise<Response> {
  return fetch(`${host.apiUrl}/threads/${threadId}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function listIds(host: HostProcess, threadId: string): Promise<string[]> {
  const response = await fetch(`${host.apiUrl}/threads/${threadId}/messages?limit=500`);
  assert.equal(response.status, 200);
  return ((await response.json()) as SentMessage[]).map((message) => message.id);
}

describe("host processes sharing one SQLite file", () => {
  it(`answers ${POSTS} concurrent posts split across two processes with 201, and stores each`, async () => {
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < POSTS) {
        const n = next++;
        const response = await post(hosts[n % hosts.length]!, "sqlite-shared", textMessage(`post ${n}`));
        statuses.push(response.status);
        if (response.status === 201) acknowledged.push(((await response.json()) as SentMessage).id);
        else await response.body?.cancel();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    assert.deepEqual(statuses.filter((status) => status !== 201), []);
    // Each process lists what the other stored.
    for (const host of hosts) assert.deepEqual(new Set(await listIds(host, "sqlite-shared")), new Set(acknowledged));
  });

  it(`stores ${DUPLICATES} concurrent duplicates split across both processes once`, async () => {
    const message = textMessage("only once");
    const responses = await Promise.all(Array.from({ length: DUPLICATES }, (_, i) => post(hosts[i % hosts.length]!, "sqlite-dupes", message)));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as SentMessage[];
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 201).length, 1);
    assert.equal(statuses.filter((status) => status === 200).length, DUPLICATES - 1);
    const ids = await listIds(hosts[1]!, "sqlite-dupes");
    assert.equal(ids.length, 1);
    assert.deepEqual(new Set(bodies.map((body) => body.id)), new Set(ids));
  });
});
