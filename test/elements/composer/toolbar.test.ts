import { expect } from "@esm-bundle/chai";
import { executeServerCommand, sendKeys } from "@web/test-runner-commands";
import { chipsOf, focusEnd, frame, memoryTransport, mount, next, press, record, type, unmountAll } from "./helpers.js";
import { click, part, slowTransport, until } from "./toolbar-helpers.js";
import { itIn } from "../../support/engine.js";

describe("<t3-composer> toolbar", () => {
  afterEach(unmountAll);

  it("draws the toolbar under the editor: Attach, then Send, disabled while the draft is empty", async () => {
    const el = await mount();
    el.speech = null;
    await el.updateComplete;
    const toolbar = part(el, "toolbar")!;
    const editor = part(el, "editor")!;
    expect(editor.compareDocumentPosition(toolbar) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    const buttons = [...toolbar.querySelectorAll("button")].map((button) => [button.getAttribute("part"), button.getAttribute("aria-label")]);
    expect(buttons).to.deep.equal([["attach-button", "Attach files"], ["send-button", "Send"]]);
    expect((part(el, "send-button") as HTMLButtonElement).disabled).to.equal(true);
  });

  it("draws each button's icon as SVG shapes a person can see", async () => {
    const el = await mount();
    el.speech = null;
    await el.updateComplete;
    for (const name of ["attach-button", "send-button"]) {
      const shape = part(el, name)!.querySelector("svg > *") as SVGGraphicsElement;
      // A shape made in the HTML namespace is an unknown HTML element that draws nothing.
      expect(shape.namespaceURI, name).to.equal("http://www.w3.org/2000/svg");
      expect(shape.getBBox().width, name).to.be.greaterThan(0);
    }
  });

  it("enables Send once there is text, and a click sends it as Enter does", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    await focusEnd(el);
    await type("hello");
    await el.updateComplete;
    const send = part(el, "send-button") as HTMLButtonElement;
    expect(send.disabled).to.equal(false);
    const sent = next(el, "t3-sent");
    await click(send);
    await sent;
    expect(transport.sent.map((message) => message.text)).to.deep.equal(["hello"]);
    expect(el.value).to.deep.equal({ text: "" });
    await el.updateComplete;
    expect((part(el, "send-button") as HTMLButtonElement).disabled).to.equal(true);
  });

  it("reaches Send with Tab and sends with Space", async () => {
    const el = await mount();
    el.speech = null;
    const transport = memoryTransport();
    el.transport = transport;
    await focusEnd(el);
    await type("by keyboard");
    await el.updateComplete;
    await press("Tab"); // Attach
    expect(el.shadowRoot!.activeElement?.getAttribute("part")).to.equal("attach-button");
    await press("Tab");
    expect(el.shadowRoot!.activeElement?.getAttribute("part")).to.equal("send-button");
    const sent = next(el, "t3-sent");
    await press(" ");
    await sent;
    expect(transport.sent.map((message) => message.text)).to.deep.equal(["by keyboard"]);
  });

  it("queues the draft on Send while busy, as Enter does", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    el.busy = true;
    el.value = { text: "later" };
    await el.updateComplete;
    const send = part(el, "send-button")!;
    expect(send.getAttribute("aria-label")).to.equal("Send");
    await click(send);
    await until(() => el.queue.length === 1, "the queued message");
    expect(el.queue[0]!.value.text).to.equal("later");
  });

  it("hides the built-in buttons with toolbar=\"none\" and keeps the actions row", async () => {
    const el = await mount({ toolbar: "none" });
    expect(part(el, "send-button") === null).to.equal(true);
    expect(part(el, "attach-button") === null).to.equal(true);
    expect(part(el, "toolbar") === null).to.equal(true);
    expect(part(el, "actions") !== null).to.equal(true);
  });

  it("puts toolbar-start after the built-in tools and toolbar-end just before Send", async () => {
    const el = await mount();
    el.speech = null;
    el.innerHTML = `<button slot="toolbar-end">Model</button><button slot="toolbar-start">Files</button>`;
    await el.updateComplete;
    const toolbar = part(el, "toolbar")!;
    const order = [...toolbar.children].map((child) => child.getAttribute("part") ?? (child as HTMLSlotElement).name ?? child.tagName).filter(Boolean);
    expect(order.indexOf("attach-button")).to.be.lessThan(order.indexOf("toolbar-start"));
    expect(order.indexOf("toolbar-end")).to.equal(order.indexOf("send-button") - 1);
    const slot = toolbar.querySelector<HTMLSlotElement>('slot[name="toolbar-end"]')!;
    expect(slot.assignedElements().map((element) => element.textContent)).to.deep.equal(["Model"]);
  });

  it("turns Send into Stop while a send runs; Stop aborts it and the draft stays", async () => {
    const el = await mount();
    const slow = slowTransport();
    el.transport = slow.transport;
    el.value = { text: "keep me" };
    await el.updateComplete;
    const errors = record(el, "t3-error");
    const stops = record(el, "t3-stop");
    const outcome = el.send().then(() => null, (error: unknown) => error); // rejects during the click below
    await until(() => slow.sends.length === 1, "the send to start");
    await el.updateComplete;
    const stop = part(el, "send-button")!;
    expect(stop.getAttribute("aria-label")).to.equal("Stop");
    expect(stop.getAttribute("part")).to.equal("send-button stop-button");
    await click(stop);
    const failure = await outcome;
    expect((failure as { code?: string }).code).to.equal("send-failed");
    expect(slow.aborted).to.have.length(1);
    expect(stops.map((event) => event.detail.sending)).to.deep.equal([true]);
    expect(errors).to.have.length(0);
    expect(el.value).to.deep.equal({ text: "keep me" });
    await el.updateComplete;
    expect(part(el, "error") === null).to.equal(true);
    expect(part(el, "send-button")!.getAttribute("aria-label")).to.equal("Send");
  });

  it("does not abort the send when t3-stop is canceled", async () => {
    const el = await mount();
    const slow = slowTransport();
    el.transport = slow.transport;
    el.value = { text: "go on" };
    el.addEventListener("t3-stop", (event) => event.preventDefault());
    const sending = el.send();
    await until(() => slow.sends.length === 1, "the send to start");
    await el.updateComplete;
    await click(part(el, "stop-button")!);
    expect(slow.aborted).to.have.length(0);
    slow.release();
    expect((await sending)?.text).to.equal("go on");
  });

  it("shows Stop while busy with an empty draft; pressing it fires a cancelable t3-stop", async () => {
    const el = await mount();
    el.busy = true;
    await el.updateComplete;
    const stop = part(el, "send-button") as HTMLButtonElement;
    expect(stop.getAttribute("aria-label")).to.equal("Stop");
    expect(stop.disabled).to.equal(false);
    const event = next(el, "t3-stop");
    stop.focus();
    await press("Enter");
    const heard = await event;
    expect(heard.cancelable).to.equal(true);
    expect(heard.detail).to.deep.equal({ sending: false });
    await focusEnd(el);
    await type("x");
    await el.updateComplete;
    expect(part(el, "send-button")!.getAttribute("aria-label")).to.equal("Send");
  });

  // Chromium and Firefox only: the chooser is caught and answered through puppeteer's
  // waitForFileChooser (test/support/page-commands.mjs); WebKit's WebDriver has no such command.
  itIn(["chromium", "firefox"], "attaches the files picked in the real file chooser: chips, uploads, multiple and accept passed on", async () => {
    const el = await mount({ accept: ".txt,text/plain" });
    const transport = memoryTransport();
    el.transport = transport;
    await el.updateComplete;
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).to.equal(".txt,text/plain");
    await executeServerCommand("file-chooser-arm");
    await click(part(el, "attach-button")!);
    const changes = record(el, "t3-context-add");
    const { multiple } = await executeServerCommand<{ multiple: boolean }, { files: { name: string; text: string }[] }>("file-chooser-accept", {
      files: [{ name: "notes.txt", text: "one" }, { name: "todo.txt", text: "two" }],
    });
    expect(multiple).to.equal(true);
    await until(() => el.attachments.length === 2 && el.attachments.every((attachment) => attachment.status === "ready"), "two uploaded files");
    expect(el.attachments.map((attachment) => attachment.name)).to.deep.equal(["notes.txt", "todo.txt"]);
    expect(changes.map((event) => event.detail.record.kind)).to.deep.equal(["file", "file"]);
    await frame();
    expect(chipsOf(el).map((chip) => chip.textContent?.includes("notes.txt") || chip.textContent?.includes("todo.txt"))).to.deep.equal([true, true]);
  });

  // Chromium and Firefox only: the chooser is caught and answered through puppeteer's
  // waitForFileChooser (test/support/page-commands.mjs); WebKit's WebDriver has no such command.
  itIn(["chromium", "firefox"], "opens the file chooser from the keyboard (Enter on Attach)", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    await el.updateComplete;
    await executeServerCommand("file-chooser-arm");
    part(el, "attach-button")!.focus();
    await sendKeys({ press: "Enter" });
    await executeServerCommand("file-chooser-accept", { files: [{ name: "a.txt", text: "a" }] });
    await until(() => el.attachments.length === 1, "the attached file");
    expect(el.attachments[0]!.name).to.equal("a.txt");
  });

  it("names its buttons from the strings", async () => {
    const el = await mount();
    el.speech = null;
    el.strings = { send: "Senden", attachFiles: "Dateien anhängen" };
    await el.updateComplete;
    expect(part(el, "send-button")!.getAttribute("aria-label")).to.equal("Senden");
    expect(part(el, "attach-button")!.getAttribute("aria-label")).to.equal("Dateien anhängen");
  });
});
