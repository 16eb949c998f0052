// Composer copy and cut (docs/composer.md; docs/wire-format.md, "Clipboard fragment"): canonical Markdown as text/plain, and the
// fragment of the referenced, clipboard-safe records under the custom type and in text/html.
import { expect } from "@esm-bundle/chai";
import { encodeClipboardHtml } from "../../../src/codec/clipboard.js";
import type { ImageContextRecord, PreviewAnnotationContextRecord } from "../../../src/contract/types.js";
import { chipsOf, chord, editorOf, focusEnd, frame, manualTransport, mention, mount, next, pngFile, press, record, terminal, unmountAll } from "../composer/helpers.js";
import { CONTEXT_FRAGMENT_MIME, copyFrom, expectValue, pasteInto, selectAll, sharedTransport, typesOf, uploadsDone } from "./helpers.js";

const link = (record: { kind: string; contextId: string; label: string }) =>
  `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;

/**
 * Checks what a copy wrote: `text` as text/plain, the fragment of `records` from `source` under
 * the custom type (compared parsed: key order is the decoder's), and the HTML flavor of exactly
 * that JSON.
 */
function expectWritten(data: DataTransfer, text: string, source: object, records: object[]): void {
  const json = data.getData(CONTEXT_FRAGMENT_MIME);
  expect(data.types).to.deep.equal(["text/plain", CONTEXT_FRAGMENT_MIME, "text/html"]);
  expect(data.getData("text/plain")).to.equal(text);
  expect(JSON.parse(json)).to.deep.equal({ version: 1, source, records });
  expect(data.getData("text/html")).to.equal(encodeClipboardHtml(json, { text }));
}


describe("composer copy and cut", () => {
  afterEach(unmountAll);

  it("copies from one composer and pastes into a second one with another environment-id", async () => {
    const transport = sharedTransport();
    const a = await mount({ "environment-id": "env-a", "thread-id": "thread-1" });
    a.transport = transport;
    a.value = { text: `Check ${link(terminal)} please`, context: { version: 1, records: [terminal] } };
    await focusEnd(a);
    a.attachFiles([pngFile("pixel.png")]);
    await uploadsDone(a);
    const aLocal = a.attachments[0]!.localId;
    const image: ImageContextRecord = {
      version: 1, contextId: `image_${aLocal}`, kind: "image", label: "pixel.png", attachmentId: aLocal, name: "pixel.png", mimeType: "image/png", sizeBytes: pngFile().size,
    };
    const text = `Check ${link(terminal)} please ${link(image)} `;
    expectValue(a, { text, context: { version: 1, records: [terminal, image] } });

    await selectAll(a);
    const data = copyFrom(editorOf(a));
    expectWritten(data, text, { environmentId: "env-a", threadId: "thread-1" }, [terminal, image]);

    const b = await mount({ "environment-id": "env-b" });
    b.transport = transport;
    await focusEnd(b);
    const added = next(b, "t3-context-add");
    pasteInto(b, data);
    await added; // the terminal joins at once
    await next(b, "t3-context-add"); // the image when its bytes are back
    await uploadsDone(b);
    const bLocal = b.attachments[0]!.localId;
    expect(bLocal).to.match(/^att_[a-z0-9]{16}$/).and.not.equal(aLocal);
    const pasted = { ...image, contextId: `image_${bLocal}`, attachmentId: bLocal };
    expectValue(b, { text: `Check ${link(terminal)} please ${link(pasted)} `, context: { version: 1, records: [terminal, pasted] } });
    expect(transport.fetches).to.deep.equal([{ environmentId: "env-a", attachmentId: aLocal }]);
    expectValue(a, { text, context: { version: 1, records: [terminal, image] } }); // the source is untouched
  });

  it("cut writes the same as copy, then deletes the selection; undo brings the chip back with its record", async () => {
    const a = await mount({ "environment-id": "env-a" });
    a.value = { text: `x ${link(terminal)} y`, context: { version: 1, records: [terminal] } };
    await selectAll(a);
    const data = copyFrom(editorOf(a), "cut");
    expectWritten(data, `x ${link(terminal)} y`, { environmentId: "env-a" }, [terminal]);
    expectValue(a, { text: "" });
    await chord("Control", "z");
    expectValue(a, { text: `x ${link(terminal)} y`, context: { version: 1, records: [terminal] } });
  });

  it("writes only the records the copied text references", async () => {
    const a = await mount({ "environment-id": "env-a" });
    a.value = { text: `${link(mention)} and ${link(terminal)}`, context: { version: 1, records: [mention, terminal] } };
    await focusEnd(a);
    await chord("Shift", "ArrowLeft"); // the chip, in one step
    await frame();
    expectWritten(copyFrom(editorOf(a)), link(terminal), { environmentId: "env-a" }, [terminal]);
  });

  it("writes plain text only when the selection holds no chip with a record", async () => {
    const a = await mount();
    a.value = { text: `plain [gone](t3-context://v1/terminal/terminal_zz) words` };
    await selectAll(a);
    expect(typesOf(copyFrom(editorOf(a)))).to.deep.equal({ "text/plain": "plain [gone](t3-context://v1/terminal/terminal_zz) words" });
  });

  it("leaves an image whose upload is not done out of the fragment", async () => {
    const manual = manualTransport();
    const a = await mount({ "environment-id": "env-a" });
    a.transport = manual.transport;
    a.attachFiles([pngFile("slow.png")]);
    await manual.nextUpload();
    await selectAll(a);
    const local = a.attachments[0]!.localId;
    expect(typesOf(copyFrom(editorOf(a)))).to.deep.equal({ "text/plain": `![slow.png](t3-context://v1/image/image_${local}) ` });
  });

  it("takes an annotation's screenshot image along", async () => {
    const screenshot: ImageContextRecord = {
      version: 1, contextId: "image_a1", kind: "image", label: "annotation.png", attachmentId: "up_shot", name: "annotation.png", mimeType: "image/png", sizeBytes: 3,
    };
    const annotation: PreviewAnnotationContextRecord = {
      version: 1, contextId: "preview-annotation_a1", kind: "preview-annotation", label: "Make it blue", annotationId: "a1",
      pageUrl: "https://app.test/", pageTitle: "Home", comment: "Make it blue", targetSummary: "2 marked regions", styleChanges: [],
      screenshotContextId: "image_a1", regionCount: 2,
    };
    const a = await mount({ "environment-id": "env-a" });
    a.value = { text: `see ${link(annotation)}`, context: { version: 1, records: [annotation, screenshot] } };
    await selectAll(a);
    expectWritten(copyFrom(editorOf(a)), `see ${link(annotation)}`, { environmentId: "env-a" }, [annotation, screenshot]);
  });

  it("names the page's origin as the source when there is no environment-id", async () => {
    const a = await mount({ "environment-id": "  " });
    a.value = { text: link(terminal), context: { version: 1, records: [terminal] } };
    await selectAll(a);
    expect(JSON.parse(copyFrom(editorOf(a)).getData(CONTEXT_FRAGMENT_MIME)).source).to.deep.equal({ environmentId: location.origin });
  });

  it("lets the copy event propagate out of the shadow root", async () => {
    const a = await mount();
    a.value = { text: "hello" };
    await selectAll(a);
    const seen: ClipboardEvent[] = [];
    const listen = (event: Event) => seen.push(event as ClipboardEvent);
    document.addEventListener("copy", listen);
    try {
      copyFrom(editorOf(a));
    } finally {
      document.removeEventListener("copy", listen);
    }
    expect(seen.map((event) => [event.defaultPrevented, event.clipboardData?.getData("text/plain")])).to.deep.equal([[true, "hello"]]);
  });

  it("pastes a copied chip back as a second occurrence of the same record", async () => {
    const a = await mount({ "environment-id": "env-a" });
    a.value = { text: `end ${link(terminal)}`, context: { version: 1, records: [terminal] } };
    await focusEnd(a);
    await chord("Shift", "ArrowLeft");
    await frame();
    const data = copyFrom(editorOf(a));
    await press("End");
    await frame();
    const added = record(a, "t3-context-add");
    pasteInto(a, data);
    expectValue(a, { text: `end ${link(terminal)}${link(terminal)}`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(a).map((chip) => chip.dataset.contextId)).to.deep.equal(["terminal_t1", "terminal_t1"]);
    expect(added).to.have.length(0); // the draft held it: nothing joined
  });
});
