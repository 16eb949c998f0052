// Edit and resend in the composer (docs/composer.md, "Edit and resend"): `edit(message)` loads a
// sent message with every chip, record and attachment (bound to the host's ids, no upload), the
// edit bar shows it, the next send carries `editOf`, and Escape, Cancel or the finished send bring
// back exactly the draft that was there before.
import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { EditableMessage } from "../../../src/elements/composer/edit-message.js";
import { chipsOf, chord, file, focusEnd, image, manualTransport, memoryTransport, mention, mount, pngFile, press, terminal, type, unmountAll } from "./helpers.js";

const link = (record: ComposerContextRecord) => `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;
/** The host's URL of the image: an object URL here, so the page loads it without a host. */
const HOST_URL = URL.createObjectURL(pngFile());

/** A stored message with an image, a file, a terminal excerpt and a mention, as a transcript holds it. */
function storedMessage(): EditableMessage {
  return {
    id: "message_1",
    text: `Why does ${link(image)} fail after ${link(terminal)} in ${link(mention)}? See ${link(file)}`,
    context: { version: 1, records: [image, terminal, mention, file] },
    attachments: [
      { id: "up_1", name: "shot.png", mimeType: "image/png", sizeBytes: 1234, url: HOST_URL },
      { id: "up_2", name: "notes.txt", mimeType: "text/plain", sizeBytes: 42, url: "https://host.invalid/attachments/up_2" },
    ],
  };
}

const bar = (el: T3ComposerElement) => el.shadowRoot!.querySelector<HTMLElement>("[part=editing]");
const thumbnails = (el: T3ComposerElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>("[part~=thumbnail]")];

/** Everything a person sees and a send would take: text, records, chips, attachments, shelf. */
function draftSnapshot(el: T3ComposerElement) {
  return {
    value: el.value,
    chips: chipsOf(el).map((chip) => chip.dataset.contextId),
    attachments: el.attachments,
    shelf: thumbnails(el).map((item) => [item.dataset.contextId, item.dataset.referenced]),
  };
}

/** A draft in progress: typed text, a mention chip and an image kept on the shelf after its chip went. */
async function draftInProgress(el: T3ComposerElement): Promise<void> {
  await focusEnd(el);
  await type("half a thought ");
  el.insertContext({ ...image, contextId: "image_att_9", attachmentId: "up_9", label: "kept.png", name: "kept.png" });
  await el.updateComplete;
  await press("Backspace"); // the trailing space
  await press("Backspace"); // the image chip: the image stays on the shelf
  el.insertContext(mention);
  await type("and more");
  await el.updateComplete;
}

async function click(node: Element): Promise<void> {
  const box = node.getBoundingClientRect();
  await sendMouse({ type: "click", position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

describe("<t3-composer> edit and resend", () => {
  afterEach(unmountAll);

  it("loads the message with every chip and record, its attachments bound to the host's ids, without an upload", async () => {
    const el = await mount();
    const { transport, uploads } = manualTransport();
    el.transport = transport;
    const message = storedMessage();
    el.edit(message);
    await el.updateComplete;
    expect(el.value).to.deep.equal({ text: message.text, context: message.context });
    expect(chipsOf(el).map((chip) => chip.dataset.contextId)).to.deep.equal(["image_att_1", "terminal_t1", "mention_src-a-ts", "file_att_2"]);
    expect(el.attachments.map((a) => [a.localId, a.attachmentId, a.status])).to.deep.equal([
      ["att_1", "up_1", "ready"],
      ["att_2", "up_2", "ready"],
    ]);
    expect(uploads).to.have.length(0);
    // The thumbnail comes from the host's URL for the attachment.
    expect(thumbnails(el).map((item) => item.querySelector("img")?.getAttribute("src"))).to.deep.equal([HOST_URL]);
    expect(el.editing).to.deep.equal({ messageId: "message_1", preview: "Why does shot.png fail after build lines 3-4 in src/a.ts?…" });
    expect(bar(el)!.querySelector(".editing-text")!.textContent).to.equal("Editing: Why does shot.png fail after build lines 3-4 in src/a.ts?…");
  });

  it("sends editOf with the edited text and the records and attachments unchanged, then brings back the draft from before", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    await draftInProgress(el);
    const before = draftSnapshot(el);
    const message = storedMessage();
    el.edit(message);
    await el.updateComplete;
    // Change one word with real keys: from the end, step over the file chip and the space, select "See", type over it.
    el.focus();
    await press("ArrowLeft");
    await press("ArrowLeft");
    for (let i = 0; i < 3; i++) await chord("Shift", "ArrowLeft");
    await type("Read");
    await press("Enter");
    await el.updateComplete;
    expect(transport.sent).to.have.length(1);
    expect(transport.sent[0]).to.deep.equal({
      clientMessageId: transport.sent[0]!.clientMessageId,
      text: message.text.replace("See", "Read"),
      context: message.context,
      attachments: [
        { localId: "att_1", attachmentId: "up_1" },
        { localId: "att_2", attachmentId: "up_2" },
      ],
      editOf: "message_1",
    });
    expect(el.editing).to.equal(null);
    expect(bar(el)).to.equal(null);
    expect(draftSnapshot(el)).to.deep.equal(before);
  });

  it("leaves edit mode on Escape and restores exactly the draft from before: text, chips, records, shelf", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    await draftInProgress(el);
    const before = draftSnapshot(el);
    expect(before.shelf).to.deep.equal([["image_att_9", "false"]]);
    el.edit(storedMessage());
    await el.updateComplete;
    expect(draftSnapshot(el)).not.to.deep.equal(before);
    el.focus();
    await press("Escape");
    await el.updateComplete;
    expect(el.editing).to.equal(null);
    expect(bar(el)).to.equal(null);
    expect(draftSnapshot(el)).to.deep.equal(before);
    // Out of edit mode, Escape does nothing to the draft.
    await press("Escape");
    expect(draftSnapshot(el)).to.deep.equal(before);
  });

  it("leaves edit mode with the Cancel button, by mouse and by keyboard, restoring the draft", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    await draftInProgress(el);
    const before = draftSnapshot(el);
    el.edit(storedMessage());
    await el.updateComplete;
    await click(bar(el)!.querySelector("[part=editing-cancel]")!);
    await el.updateComplete;
    expect(el.editing).to.equal(null);
    expect(draftSnapshot(el)).to.deep.equal(before);

    el.edit(storedMessage());
    await el.updateComplete;
    const cancel = bar(el)!.querySelector<HTMLButtonElement>("[part=editing-cancel]")!;
    expect(cancel.getAttribute("aria-label")).to.equal("Cancel edit");
    cancel.focus();
    await press("Enter");
    await el.updateComplete;
    expect(draftSnapshot(el)).to.deep.equal(before);
  });

  it("replaces an edit with a second one; leaving brings back the draft from before the first", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    await draftInProgress(el);
    const before = draftSnapshot(el);
    el.edit(storedMessage());
    el.edit({ id: "message_2", text: `only ${link(terminal)}`, context: { version: 1, records: [terminal] } });
    await el.updateComplete;
    expect(el.editing!.messageId).to.equal("message_2");
    expect(el.value).to.deep.equal({ text: `only ${link(terminal)}`, context: { version: 1, records: [terminal] } });
    el.cancelEdit();
    await el.updateComplete;
    expect(draftSnapshot(el)).to.deep.equal(before);
  });

  it("closes the suggestions on Escape first, and leaves edit mode on the next Escape", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    el.addEventListener("t3-trigger", (event) => event.detail.provide(Promise.resolve([{ kind: "mention", value: "src/b.ts" }])));
    el.edit({ id: "message_3", text: "hello" });
    await focusEnd(el);
    await type(" @sr");
    const listbox = el.shadowRoot!.querySelector("[role=listbox]")!;
    for (let frame = 0; frame < 60 && listbox.querySelectorAll("[role=option]").length === 0; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    expect(listbox.querySelectorAll("[role=option]").length).to.equal(1);
    await press("Escape");
    await el.updateComplete;
    expect(el.editing?.messageId).to.equal("message_3");
    await press("Escape");
    await el.updateComplete;
    expect(el.editing).to.equal(null);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("does not recall the prompt history on ArrowUp while editing", async () => {
    const el = await mount();
    el.transport = memoryTransport();
    el.value = { text: "sent before" };
    await el.send();
    expect(el.history.map((entry) => entry.text)).to.deep.equal(["sent before"]);
    el.edit({ id: "message_6", text: "being edited" });
    await el.updateComplete;
    el.focus();
    for (let i = 0; i < "being edited".length; i++) await press("ArrowLeft"); // the caret at the very start
    await press("ArrowUp");
    await el.updateComplete;
    expect(el.value).to.deep.equal({ text: "being edited" });
    expect(el.editing?.messageId).to.equal("message_6");
    // Out of edit mode, the same key recalls it.
    el.cancelEdit();
    el.focus();
    await press("ArrowUp");
    await el.updateComplete;
    expect(el.value).to.deep.equal({ text: "sent before" });
  });

  it("carries editOf to a transport that takes legacy text", async () => {
    const el = await mount();
    const transport = { ...memoryTransport(), capabilities: { inlineMessageContext: false } };
    el.transport = transport;
    el.edit({ id: "message_4", text: `see ${link(terminal)}`, context: { version: 1, records: [terminal] } });
    await el.send();
    expect(transport.sent[0]!.editOf).to.equal("message_4");
    expect(transport.sent[0]!.context).to.equal(undefined);
  });

  it("throws for something that is not a message, and when the transport takes no edits", async () => {
    const el = await mount();
    expect(() => el.edit({ text: "no id" } as unknown as EditableMessage)).to.throw(TypeError, 'edit: expected a stored message { id, text, context?, attachments? }, got {"text":"no id"}');
    el.transport = { ...memoryTransport(), capabilities: { edit: false } };
    expect(() => el.edit({ id: "m1", text: "x" })).to.throw("edit: the transport says its host takes no edits (capabilities.edit is false); cannot edit m1");
    expect(el.editing).to.equal(null);
  });

  describe("under draft-key", () => {
    const KEY = "edit-reload";
    afterEach(() => {
      localStorage.removeItem(`t3-composer:draft:${KEY}`);
      localStorage.removeItem(`t3-composer:edit:${KEY}`);
    });

    /** A page with a draft in progress that edits the stored message, then reloads. */
    async function editThenReload(): Promise<{ el: T3ComposerElement; before: unknown }> {
      const first = await mount({ "draft-key": KEY });
      first.transport = memoryTransport();
      await focusEnd(first);
      await type("typed before the edit ");
      first.insertContext(mention);
      await first.updateComplete;
      const before = first.value;
      first.edit({ id: "message_7", text: `see ${link(terminal)}`, context: { version: 1, records: [terminal] } });
      await first.updateComplete;
      unmountAll(); // the page goes: the draft is saved
      const el = await mount({ "draft-key": KEY });
      el.transport = memoryTransport();
      return { el, before };
    }

    it("keeps edit mode across a reload; Escape then brings back the draft from before", async () => {
      const { el, before } = await editThenReload();
      expect(el.editing).to.deep.equal({ messageId: "message_7", preview: "see build lines 3-4" });
      expect(bar(el)).not.to.equal(null);
      expect(el.value).to.deep.equal({ text: `see ${link(terminal)}`, context: { version: 1, records: [terminal] } });
      el.focus();
      await press("Escape");
      await el.updateComplete;
      expect(el.editing).to.equal(null);
      expect(el.value).to.deep.equal(before);
      expect(localStorage.getItem(`t3-composer:edit:${KEY}`)).to.equal(null);
    });

    it("sends editOf after a reload, then brings back the draft from before", async () => {
      const { el, before } = await editThenReload();
      const transport = memoryTransport();
      el.transport = transport;
      await el.send();
      expect(transport.sent[0]!.editOf).to.equal("message_7");
      expect(el.editing).to.equal(null);
      expect(el.value).to.deep.equal(before);
      expect(localStorage.getItem(`t3-composer:edit:${KEY}`)).to.equal(null);
    });

    it("ignores a saved edit mode that is not one", async () => {
      for (const raw of ["{", "null", '{"version":1,"messageId":"not an id"}', '{"version":2,"messageId":"m1"}', '{"__proto__":{"version":1},"messageId":"m1"}']) {
        localStorage.setItem(`t3-composer:edit:${KEY}`, raw);
        const el = await mount({ "draft-key": KEY });
        expect(el.editing, raw).to.equal(null);
        unmountAll();
      }
    });
  });

  it("drops records that do not decode and keeps the rest", async () => {
    const el = await mount();
    el.edit({ id: "m5", text: `a ${link(terminal)} b`, context: { version: 1, records: [terminal, { kind: "terminal", contextId: "bad" } as never] } });
    await el.updateComplete;
    expect(el.value).to.deep.equal({ text: `a ${link(terminal)} b`, context: { version: 1, records: [terminal] } });
  });
});
