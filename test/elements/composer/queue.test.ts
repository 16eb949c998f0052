// Queued follow-ups in the composer (docs/composer.md, "Queued follow-ups"): queueing with real
// keys, the queue part and its keyboard (remove, take back, move), persistence under draft-key,
// hostile storage, and uploads still running when a message is queued.
import { expect } from "@esm-bundle/chai";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import { QUEUE_STORAGE_PREFIX } from "../../../src/elements/composer/queue.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { chord, enterEach, focusEnd, manualTransport, memoryTransport, mention, mount, next, pngFile, press, record, type, unmountAll } from "./helpers.js";

const M = "[src/a.ts](t3-context://v1/mention/mention_src-a-ts)";

const rows = (el: T3ComposerElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="queue"] > li')];
const rowTexts = (el: T3ComposerElement) => rows(el).map((li) => li.querySelector(".queued-text")!.textContent);
const button = (li: HTMLElement, part: string) => li.querySelector<HTMLButtonElement>(`[part="${part}"]`)!;
const announcement = (el: T3ComposerElement) => el.shadowRoot!.querySelector('[role="status"]')!.textContent!.replace(/\u00a0$/, "");

/** A busy composer with `texts` queued by typing each and pressing Enter. */
async function queued(texts: string[], attributes: Record<string, string> = {}): Promise<T3ComposerElement> {
  const el = await mount({ busy: "", ...attributes });
  await focusEnd(el);
  await enterEach(texts);
  await el.updateComplete;
  return el;
}

describe("<t3-composer> queued follow-ups", () => {
  beforeEach(() => localStorage.clear());
  afterEach(unmountAll);

  it("queues on Enter while busy: clears the draft, shows the message with its chips, fires t3-queue-change", async () => {
    const el = await mount({ busy: "" });
    expect(el.busy).to.equal(true);
    const transport = memoryTransport();
    el.transport = transport;
    const changes = record(el, "t3-queue-change");
    await focusEnd(el);
    await type("look at ");
    el.insertContext(mention);
    await type("please");
    await press("Enter");
    await el.updateComplete;
    expect(transport.sent).to.have.length(0);
    expect(el.value).to.deep.equal({ text: "" });
    const [item] = el.queue;
    expect(item).to.deep.equal({
      clientMessageId: item!.clientMessageId,
      value: { text: `look at ${M} please`, context: { version: 1, records: [mention] } },
      status: "queued",
    });
    expect(item!.clientMessageId).to.match(/^msg_[a-z0-9]{20}$/);
    expect(changes.map((event) => event.detail.queue)).to.deep.equal([el.queue]);
    const list = el.shadowRoot!.querySelector('[part="queue"]')!;
    expect(list.tagName).to.equal("OL");
    expect(list.getAttribute("aria-label")).to.equal("Queued messages");
    const chip = rows(el)[0]!.querySelector<HTMLElement>(".t3-chip")!;
    expect(chip.dataset.kind).to.equal("mention");
    expect(chip.getAttribute("role")).to.equal("img");
    expect(rowTexts(el)).to.deep.equal([`look at ${chip.textContent} please`]);
    expect(announcement(el)).to.equal("Queued, 1 of 1.");
  });

  it("sends at once on Enter while not busy and the queue is empty", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    await focusEnd(el);
    await type("now");
    const sent = next(el, "t3-sent");
    await press("Enter");
    await sent;
    expect(transport.sent.map((m) => [m.text, "steer" in m])).to.deep.equal([["now", false]]);
    expect(el.queue).to.deep.equal([]);
  });

  it("queues behind waiting messages even when not busy, so none is overtaken", async () => {
    const manual = manualTransport();
    const el = await queued(["one"]);
    el.transport = manual.transport;
    const started = manual.nextSend();
    el.busy = false;
    await started;
    await type("two");
    await press("Enter");
    expect(manual.sends.map((s) => s.message.text)).to.deep.equal(["one"]);
    expect(el.queue.map((q) => [q.value.text, q.status])).to.deep.equal([["one", "sending"], ["two", "queued"]]);
  });

  it("removes a queued message with the keyboard", async () => {
    const el = await queued(["one", "two"]);
    button(rows(el)[0]!, "queued-remove").focus();
    await press("Enter");
    await el.updateComplete;
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["two"]);
    expect(rowTexts(el)).to.deep.equal(["two"]);
    expect(announcement(el)).to.equal("Removed from the queue.");
  });

  it("moves a message with Alt+ArrowUp / Alt+ArrowDown, keeps the focus on it, and says its new position", async () => {
    const el = await queued(["one", "two", "three"]);
    button(rows(el)[2]!, "queued-edit").focus();
    await chord("Alt", "ArrowUp");
    await el.updateComplete;
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["one", "three", "two"]);
    expect(rowTexts(el)).to.deep.equal(["one", "three", "two"]);
    expect(announcement(el)).to.equal("Moved to 2 of 3.");
    const focused = el.shadowRoot!.activeElement as HTMLElement;
    expect(focused.closest("li")!.querySelector(".queued-text")!.textContent).to.equal("three");
    expect(focused.dataset.control).to.equal("edit");
    await chord("Alt", "ArrowUp");
    await el.updateComplete;
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["three", "one", "two"]);
    expect(announcement(el)).to.equal("Moved to 1 of 3.");
    // Already first: nothing moves.
    await chord("Alt", "ArrowUp");
    await el.updateComplete;
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["three", "one", "two"]);
    await chord("Alt", "ArrowDown");
    await el.updateComplete;
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["one", "three", "two"]);
  });

  it("moves with the Move down button, the focus following the item", async () => {
    const el = await queued(["one", "two"]);
    button(rows(el)[0]!, "queued-down").focus();
    await press("Enter");
    await el.updateComplete;
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["two", "one"]);
    // Now last, its Move down is disabled: the focus stays in the item, on its first enabled control.
    const focused = el.shadowRoot!.activeElement as HTMLElement;
    expect(focused.closest("li")!.dataset.id).to.equal(el.queue[1]!.clientMessageId);
    expect(focused.dataset.control).to.equal("edit");
  });

  it("takes a message back into an empty draft, with its chips and records, under its clientMessageId", async () => {
    const el = await mount({ busy: "" });
    const transport = memoryTransport();
    el.transport = transport;
    await focusEnd(el);
    el.insertContext(mention);
    await type("fix");
    await press("Enter");
    await el.updateComplete;
    const { clientMessageId } = el.queue[0]!;
    button(rows(el)[0]!, "queued-edit").focus();
    await press("Enter");
    await el.updateComplete;
    expect(el.queue).to.deep.equal([]);
    expect(el.value).to.deep.equal({ text: `${M} fix`, context: { version: 1, records: [mention] } });
    // Sent unchanged, it is the same message for the host.
    el.busy = false;
    await el.send();
    expect(transport.sent.map((m) => m.clientMessageId)).to.deep.equal([clientMessageId]);
  });

  it("taking a message back while the draft holds text queues the draft in its place: neither is lost", async () => {
    const el = await queued(["one", "two"]);
    await type("draft");
    await el.updateComplete;
    button(rows(el)[0]!, "queued-edit").focus();
    await press("Enter");
    await el.updateComplete;
    expect(el.value).to.deep.equal({ text: "one" });
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["draft", "two"]);
  });

  it("persists the queue under draft-key and restores it after a reload, without touching the draft", async () => {
    const first = await queued(["one", "two"], { "draft-key": "persist" });
    await type("unsent");
    first.blur();
    const ids = first.queue.map((q) => q.clientMessageId);
    unmountAll();
    const second = await mount({ "draft-key": "persist", busy: "" });
    expect(second.queue.map((q) => [q.clientMessageId, q.value.text, q.status])).to.deep.equal([
      [ids[0], "one", "queued"],
      [ids[1], "two", "queued"],
    ]);
    expect(rowTexts(second)).to.deep.equal(["one", "two"]);
    expect(second.value).to.deep.equal({ text: "unsent" });
    // Once the host is idle, the restored messages go in order under their saved ids.
    const transport = memoryTransport();
    second.transport = transport;
    const sent = record(second, "t3-sent");
    second.busy = false;
    await waitUntil(() => sent.length === 2);
    expect(transport.sent.map((m) => [m.clientMessageId, m.text])).to.deep.equal([[ids[0], "one"], [ids[1], "two"]]);
    expect(localStorage.getItem(QUEUE_STORAGE_PREFIX + "persist")).to.equal(null);
  });

  it("saves queued images and files by their host ids, never their bytes, and sends them bound after a reload", async () => {
    const manual = manualTransport();
    const el = await mount({ "draft-key": "files", busy: "" });
    el.transport = manual.transport;
    await focusEnd(el);
    const started = manual.nextUpload();
    el.attachFiles([pngFile("shot.png")]);
    (await started).finish("upload_host_1");
    await type("see");
    await press("Enter");
    const saved = localStorage.getItem(QUEUE_STORAGE_PREFIX + "files")!;
    expect(saved).to.include('"attachmentId":"upload_host_1"');
    expect(saved).not.to.include("data:");
    expect(saved).not.to.include("blob:");
    unmountAll();
    const again = await mount({ "draft-key": "files" });
    const transport = memoryTransport();
    again.transport = transport;
    const sent = next(again, "t3-sent");
    again.busy = true;
    again.busy = false;
    await sent;
    const [message] = transport.sent;
    expect(message!.attachments).to.deep.equal([{ localId: message!.attachments[0]!.localId, attachmentId: "upload_host_1" }]);
    expect(message!.context!.records.map((r) => [r.kind, (r as { attachmentId?: string }).attachmentId])).to.deep.equal([["image", "upload_host_1"]]);
  });

  it("ignores a hostile or corrupt saved queue without throwing and keeps the draft", async () => {
    const draft = JSON.stringify({ version: 1, text: "kept", records: [], attachments: [] });
    const good = { version: 1, text: "survivor", records: [], attachments: [], clientMessageId: "msg_aaaaaaaaaaaaaaaaaaaa" };
    const hostile = [
      "{not json",
      "null",
      '"a string"',
      JSON.stringify({ version: 2, items: [good] }),
      JSON.stringify({ version: 1, items: "nope" }),
      JSON.stringify({ version: 1, items: [null, 7, { version: 1, text: 5 }, { __proto__: { text: "x" } }, { constructor: 1 }, good, good] }),
    ];
    const errors: unknown[] = [];
    window.addEventListener("error", (event) => errors.push(event.error));
    for (const [index, raw] of hostile.entries()) {
      localStorage.setItem(DRAFT_STORAGE_PREFIX + `hostile-${index}`, draft);
      localStorage.setItem(QUEUE_STORAGE_PREFIX + `hostile-${index}`, raw);
      const el = await mount({ "draft-key": `hostile-${index}`, busy: "" });
      expect(el.value, raw).to.deep.equal({ text: "kept" });
      const expected = index === hostile.length - 1 ? [["msg_aaaaaaaaaaaaaaaaaaaa", "survivor"]] : [];
      expect(el.queue.map((q) => [q.clientMessageId, q.value.text]), raw).to.deep.equal(expected);
    }
    expect(errors).to.deep.equal([]);
  });

  it("queues a message whose upload still runs; its send waits for the upload and carries the host id", async () => {
    const manual = manualTransport();
    const el = await mount({ busy: "" });
    el.transport = manual.transport;
    await focusEnd(el);
    const started = manual.nextUpload();
    el.attachFiles([new File(["hello"], "notes.txt", { type: "text/plain" })]);
    const upload = await started;
    await type("read this");
    await press("Enter");
    expect(el.value).to.deep.equal({ text: "" });
    expect(upload.options.signal.aborted).to.equal(false);
    el.busy = false;
    await el.updateComplete;
    expect(el.queue.map((q) => q.status)).to.deep.equal(["sending"]);
    expect(manual.sends).to.have.length(0);
    const sending = manual.nextSend();
    upload.finish("upload_host_2");
    await sending;
    const { message } = manual.sends[0]!;
    expect(message.attachments).to.deep.equal([{ localId: upload.options.localId, attachmentId: "upload_host_2" }]);
    expect(message.context!.records.map((r) => (r as { attachmentId?: string }).attachmentId)).to.deep.equal(["upload_host_2"]);
  });

  it("Ctrl+Enter while busy sends at once with steer: true and leaves the queue alone", async () => {
    const el = await queued(["waiting"]);
    const transport = memoryTransport();
    el.transport = transport;
    await type("steer now");
    const sent = next(el, "t3-sent");
    await chord("Control", "Enter");
    await sent;
    expect(transport.sent.map((m) => [m.text, m.steer])).to.deep.equal([["steer now", true]]);
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["waiting"]);
    expect(el.hasAttribute("busy")).to.equal(true);
  });

  it("send() queues while busy and resolves undefined; send({ steer: true }) sends at once", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    el.busy = true;
    await el.updateComplete;
    expect(el.getAttribute("busy")).to.equal("");
    el.value = { text: "later" };
    expect(await el.send()).to.equal(undefined);
    el.value = { text: "now" };
    const result = await el.send({ steer: true });
    expect(result?.text).to.equal("now");
    expect(transport.sent.map((m) => [m.text, m.steer])).to.deep.equal([["now", true]]);
    expect(el.queue.map((q) => q.value.text)).to.deep.equal(["later"]);
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
