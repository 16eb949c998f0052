// The XMLHttpRequest upload path, against a fake XMLHttpRequest (Node has none); the browser e2e
// covers the real one.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { ComposerError, HostResponseError, createFetchTransport } from "../../../src/transport/index.js";
import { createFetchTransportWithClock } from "../../../src/transport/fetch-transport.js";
import { networkChunk } from "../../../src/transport/network-chunk.js";
import { ManualClock } from "../support/clock.js";
import { abortReason } from "../support/fixtures.js";

// The adapters' requests are a chunk loaded when the first one is created (docs/transport.md).
// These tests drive the fake XMLHttpRequest right after a call, which reaches it at once only
// when the chunk is in: they wait for it first.
before(() => networkChunk.get());

/** Records what the adapter does with it; the test plays the network by calling `respond` and friends. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function transport() {
  return createFetchTransport({
    baseUrl: "http://host.test/api/",
    threadId: "t",
    headers: { authorization: "Bearer t" },
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
  });
}

const file = new Blob(["0123456789"], { type: "text/plain" });

/** An upload with progress seen, through a fake XMLHttpRequest, on a clock the test moves; `timeoutMs` is 1000. */
function uploadWithStallTimer() {
  const clock = new ManualClock();
  const options = { baseUrl: "http://host.test/api", threadId: "t", timeoutMs: 1000, XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest };
  const uploading = createFetchTransportWithClock(options, clock).upload!(file, {
    localId: "att_1",
    name: "a.txt",
    signal: new AbortController().signal,
    onProgress: () => {},
  });
  return { clock, uploading, xhr: FakeXhr.last! };
}

describe("upload through XMLHttpRequest", () => {
  it("posts the bytes with the protocol's headers", async () => {
    const uploading = transport().upload!(file, { localId: "att_1", name: "notes 1.txt", signal: new AbortController().signal });
    const xhr = FakeXhr.last!;
    xhr.respond(201, '{"attachmentId":"upload_1"}');
    assert.deepEqual(await uploading, { attachmentId: "upload_1" });
    assert.equal(xhr.method, "POST");
    assert.equal(xhr.url, "http://host.test/api/attachments");
    assert.equal(xhr.body, file);
    assert.deepEqual(xhr.headers, { authorization: "Bearer t", "content-type": "text/plain", "x-file-name": "notes%201.txt", "x-t3-thread-id": "t" });
  });

  it("reports every progress event, with the file size when the total is unknown", async () => {
    const progress: [number, number][] = [];
    const uploading = transport().upload!(file, {
      localId: "att_1",
      name: "a.txt",
      signal: new AbortController().signal,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = FakeXhr.last!;
    xhr.progress(4, 10);
    xhr.progress(7, 0, false);
    xhr.progress(10, 10);
    xhr.respond(201, '{"attachmentId":"upload_2"}');
    await uploading;
    assert.deepEqual(progress, [
      [4, 10],
      [7, 10],
      [10, 10],
    ]);
  });

  it("adds no upload listener when nobody asked for progress (it would force a CORS preflight)", async () => {
    const uploading = transport().upload!(file, { localId: "att_1", name: "a.txt", signal: new AbortController().signal });
    const xhr = FakeXhr.last!;
    assert.equal(xhr.upload.onprogress, null);
    xhr.respond(201, '{"attachmentId":"upload_3"}');
    await uploading;
  });

  it("aborts the request and rejects with the reason when the signal aborts", async () => {
    const controller = new AbortController();
    const reason = abortReason();
    const uploading = transport().upload!(file, { localId: "att_1", name: "a.txt", signal: controller.signal });
    controller.abort(reason);
    await assert.rejects(uploading, (e) => e === reason);
    assert.equal(FakeXhr.last!.aborted, true);
  });

  it("rejects a network error with upload-failed", async () => {
    const uploading = transport().upload!(file, { localId: "att_1", name: "a.txt", signal: new AbortController().signal });
    FakeXhr.last!.onerror!();
    const error = await uploading.catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "upload-failed");
    assert.equal(error.message, "Could not upload a.txt: the host is unreachable");
  });

  it("rejects a refusal with upload-failed carrying the host's body", async () => {
    const uploading = transport().upload!(file, { localId: "att_1", name: "a.txt", signal: new AbortController().signal });
    FakeXhr.last!.respond(413, '{"error":{"code":"too-large","message":"The body is larger than 4 bytes"}}');
    const error = await uploading.catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.message, "Could not upload a.txt: The body is larger than 4 bytes");
    assert.ok(error.cause instanceof HostResponseError);
    assert.deepEqual(error.cause.body, { error: { code: "too-large", message: "The body is larger than 4 bytes" } });
  });

  it("rejects an answer without an attachmentId with upload-failed", async () => {
    const uploading = transport().upload!(file, { localId: "att_1", name: "a.txt", signal: new AbortController().signal });
    FakeXhr.last!.respond(201, '{"id":"x"}');
    const error = await uploading.catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "upload-failed");
    assert.equal(error.message, "The host's answer to an upload is not { attachmentId }");
  });

  it("fails an upload with upload-failed once timeoutMs pass with no progress and no answer", async () => {
    const { clock, uploading, xhr } = uploadWithStallTimer();
    clock.advance(999);
    assert.equal(xhr.aborted, false);
    clock.advance(1);
    const error = await uploading.catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "upload-failed");
    assert.equal(error.message, "Could not upload a.txt: The host did not answer within 1000 ms");
    assert.equal(xhr.aborted, true);
  });

  it("keeps an upload going past timeoutMs as long as its bytes move, and stops its timer when done", async () => {
    const { clock, uploading, xhr } = uploadWithStallTimer();
    for (const loaded of [3, 6, 10]) {
      clock.advance(999);
      xhr.progress(loaded, 10);
    }
    clock.advance(999);
    xhr.respond(201, '{"attachmentId":"upload_4"}');
    assert.deepEqual(await uploading, { attachmentId: "upload_4" });
    assert.equal(xhr.aborted, false);
    assert.deepEqual(clock.pending, []);
  });

  it("sets no stall bound on an upload whose progress nobody asked for (a stall could not be told from a slow link)", async () => {
    const clock = new ManualClock();
    const options = { baseUrl: "http://host.test/api", threadId: "t", timeoutMs: 1000, XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest };
    const uploading = createFetchTransportWithClock(options, clock).upload!(file, { localId: "att_1", name: "a.txt", signal: new AbortController().signal });
    const xhr = FakeXhr.last!;
    assert.deepEqual(clock.pending, []);
    clock.advance(60_000);
    xhr.respond(201, '{"attachmentId":"upload_5"}');
    assert.deepEqual(await uploading, { attachmentId: "upload_5" });
    assert.equal(xhr.aborted, false);
  });
});

