// Transport faults with the memory adapter behind a network that fails as the test says: the host
// unreachable, an answer lost after the message was stored, a message delivered twice, an upload
// cut half way, a send that never answers while the page goes away. The memory adapter is
// idempotent by clientMessageId, as a host is: each message must be stored exactly once.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { createMemoryTransport, type MemoryTransport } from "../../../src/transport/memory-transport.js";
import type { ComposerTransport } from "../../../src/transport/types.js";
import { buildDraft, draftText, sendFailure, sentIds, snapshot, uploadsSettled } from "./fault-helpers.js";
import { chipsOf, mount, next, record, terminal, unmountAll } from "./helpers.js";

type SendFault = "pass" | "unreachable" | "lost-answer" | "duplicate" | "hang";
type UploadFault = "pass" | "unreachable" | "cut";

/** The memory adapter behind a network whose next faults are queued in `sends` and `uploads`. */
function faulty(inner: MemoryTransport) {
  const sends: SendFault[] = [];
  const uploads: UploadFault[] = [];
  const unreachable = () => new TypeError("Failed to fetch");
  const transport: ComposerTransport = {
    capabilities: inner.capabilities!,
    async send(message, options) {
      switch (sends.shift() ?? "pass") {
        case "unreachable":
          throw unreachable();
        case "lost-answer":
          await inner.send(message, options);
          throw unreachable();
        case "duplicate":
          await inner.send(message, options);
          return inner.send(message, options);
        case "hang":
          return new Promise((_, reject) => options.signal.addEventListener("abort", () => reject(options.signal.reason)));
        default:
          return inner.send(message, options);
      }
    },
    async upload(file, options) {
      switch (uploads.shift() ?? "pass") {
        case "unreachable":
          throw unreachable();
        case "cut":
          options.onProgress?.(file.size / 2, file.size);
          throw new TypeError("Network error during upload");
        default:
          return inner.upload!(file, options);
      }
    },
  };
  return { transport, sends, uploads };
}

describe("<t3-composer> faults with the memory adapter", () => {
  let el: T3ComposerElement;
  let memory: MemoryTransport;
  let network: ReturnType<typeof faulty>;

  beforeEach(async () => {
    el = await mount();
    memory = createMemoryTransport();
    network = faulty(memory);
    el.transport = network.transport;
  });
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  /** Retries, and checks the one stored message, the cleared draft and the one `t3-sent`. */
  async function retryAndCheck(ids: string[], text: string, localId: string): Promise<void> {
    const sent = record(el, "t3-sent");
    const result = await el.send();
    expect(result!.id).to.equal("mem_1");
    expect(new Set(ids)).to.deep.equal(new Set([result!.clientMessageId]));
    expect(sent).to.have.length(1);
    expect(memory.sent.map((message) => [message.clientMessageId, message.text, message.attachments])).to.deep.equal([
      [ids[0], text, [{ localId, attachmentId: localId }]],
    ]);
    expect(el.value).to.deep.equal({ text: "" });
  }

  it("keeps the draft when the host is unreachable, and a retry stores the message once", async () => {
    const localId = await buildDraft(el);
    const before = snapshot(el);
    const ids = sentIds(el);
    network.sends.push("unreachable");
    expect(await sendFailure(el)).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    expect(memory.sent).to.deep.equal([]);
    await retryAndCheck(ids, draftText(localId), localId);
  });

  it("keeps the draft when the answer is lost after the message was stored; the retry gets the stored copy", async () => {
    const localId = await buildDraft(el);
    const before = snapshot(el);
    const ids = sentIds(el);
    network.sends.push("lost-answer");
    expect(await sendFailure(el)).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    expect(memory.sent.map((message) => message.clientMessageId)).to.deep.equal(ids);
    await retryAndCheck(ids, draftText(localId), localId);
  });

  it("stores a message delivered twice once", async () => {
    const localId = await buildDraft(el);
    network.sends.push("duplicate");
    await retryAndCheck(sentIds(el), draftText(localId), localId);
  });

  it("shows an upload cut half way as failed without its half progress, and a retry uploads it", async () => {
    network.uploads.push("cut");
    const errors = record(el, "t3-error");
    const localId = await buildDraft(el);
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["upload-failed"]);
    expect(el.attachments.map(({ status, progress }) => [status, progress])).to.deep.equal([["failed", undefined]]);
    expect(chipsOf(el).map((chip) => chip.dataset.status ?? null)).to.deep.equal([null, "failed"]);
    const before = snapshot(el);
    expect(await sendFailure(el)).to.deep.equal({ code: "upload-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    el.retryAttachment(localId);
    await uploadsSettled(el);
    expect(el.attachments.map(({ status, attachmentId }) => [status, attachmentId])).to.deep.equal([["ready", localId]]);
    await retryAndCheck(sentIds(el), draftText(localId), localId);
  });

  it("keeps the draft (and saves it) when the page goes away while a send waits for an answer", async () => {
    el.setAttribute("draft-key", "leaving");
    const localId = await buildDraft(el);
    const before = snapshot(el);
    network.sends.push("hang");
    const sending = sendFailure(el);
    await next(el, "t3-send");
    el.remove(); // the send is aborted once the element stays disconnected
    expect(await sending).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(memory.sent).to.deep.equal([]);
    const again = await mount({ "draft-key": "leaving" });
    again.transport = network.transport;
    // Bytes are not saved with a draft: the uploaded image comes back ready, by its host id.
    expect(snapshot(again)).to.deep.equal(before);
    expect(again.value.context!.records).to.deep.equal([terminal, before.value.context!.records[1]]);
    el = again;
    await retryAndCheck(sentIds(again), draftText(localId), localId);
  });
});
