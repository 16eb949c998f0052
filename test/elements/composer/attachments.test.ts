import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { chipsOf, chord, editorOf, focusEnd, frame, manualTransport, mount, pngFile, press, record, type, unmountAll } from "./helpers.js";
import { clipboardEvent, dropFiles } from "../../support/events.js";

function shelf(el: T3ComposerElement): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>('[part="shelf"]');
}

function thumbnails(el: T3ComposerElement): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(".thumbnail")];
}

async function isLive(url: string): Promise<boolean> {
  try {
    await (await fetch(url)).blob();
    return true;
  } catch {
    return false;
  }
}

async function clickCenter(element: Element): Promise<void> {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: "click", position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}


describe("<t3-composer> attachments", () => {
  afterEach(unmountAll);

  it("attaches an image at the caret, shows its thumbnail and upload progress, then binds the host's id", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    el.value = { text: "see " };
    await focusEnd(el);
    const started = manual.nextUpload();
    el.attachFiles([pngFile("shot.png")]);
    const upload = await started;
    const { localId } = upload.options;
    expect(localId).to.match(/^att_[a-z0-9]{16}$/);
    expect(upload.options.name).to.equal("shot.png");
    const contextId = `image_${localId}`;
    const [chip] = chipsOf(el);
    expect(chip!.dataset.status).to.equal("uploading");
    expect(chip!.querySelector("img.t3-chip-thumb")!.getAttribute("src")).to.match(/^blob:/);
    upload.options.onProgress!(50, 100);
    expect(chip!.querySelector(".t3-chip-suffix")!.textContent).to.equal("50%");
    await el.updateComplete;
    expect(thumbnails(el).map((thumb) => thumb.dataset.status)).to.deep.equal(["uploading"]);
    expect(el.attachments).to.deep.equal([
      { localId, name: "shot.png", mimeType: "image/png", sizeBytes: upload.file.size, status: "uploading", progress: 0.5, referenced: true },
    ]);
    expect(el.value.text).to.equal(`see ![shot.png](t3-context://v1/image/${contextId}) `);
    expect(el.value.context!.records[0]).to.deep.include({ attachmentId: localId });
    upload.finish("pending_7");
    await frame();
    expect(chip!.dataset.status).to.equal("ready");
    expect(chip!.querySelector(".t3-chip-suffix")).to.equal(null);
    expect(el.value.context!.records).to.deep.equal([
      { version: 1, kind: "image", contextId, label: "shot.png", attachmentId: "pending_7", name: "shot.png", mimeType: "image/png", sizeBytes: upload.file.size },
    ]);
    expect(el.attachments[0]).to.deep.include({ status: "ready", attachmentId: "pending_7" });
  });

  it("shows a failed upload on the chip, reports it, and retries when the chip is clicked", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const errors = record(el, "t3-error");
    const activations = record(el, "t3-chip-activate");
    let started = manual.nextUpload();
    el.attachFiles([new File(["hello"], "notes.txt", { type: "text/plain" })]);
    (await started).fail();
    await frame();
    const [chip] = chipsOf(el);
    expect(chip!.dataset.status).to.equal("failed");
    expect(chip!.querySelector(".t3-chip-suffix")!.textContent).to.equal("upload failed");
    expect(chip!.title).to.match(/Upload failed/);
    expect(errors.map((event) => [event.detail.code, event.detail.message])).to.deep.equal([["upload-failed", "Uploading notes.txt failed."]]);
    started = manual.nextUpload();
    await clickCenter(chip!);
    const retry = await started;
    expect(activations[0]!.detail).to.deep.include({ kind: "file", surface: "composer", contextId: chip!.dataset.contextId });
    expect(activations[0]!.detail.referenceId).to.equal(chip!.dataset.referenceId);
    expect(chip!.dataset.status).to.equal("uploading");
    retry.finish("up_1");
    await frame();
    expect(chip!.dataset.status).to.equal("ready");
  });

  it("does not retry when the host cancels t3-chip-activate", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    const started = manual.nextUpload();
    el.attachFiles([new File(["x"], "a.txt", { type: "text/plain" })]);
    (await started).fail();
    await frame();
    el.addEventListener("t3-chip-activate", (event) => event.preventDefault());
    await clickCenter(chipsOf(el)[0]!);
    await frame();
    expect(manual.uploads).to.have.length(1);
  });

  it("a file exists only as chips: removing its last chip aborts the upload; undo brings it back and uploads again", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    await focusEnd(el);
    let started = manual.nextUpload();
    el.attachFiles([new File(["x"], "a.txt", { type: "text/plain" })]);
    const first = await started;
    const removed = record(el, "t3-context-remove");
    await press("Backspace");
    await press("Backspace");
    await frame();
    expect(first.options.signal.aborted).to.equal(true);
    expect(el.attachments).to.deep.equal([]);
    expect(removed.map((event) => event.detail.record.kind)).to.deep.equal(["file"]);
    started = manual.nextUpload();
    await chord("Control", "z");
    const again = await started;
    expect(again.options.localId).to.equal(first.options.localId);
    expect(el.attachments.map((attachment) => attachment.status)).to.deep.equal(["uploading"]);
  });

  it("keeps an image on the shelf when its chip goes", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    await focusEnd(el);
    el.attachFiles([pngFile()]);
    await press("Backspace");
    await press("Backspace");
    await frame();
    await el.updateComplete;
    expect(chipsOf(el)).to.have.length(0);
    expect(thumbnails(el).map((thumb) => thumb.dataset.referenced)).to.deep.equal(["false"]);
    expect(el.attachments.map((attachment) => attachment.referenced)).to.deep.equal([false]);
  });

  it("removes an unreferenced thumbnail at once and revokes its object URL", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    await focusEnd(el);
    el.attachFiles([pngFile()]);
    await press("Backspace");
    await press("Backspace");
    await frame();
    await el.updateComplete;
    const url = thumbnails(el)[0]!.querySelector("img")!.src;
    expect(await isLive(url)).to.equal(true);
    await clickCenter(thumbnails(el)[0]!.querySelector('[part="thumbnail-remove"]')!);
    await el.updateComplete;
    expect(shelf(el)).to.equal(null);
    expect(el.attachments).to.deep.equal([]);
    expect(await isLive(url)).to.equal(false);
  });

  it("asks before removing a referenced thumbnail, in its own dialog; Cancel keeps it, Remove takes image and chips", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    el.attachFiles([pngFile("a.png")]);
    await el.updateComplete;
    const dialog = el.shadowRoot!.querySelector("dialog")!;
    await clickCenter(thumbnails(el)[0]!.querySelector('[part="thumbnail-remove"]')!);
    await el.updateComplete;
    expect(dialog.open).to.equal(true);
    expect(dialog.textContent!.replace(/\s+/g, " ")).to.contain("Remove “a.png”? The message refers to it once");
    await clickCenter(dialog.querySelector('[part="confirm-cancel"]')!);
    await el.updateComplete;
    expect(dialog.open).to.equal(false);
    expect(chipsOf(el)).to.have.length(1);
    await clickCenter(thumbnails(el)[0]!.querySelector('[part="thumbnail-remove"]')!);
    await el.updateComplete;
    await clickCenter(dialog.querySelector('[part="confirm-remove"]')!);
    await el.updateComplete;
    expect(chipsOf(el)).to.have.length(0);
    expect(el.attachments).to.deep.equal([]);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("attaches files dropped on the editor, at the drop point", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    el.value = { text: "left right" };
    const editor = editorOf(el);
    const range = document.createRange();
    const text = editor.querySelector("p")!.firstChild!;
    range.setStart(text, 4);
    range.setEnd(text, 5);
    const box = range.getBoundingClientRect();
    dropFiles(Math.round(box.left + 1), Math.round(box.top + box.height / 2), [{ name: "drop.txt", content: "dropped bytes", type: "text/plain" }]);
    await frame();
    const [attachment] = el.attachments;
    expect(attachment).to.deep.include({ name: "drop.txt", mimeType: "text/plain", sizeBytes: 13 });
    expect(el.value.text).to.equal(`left [drop.txt](t3-context://v1/file/file_${attachment!.localId}) right`);
  });

  it("attaches pasted files", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    await focusEnd(el);
    const data = new DataTransfer();
    data.items.add(pngFile("pasted.png"));
    editorOf(el).dispatchEvent(clipboardEvent("paste", data));
    await frame();
    expect(el.attachments.map((attachment) => attachment.name)).to.deep.equal(["pasted.png"]);
    expect(chipsOf(el).map((chip) => chip.dataset.kind)).to.deep.equal(["image"]);
  });

  it("releases object URLs on disconnect and makes new ones on connect", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    el.attachFiles([pngFile()]);
    await el.updateComplete;
    const before = thumbnails(el)[0]!.querySelector("img")!.src;
    const parent = el.parentElement!;
    el.remove();
    expect(await isLive(before)).to.equal(false);
    parent.append(el);
    await el.updateComplete;
    const after = thumbnails(el)[0]!.querySelector("img")!.src;
    expect(after).to.not.equal(before);
    expect(await isLive(after)).to.equal(true);
    expect(chipsOf(el)[0]!.querySelector("img")!.getAttribute("src")).to.equal(after);
  });

  it("rejects what is not a list of files with a TypeError", async () => {
    const el = await mount();
    expect(() => el.attachFiles("a.png" as never)).to.throw(TypeError, /attachFiles: expected an iterable of File objects, got a.png/);
    expect(() => el.attachFiles([{ name: "x" }] as never)).to.throw(TypeError, /is not a File/);
    await type("");
  });
});

describe("<t3-composer> attachments, more", () => {
  afterEach(unmountAll);

  it("retries a failed image from its thumbnail's retry button", async () => {
    const el = await mount();
    const manual = manualTransport();
    el.transport = manual.transport;
    let started = manual.nextUpload();
    el.attachFiles([pngFile()]);
    (await started).fail();
    await frame();
    await el.updateComplete;
    started = manual.nextUpload();
    await clickCenter(thumbnails(el)[0]!.querySelector('[part="thumbnail-retry"]')!);
    (await started).finish("up_2");
    await frame();
    await el.updateComplete;
    expect(thumbnails(el).map((thumb) => thumb.dataset.status)).to.deep.equal(["ready"]);
  });

  it("attaches files dropped on the frame outside the text, at the caret", async () => {
    const el = await mount();
    el.transport = manualTransport().transport;
    el.innerHTML = `<button slot="actions">Send</button>`;
    el.value = { text: "x" };
    await el.updateComplete;
    const box = el.querySelector("button")!.getBoundingClientRect();
    dropFiles(Math.round(box.left - 20), Math.round(box.top + box.height / 2), [{ name: "a.txt", content: "abc", type: "text/plain" }]);
    await frame();
    expect(el.attachments.map((attachment) => attachment.name)).to.deep.equal(["a.txt"]);
    expect(el.value.text).to.equal(`x [a.txt](t3-context://v1/file/file_${el.attachments[0]!.localId}) `);
  });
});
