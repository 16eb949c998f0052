// Edit and resend in the transcript (docs/transcript.md, "Edit and resend"): with `editable`, the
// person's stored messages get an Edit button (part `edit`, keyboard reachable) that fires a
// cancelable, bubbling, composed `t3-edit`; a transport that takes no edits gets none; a new
// version (`editOf`) replaces its message in place, marked edited.
import { expect } from "@esm-bundle/chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { TranscriptEditDetail } from "../../../src/elements/transcript/events.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import type { TranscriptMessage } from "../../../src/elements/transcript/types.js";
import { article, centre, cleanup, image, link, mount, rendered, shadow, terminal, userMessage } from "./fixtures.js";

const editButtons = (el: T3TranscriptElement) => [...shadow(el).querySelectorAll<HTMLButtonElement>("button[part=edit]")];
const editButtonOf = (el: T3TranscriptElement, id: string) => article(el, id).querySelector<HTMLButtonElement>("button[part=edit]");

function thread(): TranscriptMessage[] {
  return [
    userMessage("u1", `Why does ${link(terminal)} fail?`, {
      context: { version: 1, records: [terminal, image] },
      attachments: [{ id: "att-1", name: "shot.png", mimeType: "image/png" }],
    }),
    { id: "a1", role: "assistant", text: "Because." },
    { id: "s1", role: "system", text: "Note." },
    userMessage("u2", "and this?", { pending: true, clientMessageId: "msg_pending" }),
  ];
}

async function editable(messages = thread(), setup?: (el: T3TranscriptElement) => void): Promise<T3TranscriptElement> {
  return mount(messages, (el) => {
    el.editable = true;
    setup?.(el);
  });
}

describe("<t3-transcript> edit and resend", () => {
  afterEach(cleanup);

  it("gives only the person's stored messages an Edit button, named and in part edit", async () => {
    const el = await editable();
    expect(editButtons(el).map((button) => button.closest("article")!.dataset.messageId)).to.deep.equal(["u1"]);
    const button = editButtonOf(el, "u1")!;
    expect(button.getAttribute("aria-label")).to.equal("Edit message");
    expect(button.type).to.equal("button");
  });

  it("has no Edit button without editable, and adds and removes them as editable changes", async () => {
    const el = await mount(thread());
    expect(editButtons(el)).to.have.length(0);
    el.editable = true;
    await el.updateComplete;
    expect(editButtons(el)).to.have.length(1);
    expect(el.hasAttribute("editable")).to.equal(true);
    el.removeAttribute("editable");
    await el.updateComplete;
    expect(editButtons(el)).to.have.length(0);
  });

  it("has no Edit button when the transport takes no edits, and gets them back with one that does", async () => {
    const el = await editable(thread(), (transcript) => (transcript.transport = { capabilities: { edit: false } }));
    expect(editButtons(el)).to.have.length(0);
    el.transport = { capabilities: { edit: true } };
    await el.updateComplete;
    expect(editButtons(el)).to.have.length(1);
  });

  it("fires a cancelable, bubbling, composed t3-edit with the stored message, records included, on click", async () => {
    const messages = thread();
    const el = await editable(messages);
    const heard: CustomEvent<TranscriptEditDetail>[] = [];
    document.addEventListener("t3-edit", (event) => heard.push(event as CustomEvent<TranscriptEditDetail>), { once: true });
    await sendMouse({ type: "click", position: centre(editButtonOf(el, "u1")!) });
    expect(heard).to.have.length(1);
    const [event] = heard;
    expect(event!.bubbles && event!.composed && event!.cancelable).to.equal(true);
    expect(event!.detail.message).to.equal(messages[0]);
    expect(event!.detail.message.context!.records).to.deep.equal([terminal, image]);
  });

  it("is reached with Tab and activated with Enter and with Space", async () => {
    const el = await editable();
    const copy = article(el, "u1").querySelector<HTMLButtonElement>("[part=copy-button]")!;
    copy.focus();
    await sendKeys({ press: "Tab" });
    expect(shadow(el).activeElement).to.equal(editButtonOf(el, "u1"));
    const heard: string[] = [];
    el.addEventListener("t3-edit", (event) => heard.push(event.detail.message.id));
    await sendKeys({ press: "Enter" });
    await sendKeys({ press: " " });
    expect(heard).to.deep.equal(["u1", "u1"]);
  });

  it("loads the message into its composer by default, and does nothing when t3-edit is canceled", async () => {
    const composer = document.createElement("t3-composer") as T3ComposerElement;
    document.body.append(composer);
    try {
      await composer.updateComplete;
      composer.value = { text: "my draft" };
      const el = await editable(thread(), (transcript) => (transcript.composer = composer));
      const cancel = (event: Event) => event.preventDefault();
      el.addEventListener("t3-edit", cancel, { once: true });
      await sendMouse({ type: "click", position: centre(editButtonOf(el, "u1")!) });
      expect(composer.editing).to.equal(null);
      expect(composer.value).to.deep.equal({ text: "my draft" });
      await sendMouse({ type: "click", position: centre(editButtonOf(el, "u1")!) });
      await composer.updateComplete;
      expect(composer.editing).to.deep.equal({ messageId: "u1", preview: "Why does build lines 3-4 fail?" });
      expect(composer.value).to.deep.equal({ text: `Why does ${link(terminal)} fail?`, context: { version: 1, records: [terminal] } });
      expect(document.activeElement).to.equal(composer);
    } finally {
      composer.remove();
    }
  });

  it("refuses a composer without an edit method", async () => {
    const el = await mount();
    expect(() => (el.composer = {} as never)).to.throw(TypeError, "composer: expected an element with an edit(message) method, got [object Object]");
  });

  it("replaces a message in place with its new version, marked edited (appendMessage)", async () => {
    const el = await editable();
    const node = article(el, "u1");
    el.appendMessage(userMessage("u1-v2", "Why does it fail?", { editOf: "u1" }));
    await el.updateComplete;
    await rendered();
    expect(el.messages.map((m) => m.id)).to.deep.equal(["u1-v2", "a1", "s1", "u2"]);
    expect(article(el, "u1-v2")).to.equal(node);
    expect(node.querySelector("[part=body]")!.textContent).to.equal("Why does it fail?");
    const mark = node.querySelector("[part=edited]")!;
    expect(mark.textContent).to.equal("edited");
    expect(mark.parentElement!.getAttribute("part")).to.equal("bubble");
    expect(editButtonOf(el, "u1-v2")).not.to.equal(null);
    expect(article(el, "a1").querySelector("[part=edited]")).to.equal(null);
  });

  it("replaces a message in place with its new version when messages are set, and localizes the mark", async () => {
    const el = await editable(thread(), (transcript) => (transcript.strings = { edited: "modifié", editMessage: "Modifier" }));
    const node = article(el, "u1");
    el.messages = [userMessage("u1-v2", "again", { editOf: "u1" }), ...thread().slice(1)];
    await el.updateComplete;
    await rendered();
    expect(article(el, "u1-v2")).to.equal(node);
    expect(node.querySelector("[part=edited]")!.textContent).to.equal("modifié");
    expect(editButtonOf(el, "u1-v2")!.getAttribute("aria-label")).to.equal("Modifier");
  });
});
