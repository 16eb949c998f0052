// Stop while a send runs (docs/composer.md, "Toolbar"): each way a send starts (Enter, a click on
// Send, a queued message's own turn, a send still waiting for its uploads) is stopped by a click
// on Stop, through the transport's AbortSignal, and the draft or the queued message stays as it was.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { focusEnd, manualTransport, mount, next, pngFile, press, record, terminal, T1, type, unmountAll } from "./helpers.js";
import { click, part, slowTransport, until } from "./toolbar-helpers.js";

/** A draft with a chip, then typed text: what must survive a stopped send. */
async function typedDraft(el: T3ComposerElement): Promise<void> {
  el.value = { text: `see ${T1} `, context: { version: 1, records: [terminal] } };
  await focusEnd(el);
  await type("and more");
  await el.updateComplete;
}

const DRAFT = { text: `see ${T1} and more`, context: { version: 1, records: [terminal] } };

/** Clicks Stop once the toolbar shows it (the send has reached the transport or is on its way). */
async function clickStop(el: T3ComposerElement): Promise<void> {
  await until(() => part(el, "send-button")?.getAttribute("aria-label") === "Stop", "the Stop button");
  await click(part(el, "stop-button")!);
}

describe("<t3-composer> Stop", () => {
  afterEach(unmountAll);

  it("stops a send started with Enter: aborted, the draft as it was, editable again", async () => {
    const el = await mount();
    const slow = slowTransport();
    el.transport = slow.transport;
    await typedDraft(el);
    const errors = record(el, "t3-error");
    const sent = record(el, "t3-sent");
    await press("Enter");
    await until(() => slow.sends.length === 1, "the send to start");
    expect(el.canEdit).to.equal(false);
    await clickStop(el);
    await until(() => el.canEdit, "the send to end");
    expect(slow.aborted.map((message) => message.text)).to.deep.equal([DRAFT.text]);
    expect(el.value).to.deep.equal(DRAFT);
    expect(errors).to.have.length(0);
    expect(sent).to.have.length(0);
    await el.updateComplete;
    expect(part(el, "error") === null).to.equal(true);
    const send = part(el, "send-button") as HTMLButtonElement;
    expect([send.getAttribute("aria-label"), send.disabled]).to.deep.equal(["Send", false]);
  });

  it("stops a send started with a click on Send, and sends the same message again on the next click", async () => {
    const el = await mount();
    const slow = slowTransport();
    el.transport = slow.transport;
    await typedDraft(el);
    await click(part(el, "send-button")!);
    await until(() => slow.sends.length === 1, "the send to start");
    await clickStop(el);
    await until(() => el.canEdit, "the send to end");
    expect(slow.aborted).to.have.length(1);
    expect(el.value).to.deep.equal(DRAFT);
    await el.updateComplete;
    const sent = next(el, "t3-sent");
    await click(part(el, "send-button")!);
    await until(() => slow.sends.length === 2, "the second send");
    slow.release();
    await sent;
    // The draft did not change, so the host sees the same message: a retry, not a second one.
    expect(slow.sends[1]!.clientMessageId).to.equal(slow.sends[0]!.clientMessageId);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("stops a queued message's send: it stays at the head of the queue, and Retry sends it", async () => {
    const el = await mount();
    const slow = slowTransport();
    el.transport = slow.transport;
    el.busy = true;
    await typedDraft(el);
    await press("Enter");
    await until(() => el.queue.length === 1, "the queued message");
    const queuedId = el.queue[0]!.clientMessageId;
    const errors = record(el, "t3-error");
    const stops = record(el, "t3-stop");
    el.busy = false; // the host is done: the queued message goes
    await until(() => slow.sends.length === 1, "the queued send to start");
    await clickStop(el);
    await until(() => el.queue[0]?.status === "failed", "the stopped queued message");
    expect(stops.map((event) => event.detail.sending)).to.deep.equal([true]);
    expect(slow.aborted.map((message) => message.clientMessageId)).to.deep.equal([queuedId]);
    expect(errors).to.have.length(0);
    expect(el.queue.map((item) => [item.clientMessageId, item.value, item.error])).to.deep.equal([
      [queuedId, DRAFT, { code: "send-failed", message: "The send was stopped." }],
    ]);
    expect(el.value).to.deep.equal({ text: "" });
    await el.updateComplete;
    expect(part(el, "queued-status")!.textContent).to.equal("Not sent: The send was stopped.");
    // It waits for Retry: the queue did not send it again on its own after the render.
    expect(slow.sends).to.have.length(1);
    const sent = next(el, "t3-sent");
    await click(part(el, "queued-retry")!);
    await until(() => slow.sends.length === 2, "the retried send");
    slow.release();
    await sent;
    expect(slow.sends[1]!.clientMessageId).to.equal(queuedId);
    await until(() => el.queue.length === 0, "the queue to empty");
  });

  it("keeps Send (which queues) while a queued message is sent and the draft holds text", async () => {
    const el = await mount();
    const slow = slowTransport();
    el.transport = slow.transport;
    el.busy = true;
    await focusEnd(el);
    await type("first");
    await press("Enter");
    el.busy = false;
    await until(() => slow.sends.length === 1, "the queued send to start");
    await until(() => part(el, "send-button")?.getAttribute("aria-label") === "Stop", "the Stop button");
    await type("second");
    await el.updateComplete;
    expect(part(el, "send-button")!.getAttribute("aria-label")).to.equal("Send");
    await click(part(el, "send-button")!);
    await until(() => el.queue.length === 2, "the second queued message");
    expect(el.queue.map((item) => [item.value.text, item.status])).to.deep.equal([["first", "sending"], ["second", "queued"]]);
    expect(slow.aborted).to.have.length(0);
  });

  it("stops a send still waiting for its upload: the transport never gets it", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const uploading = manual.nextUpload();
    el.attachFiles([pngFile()]);
    const upload = await uploading;
    await focusEnd(el);
    await type("with a picture");
    await el.updateComplete;
    const before = el.value;
    const outcome = el.send().then(() => null, (error: unknown) => error);
    await clickStop(el);
    const failure = (await outcome) as { code?: string; message?: string };
    expect([failure.code, failure.message]).to.deep.equal(["send-failed", "The send was stopped."]);
    upload.finish("up_pixel");
    await until(() => el.attachments[0]?.status === "ready", "the upload to finish");
    expect(manual.sends).to.have.length(0);
    expect(el.value.text).to.equal(before.text);
    expect(el.value.context?.records.map((record) => record.kind)).to.deep.equal(["image"]);
  });

  it("stops a queued message still waiting for its upload: it stays at the head, never sent", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    el.busy = true;
    const uploading = manual.nextUpload();
    el.attachFiles([pngFile()]);
    const upload = await uploading;
    await focusEnd(el);
    await type("queued picture");
    await press("Enter");
    await until(() => el.queue.length === 1, "the queued message");
    el.busy = false;
    await until(() => el.queue[0]?.status === "sending", "the queued send to wait for its upload");
    await clickStop(el);
    await until(() => el.queue[0]?.status === "failed", "the stopped queued message");
    upload.finish("up_pixel");
    expect(el.queue[0]!.error).to.deep.equal({ code: "send-failed", message: "The send was stopped." });
    expect(el.queue[0]!.value.text).to.include("queued picture");
    expect(manual.sends).to.have.length(0);
  });
});
