// Transport faults between a real <t3-composer> and the reference host, through the fetch
// adapter and a fault proxy: the host down, 500s, answers slower than the timeout, answers lost,
// requests delivered twice, an upload cut half way. Each time the draft and its attachments are as
// they were, a retry succeeds, and the host's database holds the message exactly once.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { createFetchTransport } from "../../../src/transport/index.js";
import { startFaultHost, until, type FaultHost } from "./fault-host.js";
import { buildDraft, draftText, sendFailure, sentIds, snapshot, uploadsSettled } from "./fault-helpers.js";
import { mount, next, record, terminal, unmountAll } from "./helpers.js";

const THREAD = "faults";
/** Attempts per send: enough to ride out two faults, few enough to give up on a third. */
const ATTEMPTS = 3;
/** Longer than any good request takes, even on a busy machine. */
const TIMEOUT_MS = 10_000;
/**
 * For the tests of answers that never come: real time, as the proxy holds the answer until the
 * adapter gives up. A good request that still runs out is retried, and stored once all the same.
 */
const SHORT_TIMEOUT_MS = 300;
/** Bytes of the upload that is cut half way: more than one network chunk, so there is a half. */
const BIG_FILE_BYTES = 256 * 1024;

describe("<t3-composer> faults against the reference host (fetch adapter)", function () {
  this.timeout(20_000);
  let host: FaultHost;
  let el: T3ComposerElement;

  beforeEach(async () => {
    host = await startFaultHost();
    el = await mount();
    el.transport = transport(TIMEOUT_MS);
  });
  afterEach(async () => {
    unmountAll();
    await host.stop();
  });

  /** Message posts the fetch adapter made, counted at the page (every attempt of every send). */
  let posts = 0;

  /** The fetch adapter to the test's host, retrying at once (no backoff to wait for). */
  function transport(timeoutMs: number) {
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (init?.method === "POST" && String(input).endsWith("/messages")) posts++;
      return globalThis.fetch(input, init);
    };
    return createFetchTransport({ baseUrl: host.apiUrl, threadId: THREAD, retry: { attempts: ATTEMPTS, baseDelayMs: 0 }, timeoutMs, fetch });
  }

  /** The one stored message and its one persisted upload, as the database holds them. */
  async function expectStoredOnce(clientMessageId: string, text: string, uploadId: string): Promise<void> {
    const [row, ...others] = await host.messages();
    expect(others).to.deep.equal([]);
    expect(row!.client_message_id).to.equal(clientMessageId);
    expect(row!.text).to.equal(text);
    const [persisted] = await host.rows<{ persisted_id: string }>("SELECT persisted_id FROM attachments WHERE pending_id = ?", uploadId);
    const records = JSON.parse(row!.context_json!).records;
    expect(records.map((r: { contextId: string; attachmentId?: string }) => [r.contextId, r.attachmentId])).to.deep.equal([
      ["terminal_t1", undefined],
      [records[1].contextId, persisted!.persisted_id],
    ]);
    expect(await host.attachments()).to.deep.equal([{ pending_id: uploadId, state: "persisted", name: "shot.png", size_bytes: 68 }]);
    expect(await host.files()).to.deep.equal([uploadId]);
  }

  /** Sends after the fault is gone and checks the result, the cleared draft and the database. */
  async function retryAndCheck(ids: string[], text: string, uploadId: string): Promise<void> {
    const sent = record(el, "t3-sent");
    const result = await el.send();
    expect(result!.clientMessageId).to.equal(ids[0]);
    expect(new Set(ids)).to.have.property("size", 1); // every attempt of this draft had one id
    expect(sent).to.have.length(1);
    expect(el.value).to.deep.equal({ text: "" });
    expect(el.attachments).to.deep.equal([]);
    await expectStoredOnce(ids[0]!, text, uploadId);
  }

  it("keeps the draft while the host is down, and stores the message once when it is back", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    const before = snapshot(el);
    expect(before.value).to.deep.equal({
      text: draftText(localId),
      context: { version: 1, records: [terminal, { ...el.value.context!.records[1]!, attachmentId: uploadId }] },
    });
    const ids = sentIds(el);
    const errors = record(el, "t3-error");
    await host.down();
    expect(await sendFailure(el)).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["send-failed"]);
    expect(snapshot(el)).to.deep.equal(before);
    expect(await host.messages()).to.deep.equal([]);
    await host.up();
    await retryAndCheck(ids, before.value.text, uploadId);
  });

  it("shows an upload that failed while the host was down, and uploads it once on retry", async () => {
    await host.down();
    const localId = await buildDraft(el);
    expect(el.attachments.map((a) => a.status)).to.deep.equal(["failed"]);
    const before = snapshot(el);
    expect(before.chips).to.deep.equal(["build lines 3-4, Terminal", "shot.png, upload failed, Image (failed)"]);
    expect(await sendFailure(el)).to.deep.equal({ code: "upload-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    await host.up();
    el.retryAttachment(localId);
    await uploadsSettled(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    expect(el.attachments.map((a) => a.status)).to.deep.equal(["ready"]);
    await retryAndCheck(sentIds(el), draftText(localId), uploadId);
  });

  it("rides out two 500s by retrying with the same clientMessageId; the message is stored once", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    posts = 0;
    await host.faults("messages", ["fail-500", "fail-500"]);
    const shown = watchRetrying(el);
    await retryAndCheck(sentIds(el), draftText(localId), uploadId);
    expect(posts).to.equal(3);
    // While it retried, the actions row said so (once per attempt), and announced it once.
    expect(shown.texts).to.deep.equal(["Still trying to send (attempt 2)…", "Still trying to send (attempt 3)…"]);
    expect(shown.announced).to.deep.equal(["Still trying to send (attempt 2)…"]);
    shown.stop();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="retrying"]')).to.equal(null);
  });

  it("keeps the draft after 500s past the retries, and a later retry stores the message once", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    const before = snapshot(el);
    const ids = sentIds(el);
    await host.faults("messages", [], "fail-500");
    expect(await sendFailure(el)).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    await host.faults("messages", []);
    await retryAndCheck(ids, draftText(localId), uploadId);
  });

  it("shows a 500 on an upload as a failed upload, and a retry uploads it once", async () => {
    await host.faults("uploads", ["fail-500"]);
    const localId = await buildDraft(el);
    expect(snapshot(el).chips).to.deep.equal(["build lines 3-4, Terminal", "shot.png, upload failed, Image (failed)"]);
    el.retryAttachment(localId);
    await uploadsSettled(el);
    await retryAndCheck(sentIds(el), draftText(localId), el.attachments[0]!.attachmentId!);
  });

  it("retries an answer slower than the timeout; the host, which stored the first attempt, keeps one copy", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    el.transport = transport(SHORT_TIMEOUT_MS);
    await host.faults("messages", ["late"]);
    await retryAndCheck(sentIds(el), draftText(localId), uploadId);
  });

  it("keeps the draft when every answer is too slow, though the host stored it; the retry gets that copy", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    const before = snapshot(el);
    const ids = sentIds(el);
    el.transport = transport(SHORT_TIMEOUT_MS);
    await host.faults("messages", [], "late");
    expect(await sendFailure(el)).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    expect((await host.messages()).map((row) => row.client_message_id)).to.deep.equal(ids.slice(0, 1));
    await host.faults("messages", []);
    el.transport = transport(TIMEOUT_MS);
    await retryAndCheck(ids, draftText(localId), uploadId);
  });

  it("fails an upload the host never answers instead of waiting for good, and a retry uploads it once", async () => {
    el.transport = transport(SHORT_TIMEOUT_MS);
    await host.faults("uploads", ["hang"]);
    const errors = record(el, "t3-error");
    const localId = await buildDraft(el);
    expect(errors.map((event) => [event.detail.code, event.detail.message])).to.deep.equal([["upload-failed", "Uploading shot.png failed."]]);
    expect(snapshot(el).chips).to.deep.equal(["build lines 3-4, Terminal", "shot.png, upload failed, Image (failed)"]);
    expect(await host.attachments()).to.deep.equal([]);
    el.retryAttachment(localId);
    await uploadsSettled(el);
    await retryAndCheck(sentIds(el), draftText(localId), el.attachments[0]!.attachmentId!);
  });

  it("retries when the answer is lost after the host stored the message; one copy", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    await host.faults("messages", ["drop-after-forward"]);
    await retryAndCheck(sentIds(el), draftText(localId), uploadId);
  });

  it("stores a message delivered twice once, and the composer hears one answer", async () => {
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    await host.faults("messages", ["duplicate"]);
    await retryAndCheck(sentIds(el), draftText(localId), uploadId);
  });

  it("stores a message once when the page goes away while its send waits, and the restored draft is sent again", async () => {
    el.setAttribute("draft-key", "leaving");
    const localId = await buildDraft(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    const before = snapshot(el);
    const ids = sentIds(el);
    await host.faults("messages", ["late"]); // the host stores it; its answer never comes
    const sending = sendFailure(el);
    await next(el, "t3-send");
    await until(async () => (await host.messages()).length === 1, "the host to store the message");
    el.remove(); // the page goes away: the draft is saved, the send aborted
    expect(await sending).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    el = await mount({ "draft-key": "leaving" });
    el.transport = transport(TIMEOUT_MS);
    expect(snapshot(el)).to.deep.equal(before);
    // Sent again under the id of the first attempt, which the host knows: it keeps one copy.
    await retryAndCheck(ids, draftText(localId), uploadId);
    localStorage.clear();
  });

  it("shows an upload cut half way as failed, leaves nothing on the host, and uploads it once on retry", async () => {
    // Every attempt is cut: Chromium silently re-sends a request whose reused connection was
    // reset before any answer, so a single cut would never reach the page.
    await host.faults("uploads", [], "cut-body");
    const failed = next(el, "t3-error");
    el.attachFiles([new File([new Uint8Array(BIG_FILE_BYTES)], "big.bin", { type: "application/octet-stream" })]);
    expect((await failed).detail.code).to.equal("upload-failed");
    await uploadsSettled(el);
    const [big] = el.attachments;
    expect([big!.status, big!.progress]).to.deep.equal(["failed", undefined]);
    expect(await host.attachments()).to.deep.equal([]);
    // The host deletes a partial file once it notices the lost connection, on its own time.
    await until(async () => (await host.files()).length === 0, "the partial files to go");
    await host.faults("uploads", []);
    el.retryAttachment(big!.localId);
    await uploadsSettled(el);
    const uploadId = el.attachments[0]!.attachmentId!;
    expect(el.attachments.map((a) => a.status)).to.deep.equal(["ready"]);
    const result = await el.send();
    expect(result!.attachments!.map((a) => [a.name, a.sizeBytes])).to.deep.equal([["big.bin", BIG_FILE_BYTES]]);
    expect(await host.attachments()).to.deep.equal([{ pending_id: uploadId, state: "persisted", name: "big.bin", size_bytes: BIG_FILE_BYTES }]);
    expect(await host.files()).to.deep.equal([uploadId]);
  });
});

/** The texts the `retrying` part showed, and what the live region announced, as they changed. */
function watchRetrying(el: T3ComposerElement): { texts: string[]; announced: string[]; stop(): void } {
  const texts: string[] = [];
  const announced: string[] = [];
  const root = el.shadowRoot!;
  const observer = new MutationObserver(() => {
    const text = root.querySelector('[part="retrying"]')?.textContent ?? null;
    if (text !== null && texts.at(-1) !== text) texts.push(text);
    const status = root.querySelector('[role="status"]')?.textContent?.trim() ?? "";
    if (status.startsWith("Still trying") && announced.at(-1) !== status) announced.push(status);
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return { texts, announced, stop: () => observer.disconnect() };
}
