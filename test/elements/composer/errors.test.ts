import { expect } from "@esm-bundle/chai";
import { expectNoViolations } from "../a11y/axe.js";
import { createMemoryTransport } from "../../../src/transport/index.js";
import type { ComposerTransport, OutgoingMessage } from "../../../src/transport/types.js";
import { focusEnd, mount, next, press, record, saveWithStorageFull, type, unmountAll } from "./helpers.js";
import { FakeRecognition, installSpeechDouble } from "./speech-double.js";
import { click, part, until } from "./toolbar-helpers.js";

/** A transport whose next `failures` sends fail, as a host answering 404 does; then it stores them. */
function failingTransport(failures: number): { transport: ComposerTransport; sends: OutgoingMessage[] } {
  const memory = createMemoryTransport();
  const sends: OutgoingMessage[] = [];
  let left = failures;
  const transport: ComposerTransport = {
    send(message, options) {
      sends.push(structuredClone(message));
      if (left-- > 0) return Promise.reject(new Error("The host answered 404"));
      return memory.send(message, options);
    },
    upload: (file, options) => memory.upload!(file, options),
  };
  return { transport, sends };
}

describe("<t3-composer> errors a person sees", () => {
  afterEach(unmountAll);

  it("shows a failed send in the notice, after t3-error; the draft stays", async () => {
    const el = await mount();
    el.transport = failingTransport(1).transport;
    await focusEnd(el);
    await type("hello");
    const errors = record(el, "t3-error");
    await press("Enter");
    await until(() => part(el, "error") !== null, "the notice");
    expect(errors.map((event) => [event.detail.code, event.cancelable])).to.deep.equal([["send-failed", true]]);
    const notice = part(el, "error")!;
    expect(notice.getAttribute("role")).to.equal("alert");
    expect(notice.querySelector(".error-text")!.textContent).to.equal("The message could not be sent. It is still here.");
    expect(el.value).to.deep.equal({ text: "hello" });
  });

  it("retries a failed send under the same clientMessageId, and the notice goes", async () => {
    const el = await mount();
    const failing = failingTransport(1);
    el.transport = failing.transport;
    await focusEnd(el);
    await type("again");
    await press("Enter");
    await until(() => part(el, "retry-button") !== null, "Retry");
    const sent = next(el, "t3-sent");
    await click(part(el, "retry-button")!);
    await sent;
    expect(failing.sends).to.have.length(2);
    expect(failing.sends[1]!.clientMessageId).to.equal(failing.sends[0]!.clientMessageId);
    expect(el.value).to.deep.equal({ text: "" });
    await el.updateComplete;
    expect(part(el, "error") === null).to.equal(true);
  });

  it("reaches Retry and dismiss with the keyboard; dismiss gives the focus back to the editor", async () => {
    const el = await mount();
    el.speech = null;
    el.transport = failingTransport(1).transport;
    await focusEnd(el);
    await type("x");
    await press("Enter");
    await until(() => part(el, "error") !== null, "the notice");
    await focusEnd(el);
    await press("Tab");
    expect(el.shadowRoot!.activeElement?.getAttribute("part")).to.equal("retry-button");
    await press("Tab");
    const dismiss = el.shadowRoot!.activeElement!;
    expect([dismiss.getAttribute("part"), dismiss.getAttribute("aria-label")]).to.deep.equal(["dismiss-button", "Dismiss"]);
    await press("Enter");
    await el.updateComplete;
    expect(part(el, "error") === null).to.equal(true);
    expect(el.shadowRoot!.activeElement?.getAttribute("part")).to.equal("editor");
    expect(el.value).to.deep.equal({ text: "x" });
  });

  it("shows nothing when a listener cancels t3-error: the host shows it itself", async () => {
    const el = await mount();
    el.transport = failingTransport(1).transport;
    el.addEventListener("t3-error", (event) => event.preventDefault());
    el.value = { text: "mine" };
    const error = next(el, "t3-error");
    await el.send().catch(() => {});
    await error;
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(part(el, "error") === null).to.equal(true);
    expect(el.value).to.deep.equal({ text: "mine" });
  });

  it("shows a failed upload with a Retry that uploads it again", async () => {
    const el = await mount();
    const memory = createMemoryTransport();
    let fail = true;
    el.transport = {
      send: (message, options) => memory.send(message, options),
      upload: (file, options) => (fail ? Promise.reject(new Error("quota")) : memory.upload!(file, options)),
    };
    el.attachFiles([new File(["a"], "a.txt", { type: "text/plain" })]);
    await until(() => part(el, "error") !== null, "the notice");
    expect(part(el, "error")!.querySelector(".error-text")!.textContent).to.equal("A file could not be uploaded.");
    fail = false;
    await click(part(el, "retry-button")!);
    await until(() => el.attachments[0]?.status === "ready", "the upload");
  });

  it("shows a draft that could not be saved, with no Retry and the draft kept", async () => {
    const el = await mount({ "draft-key": "notice-full" });
    const errors = record(el, "t3-error");
    saveWithStorageFull(() => (el.value = { text: "too big to keep" }));
    await until(() => part(el, "error") !== null, "the notice");
    expect(errors.map((event) => event.detail.code)).to.deep.equal(["storage-failed"]);
    expect(part(el, "error")!.querySelector(".error-text")!.textContent).to.equal("The draft could not be saved on this device.");
    // The next change of the draft saves it again by itself (persistence.ts): nothing to retry.
    expect(part(el, "retry-button")).to.equal(null);
    expect(part(el, "dismiss-button")).to.not.equal(null);
    expect(el.value).to.deep.equal({ text: "too big to keep" });
  });

  it("localizes the notice", async () => {
    const el = await mount();
    el.strings = { errorSendFailed: "Nicht gesendet.", errorRetry: "Nochmal", errorDismiss: "Schließen" };
    el.transport = failingTransport(1).transport;
    el.value = { text: "x" };
    await el.send().catch(() => {});
    await until(() => part(el, "error") !== null, "the notice");
    expect(part(el, "error")!.querySelector(".error-text")!.textContent).to.equal("Nicht gesendet.");
    expect(part(el, "retry-button")!.textContent).to.equal("Nochmal");
    expect(part(el, "dismiss-button")!.getAttribute("aria-label")).to.equal("Schließen");
  });

  describe("accessibility", () => {
    let uninstall = () => {};
    afterEach(() => uninstall());

    it("has no axe violation with the toolbar, an error and dictation on", async () => {
      uninstall = installSpeechDouble();
      const el = await mount();
      el.transport = failingTransport(1).transport;
      el.value = { text: "checked" };
      await el.send().catch(() => {});
      await until(() => part(el, "error") !== null, "the notice");
      await focusEnd(el);
      await click(part(el, "dictate-button")!);
      await until(() => FakeRecognition.instances.length === 1, "dictation");
      FakeRecognition.instances[0]!.hear("pending words", false);
      await until(() => part(el, "dictation-interim") !== null, "the pending run");
      await el.updateComplete;
      await expectNoViolations(el);
    });
  });
});
