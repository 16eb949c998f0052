import assert from "node:assert/strict";
import { readFile, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import { PNG_BYTES } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

const LIMIT = 100;
let host: TestHost;
before(async () => {
  host = await startTestHost({ uploadBytes: LIMIT });
});
after(() => host.stop());

const THREAD = "attachments-thread";

function upload(body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${host.apiUrl}/attachments`, { method: "POST", body, headers: { "x-t3-thread-id": THREAD, ...headers } });
}

describe("POST /api/attachments", () => {
  it("streams the bytes to disk and answers 201 with a pending id", async () => {
    const response = await upload(PNG_BYTES, { "content-type": "image/png", "x-file-name": encodeURIComponent("écran 1.png") });
    assert.equal(response.status, 201);
    const body = (await response.json()) as { attachmentId: string };
    assert.match(body.attachmentId, /^upload_[a-z0-9]{16}$/);
    assert.deepEqual(body, { attachmentId: body.attachmentId, mimeType: "image/png", sizeBytes: PNG_BYTES.length });
    assert.deepEqual(host.rows("SELECT state, thread_id, name, mime_type, size_bytes, file FROM attachments WHERE pending_id = ?", body.attachmentId), [
      { state: "pending", thread_id: THREAD, name: "écran 1.png", mime_type: "image/png", size_bytes: PNG_BYTES.length, file: `attachments/${body.attachmentId}` },
    ]);
    assert.deepEqual(new Uint8Array(await readFile(join(host.dataDir, "attachments", body.attachmentId))), PNG_BYTES);
  });

  it("sniffs the type from the bytes, not from the content-type header", async () => {
    const response = await upload(PNG_BYTES, { "content-type": "text/html" });
    assert.equal(((await response.json()) as { mimeType: string }).mimeType, "image/png");
  });

  it("stores HTML declared as HTML as plain text", async () => {
    const response = await upload("<script>alert(1)</script>", { "content-type": "text/html" });
    assert.equal(((await response.json()) as { mimeType: string }).mimeType, "text/plain");
  });

  it("accepts a body of exactly the limit", async () => {
    const response = await upload(new Uint8Array(LIMIT));
    assert.equal(response.status, 201);
  });

  it("refuses a body over the limit with 413 and keeps nothing", async () => {
    const rowsBefore = host.rows("SELECT pending_id FROM attachments");
    const filesBefore = await host.files();
    const response = await upload(new Uint8Array(LIMIT + 1));
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { error: { code: "too-large", message: `The body is larger than ${LIMIT} bytes` } });
    assert.deepEqual(host.rows("SELECT pending_id FROM attachments"), rowsBefore);
    assert.deepEqual(await host.files(), filesBefore);
  });

  it("keeps only the last part of a file name that holds a path, without control characters", async () => {
    const response = await upload("x", { "x-file-name": encodeURIComponent("../../etc/pass\u0007wd") });
    const { attachmentId } = (await response.json()) as { attachmentId: string };
    assert.deepEqual(host.rows("SELECT name FROM attachments WHERE pending_id = ?", attachmentId), [{ name: "passwd" }]);
  });

  it("names an upload without x-file-name `attachment`", async () => {
    const { attachmentId } = (await (await upload("x")).json()) as { attachmentId: string };
    assert.deepEqual(host.rows("SELECT name FROM attachments WHERE pending_id = ?", attachmentId), [{ name: "attachment" }]);
  });
});

describe("GET /api/attachments/{id}", () => {
  it("serves the bytes with the sniffed type and headers that keep them inert", async () => {
    const { attachmentId } = (await (await upload(PNG_BYTES, { "x-file-name": "a.png" })).json()) as { attachmentId: string };
    const response = await fetch(`${host.apiUrl}/attachments/${attachmentId}`);
    assert.equal(response.status, 200);
    assert.deepEqual(
      ["content-type", "content-length", "x-content-type-options", "content-disposition", "cache-control", "content-security-policy"].map((h) =>
        response.headers.get(h),
      ),
      ["image/png", String(PNG_BYTES.length), "nosniff", "inline; filename*=UTF-8''a.png", "no-store", "default-src 'none'; sandbox"],
    );
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), PNG_BYTES);
  });

  it("serves text as an attachment download with a charset", async () => {
    const { attachmentId } = (await (await upload("hello", { "x-file-name": "notes.txt" })).json()) as { attachmentId: string };
    const response = await fetch(`${host.apiUrl}/attachments/${attachmentId}`);
    assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.equal(response.headers.get("content-disposition"), "attachment; filename*=UTF-8''notes.txt");
    assert.equal(await response.text(), "hello");
  });

  it("answers 404 for an unknown id", async () => {
    const response = await fetch(`${host.apiUrl}/attachments/upload_nope`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: { code: "not-found", message: "No attachment upload_nope" } });
  });

  it("answers 405 with Allow for a method the route does not take", async () => {
    const response = await fetch(`${host.apiUrl}/attachments/upload_nope`, { method: "DELETE" });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "GET");
  });
});

describe("the storage sweep", () => {
  it("deletes uploads pending longer than the TTL, rows and bytes, and keeps fresh ones", async () => {
    const { attachmentId: old } = (await (await upload("old")).json()) as { attachmentId: string };
    const { attachmentId: fresh } = (await (await upload("fresh")).json()) as { attachmentId: string };
    // A second connection backdates one upload, as if it had been waiting for a day.
    const writer = new Database(host.dbPath);
    writer.prepare("UPDATE attachments SET created_at = ? WHERE pending_id = ?").run("2000-01-01T00:00:00.000Z", old);
    writer.close();
    const removed = await host.kit.sweep();
    assert.equal(removed.expired, 1);
    assert.deepEqual(host.rows("SELECT pending_id FROM attachments WHERE pending_id IN (?, ?)", old, fresh), [{ pending_id: fresh }]);
    const files = await host.files();
    assert.equal(files.includes(old), false);
    assert.equal(files.includes(fresh), true);
  });
});

describe("an upload aborted half way", () => {
  it("leaves no row and no file behind", async () => {
    const rowsBefore = host.rows("SELECT pending_id FROM attachments");
    const filesBefore = await host.files();
    const url = new URL(`${host.apiUrl}/attachments`);
    const upload = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { "content-length": String(LIMIT), "x-t3-thread-id": THREAD },
    });
    upload.on("error", () => {});
    upload.write(new Uint8Array(LIMIT / 2));
    // Wait until the host has started writing the partial file, then hang up.
    await waitFor(async () => (await host.files()).some((f) => f.endsWith(".part")), "the partial file");
    upload.destroy();
    await waitFor(async () => !(await host.files()).some((f) => f.endsWith(".part")), "the partial file to go");
    assert.deepEqual(await host.files(), filesBefore);
    assert.deepEqual(host.rows("SELECT pending_id FROM attachments"), rowsBefore);
  });
});

/** Runs `act` while recording what the host writes with `console.error`, and answers it. */
async function consoleErrorsDuring(act: () => Promise<void>): Promise<unknown[]> {
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    await act();
  } finally {
    console.error = error;
  }
  return logged;
}

describe("a request whose client went away", () => {
  it("is answered as client-gone and not logged as an internal error", async () => {
    const logged = await consoleErrorsDuring(async () => {
      // What Node's body stream does when the connection closes mid-body: half the bytes, then
      // an "aborted" error of code ECONNRESET (node.ts hands the kit that stream).
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(LIMIT / 2));
          controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      });
      const cut = new Request(`${host.apiUrl}/attachments`, {
        method: "POST",
        body,
        headers: { "content-length": String(LIMIT), "x-t3-thread-id": THREAD },
        duplex: "half",
      } as RequestInit);
      const answer = await host.kit.fetch(cut);
      assert.deepEqual([answer.status, ((await answer.json()) as { error: { code: string } }).error.code], [400, "client-gone"]);
    });
    assert.deepEqual(logged, []);
  });

  it("is answered as client-gone when the request's own signal stopped it", async () => {
    const logged = await consoleErrorsDuring(async () => {
      // node.ts aborts the request's signal when the client leaves; a body read on it then fails
      // with an AbortError rather than Node's ECONNRESET.
      const left = new AbortController();
      left.abort();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.error(new DOMException("The client left", "AbortError"));
        },
      });
      const stopped = new Request(`${host.apiUrl}/attachments`, { method: "POST", body, headers: { "x-t3-thread-id": THREAD }, duplex: "half", signal: left.signal } as RequestInit);
      const answer = await host.kit.fetch(stopped);
      assert.deepEqual([answer.status, ((await answer.json()) as { error: { code: string } }).error.code], [400, "client-gone"]);
    });
    assert.deepEqual(logged, []);
  });

  it("is still logged when the host itself fails", async () => {
    const logged = await consoleErrorsDuring(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.error(new Error("the disk is on fire"));
        },
      });
      const broken = new Request(`${host.apiUrl}/attachments`, { method: "POST", body, headers: { "x-t3-thread-id": THREAD }, duplex: "half" } as RequestInit);
      assert.equal((await host.kit.fetch(broken)).status, 500);
    });
    assert.equal(logged.length, 1);
  });
});

describe("the storage sweep after a crash", () => {
  it("deletes stranded .part files and files no row names, keeping recorded files and fresh ones", async () => {
    const { attachmentId: kept } = (await (await upload("kept")).json()) as { attachmentId: string };
    const dir = join(host.dataDir, "attachments");
    const longAgo = new Date("2000-01-01T00:00:00Z");
    for (const name of ["upload_cutoffmidbody.part", "upload_neverrecorded"]) {
      await writeFile(join(dir, name), "stranded");
      await utimes(join(dir, name), longAgo, longAgo);
    }
    // Written just now: another process may be recording it this moment.
    await writeFile(join(dir, "upload_beingrecorded"), "fresh");
    await utimes(join(dir, kept), longAgo, longAgo);
    const result = await host.kit.sweep();
    assert.equal(result.stranded, 2);
    const files = await host.files();
    assert.deepEqual(
      ["upload_cutoffmidbody.part", "upload_neverrecorded", "upload_beingrecorded", kept].map((f) => files.includes(f)),
      [false, false, true, true],
    );
  });
});
