// A transport's error channel (`onError`, duck-typed) as `t3-error`: heard only from the current
// transport and only while connected. The WebSocket adapter against the reference host is in
// faults-websocket.test.ts; here a stand-in channel shows who is subscribed when.
import { expect } from "@esm-bundle/chai";
import { ComposerError } from "../../../src/transport/errors.js";
import type { ComposerTransport } from "../../../src/transport/types.js";
import { memoryTransport, mount, record, unmountAll } from "./helpers.js";

/** A memory transport with an error channel the test reports into. */
interface ChannelTransport extends ComposerTransport {
  listeners: Set<(error: unknown) => void>;
  onError(listener: (error: unknown) => void): () => void;
  report(error: unknown): void;
}

function channelTransport(): ChannelTransport {
  const listeners = new Set<(error: unknown) => void>();
  return {
    ...memoryTransport(),
    listeners,
    onError(listener: (error: unknown) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report: (error) => {
      for (const listener of [...listeners]) listener(error);
    },
  };
}

const issues = [{ path: "type", message: "Invalid key" }];
const invalidFrame = new ComposerError("invalid-frame", "Ignored an invalid frame from the host", { cause: issues });

describe("<t3-composer> transport errors", () => {
  afterEach(unmountAll);

  it("re-dispatches an error of the transport's channel as t3-error with its code, message and cause", async () => {
    const el = await mount();
    const transport = channelTransport();
    el.transport = transport;
    el.value = { text: "kept" };
    const errors = record(el, "t3-error");
    transport.report(invalidFrame);
    expect(errors.map(({ detail }) => detail)).to.deep.equal([{ code: "invalid-frame", message: "Ignored an invalid frame from the host", cause: issues }]);
    expect(el.value).to.deep.equal({ text: "kept" });
  });

  it("ignores what the channel reports that is not a ComposerError-shaped value with a known code", async () => {
    const el = await mount();
    const transport = channelTransport();
    el.transport = transport;
    const errors = record(el, "t3-error");
    transport.report(new Error("no code"));
    transport.report({ code: "teapot", message: "custom" });
    transport.report(null);
    expect(errors).to.have.length(0);
  });

  it("unsubscribes on disconnect and subscribes again on connect", async () => {
    const el = await mount();
    const transport = channelTransport();
    el.transport = transport;
    expect(transport.listeners.size).to.equal(1);
    const parent = el.parentElement!;
    el.remove();
    await Promise.resolve();
    expect(transport.listeners.size).to.equal(0);
    const errors = record(el, "t3-error");
    transport.report(invalidFrame);
    expect(errors).to.have.length(0);
    parent.append(el);
    expect(transport.listeners.size).to.equal(1);
    transport.report(invalidFrame);
    expect(errors.map(({ detail }) => detail.code)).to.deep.equal(["invalid-frame"]);
  });

  it("keeps one subscription when moved to another parent", async () => {
    const el = await mount();
    const transport = channelTransport();
    el.transport = transport;
    const elsewhere = document.createElement("section");
    document.body.append(elsewhere);
    elsewhere.append(el);
    expect(transport.listeners.size).to.equal(1);
    elsewhere.remove();
  });

  it("listens to a replacing transport at once and no longer to the replaced one", async () => {
    const el = await mount();
    const first = channelTransport();
    const second = channelTransport();
    el.transport = first;
    const errors = record(el, "t3-error");
    el.transport = second; // no update awaited: the switch is synchronous
    expect([first.listeners.size, second.listeners.size]).to.deep.equal([0, 1]);
    first.report(invalidFrame);
    second.report(new ComposerError("send-failed", "The host reported an error: down"));
    expect(errors.map(({ detail }) => [detail.code, detail.message])).to.deep.equal([["send-failed", "The host reported an error: down"]]);
    el.transport = undefined;
    expect(second.listeners.size).to.equal(0);
  });

  it("subscribes when a transport set before connecting is connected", async () => {
    const el = document.createElement("t3-composer");
    const transport = channelTransport();
    el.transport = transport;
    expect(transport.listeners.size).to.equal(0);
    document.body.append(el);
    expect(transport.listeners.size).to.equal(1);
    el.remove();
  });
});
