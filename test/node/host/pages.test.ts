// `GET …/messages?limit=&before=`: pages, newest first, bounded by default.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { SentMessage } from "../../../src/transport/index.js";
import { textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";

const PAGE_SIZE = 3;
const PAGE_SIZE_MAX = 4;
const THREAD = "paged";
const COUNT = 7;

let host: TestHost;
let ids: string[];
before(async () => {
  host = await startTestHost({ pageSize: PAGE_SIZE, pageSizeMax: PAGE_SIZE_MAX });
  ids = [];
  for (let i = 0; i < COUNT; i++) {
    const response = await fetch(`${host.apiUrl}/threads/${THREAD}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(textMessage(`m${i}`)),
    });
    ids.push(((await response.json()) as SentMessage).id);
  }
});
after(() => host.stop());

async function page(query: string): Promise<string[]> {
  const response = await fetch(`${host.apiUrl}/threads/${THREAD}/messages${query}`);
  assert.equal(response.status, 200);
  return ((await response.json()) as SentMessage[]).map((m) => m.id);
}

describe("GET /api/threads/{threadId}/messages pages", () => {
  it("answers the newest page, oldest first within it, bounded by pageSize without a limit", async () => {
    assert.deepEqual(await page(""), ids.slice(COUNT - PAGE_SIZE));
  });

  it("answers the page just older than `before`, and an empty page past the oldest", async () => {
    assert.deepEqual(await page(`?limit=2&before=${ids[5]}`), [ids[3], ids[4]]);
    assert.deepEqual(await page(`?limit=2&before=${ids[1]}`), [ids[0]]);
    assert.deepEqual(await page(`?limit=2&before=${ids[0]}`), []);
  });

  it("caps the limit at pageSizeMax and refuses a limit that is not a whole number", async () => {
    assert.deepEqual(await page("?limit=100"), ids.slice(COUNT - PAGE_SIZE_MAX));
    assert.equal((await fetch(`${host.apiUrl}/threads/${THREAD}/messages?limit=-1`)).status, 400);
  });
});
