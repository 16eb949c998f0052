// `stash()` / `restore(entry)` (docs/composer.md): the entry is `{ version: 1, text, records, createdAt }`,
// and restoring goes through the paste importer, replacing the draft.
import { expect } from "@esm-bundle/chai";
import { CONTEXT_FRAGMENT_MIME, encodeClipboardFragment } from "../../../src/codec/clipboard.js";
import type { ImageContextRecord, PreviewAnnotationContextRecord } from "../../../src/contract/types.js";
import type { ComposerStashEntry } from "../../../src/elements/composer/types.js";
import { deferred, focusEnd, frame, manualTransport, mount, pngFile, terminal, unmountAll } from "../composer/helpers.js";
import { element } from "../transcript/fixtures.js";
import { clipboard, expectValue, pasteInto, uploadsDone } from "./helpers.js";

const link = (record: { kind: string; contextId: string; label: string }) =>
  `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;

const shelfImage: ImageContextRecord = {
  version: 1, contextId: "image_att_shelf", kind: "image", label: "shelf.png", attachmentId: "up_7", name: "shelf.png", mimeType: "image/png", sizeBytes: 9,
};


describe("stash and restore", () => {
  afterEach(unmountAll);

  it("takes the draft out as { version: 1, text, records, createdAt } and puts it back, shelf images included", async () => {
    const composer = await mount();
    composer.value = { text: `run ${link(terminal)}`, context: { version: 1, records: [terminal, shelfImage] } };
    const entry = composer.stash();
    expect(Object.keys(entry)).to.deep.equal(["version", "text", "records", "createdAt"]);
    expect({ ...entry, createdAt: typeof entry.createdAt }).to.deep.equal({ version: 1, text: `run ${link(terminal)}`, records: [terminal, shelfImage], createdAt: "string" });
    expect(new Date(entry.createdAt).toISOString()).to.equal(entry.createdAt);
    expectValue(composer, { text: "" });
    composer.restore(JSON.parse(JSON.stringify(entry)) as ComposerStashEntry);
    expectValue(composer, { text: `run ${link(terminal)}`, context: { version: 1, records: [terminal] } });
    expect(composer.attachments).to.deep.equal([
      { localId: "att_shelf", name: "shelf.png", mimeType: "image/png", sizeBytes: 9, status: "ready", attachmentId: "up_7", referenced: false },
    ]);
  });

  it("imports as a paste does: legacy ids re-scoped, an element turned annotation, invalid records dropped", async () => {
    const composer = await mount();
    const legacy = { ...terminal, contextId: "legacy_terminal_1" };
    composer.restore({
      version: 1,
      text: `${link(legacy)} ${link(element)} [bad](t3-context://v1/file/file_x)`,
      records: [legacy, element, { version: 1, contextId: "file_x", kind: "file", label: "bad" } as never],
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const scoped = { ...terminal, contextId: "terminal_legacy_terminal_1" };
    const { version: _v, contextId: _c, kind: _k, label, ...details } = element;
    const annotation: PreviewAnnotationContextRecord = {
      version: 1, contextId: "preview-annotation_e1", kind: "preview-annotation", label, annotationId: "e1",
      pageUrl: element.pageUrl, pageTitle: element.pageTitle, comment: "", targetSummary: "1 selected element", styleChanges: [],
      elements: [details], elementIds: ["e1"],
    };
    expectValue(composer, {
      text: `${link(scoped)} ${link(annotation)} [bad](t3-context://v1/file/file_x)`,
      context: { version: 1, records: [scoped, annotation] },
    });
  });

  it("brings back an upload that had not finished when the very entry is restored", async () => {
    const manual = manualTransport();
    const composer = await mount();
    composer.transport = manual.transport;
    await focusEnd(composer);
    composer.attachFiles([pngFile("slow.png")]);
    const first = await manual.nextUpload();
    const local = composer.attachments[0]!.localId;
    const entry = composer.stash();
    expect(first.options.signal.aborted).to.equal(true);
    const again = manual.nextUpload();
    composer.restore(entry);
    const upload = await again;
    expect([upload.options.localId, composer.attachments[0]!.status]).to.deep.equal([local, "uploading"]);
    upload.finish("up_99");
    await uploadsDone(composer);
    const image = { version: 1, contextId: `image_${local}`, kind: "image", label: "slow.png", attachmentId: "up_99", name: "slow.png", mimeType: "image/png", sizeBytes: pngFile().size } as const;
    expectValue(composer, { text: `${link(image)} `, context: { version: 1, records: [image] } });
  });

  it("replaces a draft whose pasted attachment is still on its way: the bytes never join", async () => {
    const fetched = deferred<Blob>();
    const composer = await mount();
    composer.transport = { send: () => Promise.reject(new Error("unused")), fetchAttachment: () => fetched.promise };
    const json = encodeClipboardFragment({ version: 1, source: { environmentId: "env-x" }, records: [shelfImage] })!;
    pasteInto(composer, clipboard({ "text/plain": link(shelfImage), [CONTEXT_FRAGMENT_MIME]: json }));
    composer.restore({ version: 1, text: "restored", records: [], createdAt: "2026-01-01T00:00:00.000Z" });
    fetched.resolve(new Blob(["png"], { type: "image/png" }));
    await frame();
    expectValue(composer, { text: "restored" });
    expect(composer.attachments).to.deep.equal([]);
  });
});
