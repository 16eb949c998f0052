// `steer: true` on a post (docs/host.md, "The protocol"; docs/composer.md, "Queued follow-ups"):
// the reference host stores the flag and answers it back, in SQLite and in PostgreSQL; a post
// without it is stored as not steering, and a repeated post answers the row stored first.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { startHost, type RunningHost } from "../../../demo/host/server.js";
import type { SentMessage } from "../../../src/transport/index.js";
import { textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";

function post(apiUrl: string, threadId: string, body: unknown) {
  return fetch(`${apiUrl}/threads/${threadId}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function sent(response: Response): Promise<SentMessage> {
  assert.ok(response.status === 200 || response.status === 201, `status ${response.status}`);
  return (await response.json()) as SentMessage;
}

/** The same checks against a store, given how to read its `steer` column by message id. */
function steerSuite(api: () => string, steerOf: (id: string) => Promise<unknown>, stored: { yes: unknown; no: unknown }) {
  it("stores steer: true and answers it back", async () => {
    const message = { ...textMessage("stop and look at the tests"), steer: true };
    const result = await sent(await post(api(), "steer-1", message));
    assert.equal(result.steer, true);
    assert.equal(await steerOf(result.id), stored.yes);
    const listed = (await (await fetch(`${api()}/threads/steer-1/messages`)).json()) as SentMessage[];
    assert.deepEqual(listed.map((m) => m.steer), [true]);
  });

  it("stores a post without steer (or with steer: false) as not steering, and answers no steer field", async () => {
    const plain = await sent(await post(api(), "steer-2", textMessage("plain")));
    const no = await sent(await post(api(), "steer-2", { ...textMessage("explicitly not"), steer: false }));
    for (const result of [plain, no]) {
      assert.equal("steer" in result, false);
      assert.equal(await steerOf(result.id), stored.no);
    }
  });

  it("answers a repeated steering post with the row stored first", async () => {
    const message = { ...textMessage("once"), steer: true };
    const first = await sent(await post(api(), "steer-3", message));
    const again = await sent(await post(api(), "steer-3", message));
    assert.deepEqual(again, first);
  });

  it("refuses a steer that is not a boolean, naming the field", async () => {
    const response = await post(api(), "steer-4", { ...textMessage("x"), steer: "yes" });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: { issues: { path: string }[] } };
    assert.deepEqual(body.error.issues.map((issue) => issue.path), ["steer"]);
  });
}

describe("steer on the SQLite store", () => {
  let host: TestHost;
  before(async () => {
    host = await startTestHost();
  });
  after(() => host.stop());
  steerSuite(
    () => host.apiUrl,
    async (id) => host.rows<{ steer: number }>("SELECT steer FROM messages WHERE id = ?", id)[0]?.steer,
    { yes: 1, no: 0 },
  );
});

describe("steer on the PostgreSQL store", () => {
  let server: TestPostgres;
  let host: RunningHost;
  let db: pg.Client;
  let dataDir: string;
  before(async () => {
    server = await startPostgres();
    const databaseUrl = await server.createDatabase("t3_steer");
    dataDir = await mkdtemp(join(tmpdir(), "t3-steer-"));
    host = await startHost({ port: 0, dataDir, databaseUrl });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await host?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  steerSuite(
    () => host.apiUrl,
    async (id) => (await db.query<{ steer: boolean }>("SELECT steer FROM messages WHERE id = $1", [id])).rows[0]?.steer,
    { yes: true, no: false },
  );
});
