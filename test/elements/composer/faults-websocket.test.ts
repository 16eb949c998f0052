// Transport faults between a real <t3-composer> and the reference host through the WebSocket
// adapter: the connection dropped mid-send, a send frame delivered twice, the host down while a
// send waits, a garbage frame from the host. The draft survives, a retry succeeds, the database
// holds the message once.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { SentMessage } from "../../../src/transport/types.js";
import { createWebSocketTransportWithClock, type WebSocketTransport } from "../../../src/transport/websocket-transport.js";
import { startFaultHost, type FaultHost } from "./fault-host.js";
import { DeadlineClock, buildDraft, draftText, sendFailure, sentIds, snapshot } from "./fault-helpers.js";
import { focusEnd, frame, mount, next, record, type, unmountAll } from "./helpers.js";

const THREAD = "live-faults";
/** A send gives up after this long without an ack; the test's clock decides when that is. */
const DEADLINE_MS = 60_000;
/** Reconnects come quickly, and for real (short timers of the DeadlineClock run for real). */
const RETRY = { attempts: 5, baseDelayMs: 5, maxDelayMs: 20, maxElapsedMs: DEADLINE_MS };
const ACK = '"type":"ack"';
/** Not JSON: what a broken host or a meddling proxy might push. */
const GARBAGE_FRAME = "{not a frame";

describe("<t3-composer> faults against the reference host (WebSocket adapter)", function () {
  this.timeout(20_000);
  let host: FaultHost;
  let el: T3ComposerElement;
  let transport: WebSocketTransport;
  let clock: DeadlineClock;
  let pushed: SentMessage[];

  beforeEach(async () => {
    host = await startFaultHost();
    el = await mount();
    clock = new DeadlineClock(DEADLINE_MS);
    transport = createWebSocketTransportWithClock({ baseUrl: host.apiUrl, threadId: THREAD, retry: RETRY }, clock);
    pushed = [];
    transport.onMessage((message) => pushed.push(message));
    el.transport = transport;
  });
  afterEach(async () => {
    transport.close();
    unmountAll();
    await host.stop();
  });

  /** Resolves once the host has pushed a message with this id (the live socket is up and working). */
  async function pushOf(clientMessageId: string): Promise<SentMessage> {
    while (!pushed.some((message) => message.clientMessageId === clientMessageId)) {
      await new Promise<void>((resolve) => {
        const off = transport.onMessage(() => {
          off();
          resolve();
        });
      });
    }
    return pushed.find((message) => message.clientMessageId === clientMessageId)!;
  }

  async function expectStoredOnce(clientMessageId: string, text: string): Promise<void> {
    expect((await host.messages()).map((row) => [row.client_message_id, row.text])).to.deep.equal([[clientMessageId, text]]);
    expect((await host.attachments()).map((row) => row.state)).to.deep.equal(["persisted"]);
  }

  it("resends after the connection drops between storing and the ack; one copy, one t3-sent", async () => {
    const localId = await buildDraft(el);
    const ids = sentIds(el);
    const sent = record(el, "t3-sent");
    await host.dropSocketOn(ACK);
    const result = await el.send();
    expect(result!.clientMessageId).to.equal(ids[0]);
    expect([ids.length, sent.length]).to.deep.equal([1, 1]);
    expect(el.value).to.deep.equal({ text: "" });
    await expectStoredOnce(ids[0]!, draftText(localId));
  });

  it("stores a send frame delivered twice once; the second ack is ignored and the message is pushed once", async () => {
    const localId = await buildDraft(el);
    const ids = sentIds(el);
    const sent = record(el, "t3-sent");
    await host.duplicateNextFrame();
    await el.send();
    // Frames are answered in order: once the next message is pushed, the duplicate was handled.
    el.value = { text: "next" };
    await el.send();
    await pushOf(ids[1]!);
    expect(pushed.map((message) => message.clientMessageId)).to.deep.equal(ids);
    expect(sent).to.have.length(2);
    expect((await host.messages()).map((row) => [row.client_message_id, row.text])).to.deep.equal([
      [ids[0], draftText(localId)],
      [ids[1], "next"],
    ]);
  });

  it("keeps the draft when the host stays down past the send's deadline, and stores it once when back", async () => {
    const localId = await buildDraft(el);
    const before = snapshot(el);
    const ids = sentIds(el);
    await host.down();
    const sending = sendFailure(el);
    await next(el, "t3-send");
    await Promise.resolve(); // the transport registers the send (and its deadline) right after the event
    expect(clock.pendingDeadlines).to.equal(1);
    clock.expire();
    expect(await sending).to.deep.equal({ code: "send-failed", name: "ComposerError" });
    expect(snapshot(el)).to.deep.equal(before);
    expect(await host.messages()).to.deep.equal([]);
    await host.up();
    const result = await el.send(); // waits for the reconnect, then goes out
    expect(result!.clientMessageId).to.equal(ids[0]);
    expect(new Set(ids)).to.have.property("size", 1);
    await expectStoredOnce(ids[0]!, draftText(localId));
  });

  it("sends once the host comes back within the deadline", async () => {
    const localId = await buildDraft(el);
    const ids = sentIds(el);
    await host.down();
    const sending = el.send();
    await next(el, "t3-send");
    await host.up();
    const result = await sending;
    expect(result!.clientMessageId).to.equal(ids[0]);
    await expectStoredOnce(ids[0]!, draftText(localId));
  });

  it("reports a garbage frame from the host as one t3-error invalid-frame; the draft stays and the next send works", async () => {
    // A first send proves the live socket open; once its message is pushed the connection is idle.
    const ids = sentIds(el);
    el.value = { text: "first" };
    await el.send();
    await pushOf(ids[0]!);
    const localId = await buildDraft(el);
    await focusEnd(el);
    await type(" now");
    await frame();
    const before = snapshot(el);
    const errors = record(el, "t3-error");
    const reported = next(el, "t3-error"); // the frame may arrive before the command's answer
    await host.injectFrame(GARBAGE_FRAME);
    await reported;
    expect(errors.map(({ detail }) => [detail.code, detail.message])).to.deep.equal([["invalid-frame", "Ignored an invalid frame from the host"]]);
    expect(errors[0]!.detail.cause).to.deep.equal([{ path: "", message: "Expected JSON" }]);
    expect(snapshot(el)).to.deep.equal(before);
    const result = await el.send();
    expect(result!.clientMessageId).to.equal(ids[1]);
    expect(el.value).to.deep.equal({ text: "" });
    expect(errors).to.have.length(1);
    expect((await host.messages()).map((row) => [row.client_message_id, row.text])).to.deep.equal([
      [ids[0], "first"],
      [ids[1], `${draftText(localId)} now`],
    ]);
  });
});
