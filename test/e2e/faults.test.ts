// Faults at the composer level, against a real reference host through the fetch transport: the
// host down during a send, an upload that fails, a malformed message posted directly, and real
// XMLHttpRequest upload progress in Chromium.
import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import { ComposerError, createFetchTransport, type T3ComposerElement } from "../../src/index.js";
import { chipsOf, focusEnd, image, mount, pngFile, record, terminal, type, unmountAll } from "../elements/composer/helpers.js";
import { startHost, type TestHost } from "../support/host.js";
import { waitFor } from "./support/frames.js";

// A host of its own for each test: what one test stores or breaks is not another's business.
let host: TestHost;
beforeEach(async () => {
  host = await startHost();
});
afterEach(async () => {
  unmountAll();
  await host.dispose();
});

/** A composer on `threadId` of the test host; a failed send is retried once, at once. */
async function composerOn(threadId: string): Promise<T3ComposerElement> {
  const el = await mount();
  el.transport = createFetchTransport({ baseUrl: host.apiUrl, threadId, retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
  return el;
}

async function draftWithTerminal(el: T3ComposerElement): Promise<void> {
  await focusEnd(el);
  await type("Deploy failed:");
  el.insertContext(terminal);
  await el.updateComplete;
}

const TEXT = "Deploy failed: [build lines 3-4](t3-context://v1/terminal/terminal_t1) ";

async function clickChip(chip: HTMLElement): Promise<void> {
  const box = chip.getBoundingClientRect();
  await sendMouse({ type: "click", position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

/** The rejection of `promise` (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe("faults against the reference host", () => {
  it("host down when the send starts: the draft is kept, t3-error fires, the retry once it is back stores the message once", async () => {
    const el = await composerOn("faults-down");
    await draftWithTerminal(el);
    const draft = structuredClone(el.value);
    const errors = record(el, "t3-error");
    const sends = record(el, "t3-send");
    await host.stop();

    const error = await rejection(el.send());
    expect(error).to.be.instanceOf(ComposerError);
    expect((error as ComposerError).code).to.equal("send-failed");
    expect(errors.map((e) => [e.detail.code, e.detail.message])).to.deep.equal([["send-failed", "The message could not be sent."]]);
    expect(el.value).to.deep.equal(draft);
    expect(await host.rows("SELECT id FROM messages")).to.deep.equal([]);

    await host.restart();
    const stored = await el.send();
    const clientMessageId = sends[0]!.detail.message.clientMessageId;
    expect(sends.map((e) => e.detail.message.clientMessageId)).to.deep.equal([clientMessageId, clientMessageId]);
    expect(stored).to.deep.include({ clientMessageId, text: TEXT });
    expect(await host.rows("SELECT id, client_message_id, text FROM messages WHERE thread_id = ?", "faults-down")).to.deep.equal([
      { id: stored!.id, client_message_id: clientMessageId, text: TEXT },
    ]);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("host down after storing, before answering: the send fails, and its retry gets the stored copy (stored once)", async () => {
    const el = await composerOn("faults-crash");
    await draftWithTerminal(el);
    const draft = structuredClone(el.value);
    const errors = record(el, "t3-error");
    await host.fault({ fault: "down-after-forward", method: "POST", path: "/messages$" });

    const error = await rejection(el.send());
    expect((error as ComposerError).code).to.equal("send-failed");
    expect(errors.map((e) => e.detail.code)).to.deep.equal(["send-failed"]);
    expect(el.value).to.deep.equal(draft);
    const [row] = await host.rows<{ id: string; client_message_id: string }>("SELECT id, client_message_id FROM messages");

    await host.restart();
    const stored = await el.send();
    expect(stored).to.deep.include({ id: row!.id, clientMessageId: row!.client_message_id, text: TEXT });
    expect(await host.rows("SELECT id, text FROM messages")).to.deep.equal([{ id: row!.id, text: TEXT }]);
  });

  it("a failed upload shows on its chip and is reported; clicking the chip uploads again, and the message goes out", async () => {
    const el = await composerOn("faults-upload");
    const errors = record(el, "t3-error");
    await host.fault({ fault: "fail-500", method: "POST", path: "^/api/attachments$" });
    await focusEnd(el);
    el.attachFiles([pngFile("pixel.png")]);
    const chip = await waitFor(() => chipsOf(el).find((c) => c.dataset.status === "failed"), "the failed chip");
    expect(chip.querySelector(".t3-chip-suffix")!.textContent).to.equal("upload failed");
    expect(errors.map((e) => [e.detail.code, e.detail.message])).to.deep.equal([["upload-failed", "Uploading pixel.png failed."]]);
    expect(el.attachments).to.deep.equal([
      { localId: el.attachments[0]!.localId, name: "pixel.png", mimeType: "image/png", sizeBytes: pngFile().size, status: "failed", referenced: true },
    ]);

    await clickChip(chip);
    await waitFor(() => el.attachments[0]?.status === "ready", "the upload to succeed");
    const pendingId = el.attachments[0]!.attachmentId;
    expect(chipsOf(el)[0]!.dataset.status).to.equal("ready");
    const stored = await el.send();
    const uploads = await host.rows<{ pending_id: string; persisted_id: string; state: string }>("SELECT pending_id, persisted_id, state FROM attachments");
    expect(uploads).to.deep.equal([{ pending_id: pendingId, persisted_id: stored!.attachments![0]!.id, state: "persisted" }]);
    expect(stored!.context!.records[0]).to.deep.include({ kind: "image", attachmentId: uploads[0]!.persisted_id });
  });

  it("progress of a real XMLHttpRequest upload reaches the chip", async () => {
    const el = await composerOn("faults-progress");
    // Large enough that the browser's and the kernel's buffers cannot hold it while the proxy
    // stalls the body (within the host's 25 MiB upload limit).
    const size = 16 * 1024 * 1024;
    await host.fault({ fault: "stall-body", method: "POST", path: "^/api/attachments$", bytes: 0 });
    await focusEnd(el);
    el.attachFiles([new File([new Uint8Array(size)], "big.bin", { type: "application/octet-stream" })]);
    const partial = await waitFor(() => {
      const suffix = chipsOf(el)[0]?.querySelector(".t3-chip-suffix")?.textContent ?? "";
      const percent = /^(\d+)%$/.exec(suffix);
      return percent && Number(percent[1]) > 0 && Number(percent[1]) < 100 && suffix;
    }, "a partial upload on the chip");
    const progress = el.attachments[0]!.progress!;
    expect(progress).to.be.above(0).and.below(1);
    expect(partial).to.equal(`${Math.round(progress * 100)}%`);
    expect(el.attachments[0]!.status).to.equal("uploading");

    expect(await host.release()).to.equal(1);
    await waitFor(() => el.attachments[0]?.status === "ready", "the upload to finish");
    expect(chipsOf(el)[0]!.querySelector(".t3-chip-suffix")!.textContent).to.equal("16 MB");
    expect(await host.rows("SELECT size_bytes, state FROM attachments WHERE pending_id = ?", el.attachments[0]!.attachmentId)).to.deep.equal([
      { size_bytes: size, state: "pending" },
    ]);
  });

  it("a malformed message posted directly is refused with its issue paths, and nothing is stored", async () => {
    const post = (body: string) =>
      fetch(`${host.apiUrl}/threads/faults-malformed/messages`, { method: "POST", headers: { "content-type": "application/json" }, body });

    const notJson = await post("{ nope");
    expect(notJson.status).to.equal(400);
    const { error: jsonError } = (await notJson.json()) as { error: { code: string; message: string } };
    // The rest of the message is the JSON parser's own words, which vary between Node versions.
    expect(jsonError.code).to.equal("invalid-json");
    expect(jsonError.message.startsWith("The body is not JSON: ")).to.equal(true);

    const badShape = await post(JSON.stringify({ clientMessageId: "msg with spaces", text: 42, attachments: [] }));
    expect(badShape.status).to.equal(400);
    expect(await badShape.json()).to.deep.equal({
      error: {
        code: "invalid-message",
        message: "The message is not valid",
        issues: [
          { path: "clientMessageId", message: "Expected 1 to 128 characters of [A-Za-z0-9_-]" },
          { path: "text", message: "Invalid type: Expected string but received 42" },
        ],
      },
    });

    // A real pending upload, and a record bound to an upload the host never saw: the post fails
    // after the thread row was written inside the transaction, so the rollback is what is tested.
    const upload = await fetch(`${host.apiUrl}/attachments`, { method: "POST", headers: { "content-type": "image/png", "x-file-name": "pixel.png", "x-t3-thread-id": "faults-malformed" }, body: pngFile() });
    const { attachmentId } = (await upload.json()) as { attachmentId: string };
    const missing = { ...image, attachmentId: "upload_nosuchupload0000" };
    const unknownUpload = await post(
      JSON.stringify({
        clientMessageId: "msg_malformed000000001",
        text: "See ![shot.png](t3-context://v1/image/image_att_1)",
        context: { version: 1, records: [missing] },
        attachments: [{ localId: "att_0", attachmentId }, { localId: "att_1", attachmentId: missing.attachmentId }],
      }),
    );
    expect(unknownUpload.status).to.equal(400);
    expect(await unknownUpload.json()).to.deep.equal({
      error: {
        code: "invalid-message",
        message: "The message is not valid",
        issues: [
          { path: "attachments.1.attachmentId", message: "No uploaded attachment upload_nosuchupload0000" },
          { path: "context.records.0.attachmentId", message: "No uploaded attachment upload_nosuchupload0000" },
        ],
      },
    });

    expect(await host.rows("SELECT id FROM threads")).to.deep.equal([]);
    expect(await host.rows("SELECT id FROM messages")).to.deep.equal([]);
    expect(await host.rows("SELECT pending_id, persisted_id, state FROM attachments")).to.deep.equal([{ pending_id: attachmentId, persisted_id: null, state: "pending" }]);
  });
});
