// Queued follow-ups against a real reference host (docs/composer.md, "Queued follow-ups"): two
// messages queued while busy go in order, exactly once each, with the first one's send failing
// once on the way (the host stored it and went down before answering); Ctrl+Enter while busy steers, and
// the host stores the flag. Real keys in Chromium, the fetch transport, SQLite.
import { expect } from "@esm-bundle/chai";
import { createFetchTransport, type T3ComposerElement } from "../../src/index.js";
import { BUSY_GRACE_MS } from "../../src/elements/composer/queue.js";
import { chord, enterEach, focusEnd, mount, next, press, record, type, unmountAll } from "../elements/composer/helpers.js";
import { startHost, type TestHost } from "../support/host.js";
import { waitFor } from "./support/frames.js";

/** Long enough past the host's grace after a send that a next message would have gone. */
const beyondGrace = () => new Promise((resolve) => setTimeout(resolve, BUSY_GRACE_MS * 3));

let host: TestHost;
beforeEach(async () => {
  host = await startHost();
});
afterEach(async () => {
  unmountAll();
  await host.dispose();
});

/** A composer on `threadId`; a failed send is not retried by the transport (the queue's Retry is the test). */
async function composerOn(threadId: string): Promise<T3ComposerElement> {
  const el = await mount();
  el.transport = createFetchTransport({ baseUrl: host.apiUrl, threadId, retry: { attempts: 1 } });
  return el;
}

/** A busy composer on `threadId` with `texts` queued, each typed and sent with Enter. */
async function busyWithQueue(threadId: string, texts: string[]): Promise<T3ComposerElement> {
  const el = await composerOn(threadId);
  el.busy = true;
  await focusEnd(el);
  await enterEach(texts);
  await el.updateComplete;
  return el;
}

const queuedItems = (el: T3ComposerElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="queue"] > li')];
const stored = (threadId: string) =>
  host.rows<{ client_message_id: string; text: string; steer: number }>("SELECT client_message_id, text, steer FROM messages WHERE thread_id = ? ORDER BY seq", threadId);

describe("queued follow-ups against the reference host", () => {
  it("sends two queued messages in order, exactly once each, through one lost answer (the host went down) and a Retry", async () => {
    const el = await busyWithQueue("queue-order", ["first", "second"]);
    const [first, second] = el.queue;
    expect(el.queue.map((item) => item.value.text)).to.deep.equal(["first", "second"]);
    expect(first!.clientMessageId).to.match(/^msg_[a-z0-9]{20}$/);
    expect(await stored("queue-order")).to.deep.equal([]);

    // The host stores the first, then goes down before its answer reaches the page.
    await host.fault({ fault: "down-after-forward", method: "POST", path: "/messages$" });
    const failed = next(el, "t3-error");
    el.busy = false;
    expect((await failed).detail.code).to.equal("send-failed");
    await waitFor(() => el.queue[0]?.status === "failed", "the head to fail");
    await el.updateComplete;
    expect(el.queue.map((item) => [item.clientMessageId, item.status])).to.deep.equal([
      [first!.clientMessageId, "failed"],
      [second!.clientMessageId, "queued"],
    ]);
    const head = queuedItems(el)[0]!;
    expect(head.querySelector('[part="queued-status"]')!.textContent).to.equal("Not sent: The message could not be sent.");
    // The second waits behind the failure: no send of it, however long the host stays idle.
    await beyondGrace();
    expect((await stored("queue-order")).map((row) => row.text)).to.deep.equal(["first"]);
    await host.restart();

    // Retry, by keyboard: the same clientMessageId, which the host answers with the stored copy.
    const sent = record(el, "t3-sent");
    head.querySelector<HTMLButtonElement>('[part="queued-retry"]')!.focus();
    await press("Enter");
    await waitFor(() => sent.length === 2, "both sends to be answered");
    expect(sent.map((event) => event.detail.message.clientMessageId)).to.deep.equal([first!.clientMessageId, second!.clientMessageId]);
    expect(sent[0]!.detail.result.text).to.equal("first");
    const rows = await stored("queue-order");
    expect(rows.map((row) => [row.client_message_id, row.text])).to.deep.equal([
      [first!.clientMessageId, "first"],
      [second!.clientMessageId, "second"],
    ]);
    expect(el.queue).to.deep.equal([]);
    await el.updateComplete;
    expect(queuedItems(el)).to.have.length(0);
  });

  it("waits for busy to turn false again when the host sets it after a queued send", async () => {
    const el = await busyWithQueue("queue-busy-again", ["one", "two"]);
    // The host starts its agent on each message it gets.
    el.addEventListener("t3-sent", () => (el.busy = true));
    const sent = next(el, "t3-sent");
    el.busy = false;
    expect((await sent).detail.message.text).to.equal("one");
    await beyondGrace();
    expect((await stored("queue-busy-again")).map((row) => row.text)).to.deep.equal(["one"]);
    const secondSent = next(el, "t3-sent");
    el.busy = false;
    expect((await secondSent).detail.message.text).to.equal("two");
    expect((await stored("queue-busy-again")).map((row) => row.text)).to.deep.equal(["one", "two"]);
  });

  it("Ctrl+Enter while busy sends at once with steer: true, and the host stores the flag", async () => {
    const el = await composerOn("queue-steer");
    el.busy = true;
    await focusEnd(el);
    await type("queued");
    await press("Enter");
    await type("stop, wrong file");
    const sent = next(el, "t3-sent");
    await chord("Control", "Enter");
    const { detail } = await sent;
    expect(detail.message.steer).to.equal(true);
    expect(detail.result.steer).to.equal(true);
    expect(el.value).to.deep.equal({ text: "" });
    expect(el.queue.map((item) => item.value.text)).to.deep.equal(["queued"]);
    expect((await stored("queue-steer")).map((row) => [row.text, row.steer])).to.deep.equal([["stop, wrong file", 1]]);
  });
});
