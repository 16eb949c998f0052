import { expect } from "@esm-bundle/chai";
import { serializeLegacyContextMessage } from "../../../src/codec/legacy/index.js";
import { ComposerError } from "../../../src/transport/errors.js";
import { createMemoryTransport } from "../../../src/transport/index.js";
import {
  T1, chipsOf, file, focusEnd, frame, image, manualTransport, memoryTransport, mount, next, pngFile, press, record, terminal, type, unmountAll,
} from "./helpers.js";


describe("<t3-composer> sending", () => {
  afterEach(unmountAll);

  it("sends on Enter: canonical text, referenced records, a fresh clientMessageId; then clears and fires t3-sent", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    el.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    const sent = next(el, "t3-sent");
    await focusEnd(el);
    await press("Enter");
    const event = await sent;
    expect(transport.sent).to.have.length(1);
    const [message] = transport.sent;
    expect(message!.clientMessageId).to.match(/^msg_[a-z0-9]{20}$/);
    expect(message).to.deep.equal({
      clientMessageId: message!.clientMessageId,
      text: `fix ${T1}`,
      context: { version: 1, records: [terminal] },
      attachments: [],
    });
    expect(event.detail.message).to.deep.equal(message);
    expect(event.detail.result).to.deep.equal({ id: "m1", clientMessageId: message!.clientMessageId, text: `fix ${T1}`, context: { version: 1, records: [terminal] } });
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("keeps the focus in the editor through a send, ready for the next message", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    await focusEnd(el);
    await type("one");
    const sent = next(el, "t3-sent");
    await press("Enter");
    await sent;
    await frame();
    await type("two");
    await frame();
    expect(el.value).to.deep.equal({ text: "two" });
  });

  it("resolves send() with the stored message", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    el.value = { text: "hello" };
    const result = await el.send();
    expect(result?.text).to.equal("hello");
  });

  it("does nothing for an empty draft", async () => {
    const el = await mount();
    const sends = record(el, "t3-send");
    el.value = { text: "  \n " };
    expect(await el.send()).to.equal(undefined);
    expect(sends).to.have.length(0);
  });

  it("lets the host take the message by canceling t3-send: resolves undefined and clears", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    el.value = { text: "mine" };
    el.addEventListener("t3-send", (event) => event.preventDefault(), { once: true });
    expect(await el.send()).to.equal(undefined);
    expect(transport.sent).to.have.length(0);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("without a transport, t3-send is the way out and the draft clears", async () => {
    const el = await mount();
    const sends = record(el, "t3-send");
    el.value = { text: "hi" };
    expect(await el.send()).to.equal(undefined);
    expect(sends.map((event) => event.detail.message.text)).to.deep.equal(["hi"]);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("keeps the draft exactly and fires t3-error when the transport fails; a retry reuses the clientMessageId", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const value = { text: `a ${T1}`, context: { version: 1 as const, records: [terminal] } };
    el.value = value;
    const errors = record(el, "t3-error");
    const first = el.send();
    await manual.nextSend();
    manual.sends[0]!.answer.reject(new Error("503"));
    const failure = await first.then(() => null, (error: unknown) => error);
    expect(failure).to.be.instanceOf(ComposerError);
    expect((failure as ComposerError).code).to.equal("send-failed");
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["send-failed"]);
    expect(el.value).to.deep.equal(value);
    const retry = el.send();
    await manual.nextSend();
    expect(manual.sends[1]!.message.clientMessageId).to.equal(manual.sends[0]!.message.clientMessageId);
    expect(manual.sends[1]!.signal).to.be.instanceOf(AbortSignal);
    manual.sends[1]!.answer.resolve({ id: "s1", clientMessageId: manual.sends[1]!.message.clientMessageId, text: value.text });
    expect((await retry)?.id).to.equal("s1");
  });

  it("mints a new clientMessageId once the draft changes after a failure", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    el.value = { text: "a" };
    const first = el.send().catch(() => undefined);
    await manual.nextSend();
    manual.sends[0]!.answer.reject(new Error("offline"));
    await first;
    await focusEnd(el);
    await type("b");
    await frame();
    const second = el.send().catch(() => undefined);
    await manual.nextSend();
    expect(manual.sends[1]!.message.text).to.equal("ab");
    expect(manual.sends[1]!.message.clientMessageId).to.not.equal(manual.sends[0]!.message.clientMessageId);
    manual.sends[1]!.answer.reject(new Error("offline"));
    await second;
  });

  it("makes the editor read-only while a send runs", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    el.value = { text: "a" };
    const sending = el.send();
    await manual.nextSend();
    await el.updateComplete;
    const editor = el.shadowRoot!.querySelector(".editor")!;
    expect(editor.getAttribute("contenteditable")).to.equal("false");
    expect(editor.getAttribute("aria-busy")).to.equal("true");
    manual.sends[0]!.answer.resolve({ id: "s", clientMessageId: "x", text: "a" });
    await sending;
    await el.updateComplete;
    expect(editor.getAttribute("contenteditable")).to.equal("true");
  });

  it("waits for uploads, then sends the host's attachment ids", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const started = manual.nextUpload();
    el.attachFiles([pngFile("a.png")]);
    const upload = await started;
    const sending = el.send();
    await frame();
    expect(manual.sends).to.have.length(0); // still uploading
    upload.finish("up_9");
    await manual.nextSend();
    const message = manual.sends[0]!.message;
    const localId = upload.options.localId;
    expect(message.attachments).to.deep.equal([{ localId, attachmentId: "up_9" }]);
    expect(message.context!.records[0]).to.deep.include({ kind: "image", attachmentId: "up_9", name: "a.png" });
    manual.sends[0]!.answer.resolve({ id: "s", clientMessageId: message.clientMessageId, text: message.text });
    await sending;
  });

  it("rejects with upload-failed and keeps the draft when an upload fails", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const started = manual.nextUpload();
    el.attachFiles([pngFile("a.png")]);
    const upload = await started;
    const before = el.value;
    const errors = record(el, "t3-error");
    const sending = el.send();
    upload.fail();
    const failure = (await sending.then(() => null, (error: unknown) => error)) as ComposerError;
    expect(failure.code).to.equal("upload-failed");
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["upload-failed", "upload-failed"]);
    expect(el.value).to.deep.equal(before);
    expect(chipsOf(el)).to.have.length(1);
    expect(manual.sends).to.have.length(0);
  });

  it("lists every image and file of the draft in attachments: attached, inserted by the host, or on the shelf", async () => {
    const el = await mount();
    const transport = createMemoryTransport();
    el.transport = transport;
    el.insertContext(image);
    el.insertContext(file);
    el.removeContext(file.contextId);
    el.attachFiles([new File(["x"], "mine.txt", { type: "text/plain" })]);
    const localId = el.attachments.find((attachment) => attachment.name === "mine.txt")!.localId;
    await el.send();
    expect(transport.sent[0]!.attachments).to.deep.equal([
      { localId: "att_1", attachmentId: "up_1" },
      { localId, attachmentId: localId },
    ]);
  });

  it("works end to end with the memory adapter", async () => {
    const el = await mount();
    const transport = createMemoryTransport();
    el.transport = transport;
    el.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    const result = await el.send();
    expect(result).to.deep.include({ text: `fix ${T1}`, context: { version: 1, records: [terminal] } });
    expect(transport.sent.map((message) => message.text)).to.deep.equal([`fix ${T1}`]);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("drops expired terminal excerpts (empty text) from the text and the records", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    const expired = { ...terminal, contextId: "terminal_old", text: "  \n" };
    el.value = {
      text: `see [old](t3-context://v1/terminal/terminal_old) and ${T1}`,
      context: { version: 1, records: [expired, terminal] },
    };
    await el.send();
    expect(transport.sent[0]!.text).to.equal(`see and ${T1}`);
    expect(transport.sent[0]!.context).to.deep.equal({ version: 1, records: [terminal] });
  });

  it("sends serializeLegacyContextMessage text (and no records) to a transport without inline context; t3-send keeps the canonical message", async () => {
    const el = await mount();
    const manual = manualTransport({ inlineMessageContext: false });
    el.transport = manual.transport;
    const sends = record(el, "t3-send");
    const value = { text: `fix ${T1} please`, context: { version: 1 as const, records: [terminal] } };
    el.value = value;
    const sending = el.send();
    await manual.nextSend();
    const message = manual.sends[0]!.message;
    expect(message).to.deep.equal({
      clientMessageId: message.clientMessageId,
      text: serializeLegacyContextMessage({ text: value.text, records: [terminal] }),
      attachments: [],
    });
    expect(message.text).to.equal("fix @build:3-4 please\n\n<terminal_context>\n- build lines 3-4:\n  3 | a\n  4 | b\n</terminal_context>");
    expect(sends[0]!.detail.message).to.deep.equal({ clientMessageId: message.clientMessageId, text: value.text, context: value.context, attachments: [] });
    manual.sends[0]!.answer.resolve({ id: "s", clientMessageId: message.clientMessageId, text: message.text });
    await sending;
  });

  it("sends the canonical message when the transport says nothing about inline context", async () => {
    const el = await mount();
    const manual = manualTransport({});
    el.transport = manual.transport;
    el.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    const sending = el.send();
    await manual.nextSend();
    expect(manual.sends[0]!.message.text).to.equal(`fix ${T1}`);
    expect(manual.sends[0]!.message.context).to.deep.equal({ version: 1, records: [terminal] });
    manual.sends[0]!.answer.resolve({ id: "s", clientMessageId: "x", text: "" });
    await sending;
  });
});
