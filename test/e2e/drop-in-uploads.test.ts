// Uploads and the composer's rest chunk on a plain page (test/e2e/drop-in/page.html), for each
// drop-in that has one (src/elements/composer/uploads.ts): files attached while the chunk is still
// on its way (held by the network) show at once and upload once it arrives, and a chunk that
// cannot be fetched shows the upload failed, keeps the attachment, and is fetched again by the
// retry. The fetch transport and the reference host, whose attachments folder says what arrived.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail, DraftAttachment, T3ComposerElement, createFetchTransport } from "../../src/index.js";
import { startHost, type TestHost } from "../support/host.js";
import { click, fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "./support/network.js";

/** Frames to let pass while the chunk is held, so that an upload that did not wait would have reached the host. */
const SETTLE_FRAMES = 10;

type DropInWindow = Window & typeof globalThis & { dropIn: { createFetchTransport: typeof createFetchTransport } };

interface Page {
  frame: HTMLIFrameElement;
  win: DropInWindow;
  composer: T3ComposerElement;
  errors: ComposerErrorDetail[];
}

let host: TestHost;
let thread = 0;

/** A page with the drop-in `name` and a composer on the reference host in it; `errors` collects its `t3-error`s from the start. */
async function composerOn(name: string): Promise<Page> {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  const win = frame.contentWindow as DropInWindow;
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const errors: ComposerErrorDetail[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
  composer.transport = win.dropIn.createFetchTransport({ baseUrl: host.apiUrl, threadId: `uploads-${++thread}`, retry: { attempts: 1 } });
  doc.body.append(composer);
  await composer.updateComplete;
  return { frame, win, composer, errors };
}

/** A text file made in the page's own realm (`attachFiles` takes its `File`s). */
const textFile = (win: DropInWindow, name: string) => new win.File([`the bytes of ${name}`], name, { type: "text/plain" });

const statuses = (attachments: DraftAttachment[]) => attachments.map(({ name, status }) => [name, status]);

async function frames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

before(() => fitFrames(1));
beforeEach(async () => {
  host = await startHost();
});
afterEach(async () => {
  await resetNetwork();
  await host.dispose();
});

for (const [name, chunk] of [
  ["composer", "/dist/composer/composer-rest.js"],
  ["t3-composer", "/dist/drop-in/composer-rest.js"],
] as const) {
  describe(`${name}.js: uploads while its rest chunk is on its way`, () => {
    it("files attached meanwhile show at once and upload once it arrives; one removed meanwhile is not uploaded", async () => {
      await holdUrls([`*${chunk}`]);
      const { win, composer } = await composerOn(name);
      composer.attachFiles([textFile(win, "kept.txt"), textFile(win, "removed.txt")]);
      expect(statuses(composer.attachments)).to.deep.equal([
        ["kept.txt", "uploading"],
        ["removed.txt", "uploading"],
      ]);
      const [kept, removed] = composer.attachments;
      composer.removeContext(`file_${removed!.localId}`);
      expect(statuses(composer.attachments)).to.deep.equal([["kept.txt", "uploading"]]);
      await frames(SETTLE_FRAMES, win);
      expect(await host.files()).to.deep.equal([]);
      expect(await releaseUrls(1)).to.be.greaterThan(0);
      await waitFor(() => composer.attachments[0]?.status === "ready", "the upload");
      const { attachmentId } = composer.attachments[0]!;
      expect(attachmentId).to.be.a("string").and.not.equal(kept!.localId);
      expect(composer.value.context!.records.map((record) => [record.contextId, (record as { attachmentId?: string }).attachmentId])).to.deep.equal([
        [`file_${kept!.localId}`, attachmentId],
      ]);
      expect(await host.files()).to.have.length(1);
    });

    it("a blocked chunk shows the upload failed with load-failed and keeps it; a click on the chip fetches the chunk and uploads", async () => {
      await blockUrls([`*${chunk}`]);
      const { frame, win, composer, errors } = await composerOn(name);
      composer.attachFiles([textFile(win, "notes.txt")]);
      await waitFor(() => composer.attachments[0]?.status === "failed", "the failed upload");
      const chip = composer.shadowRoot!.querySelector<HTMLElement>(".t3-chip")!;
      expect([chip.dataset.status, chip.querySelector(".t3-chip-suffix")!.textContent]).to.deep.equal(["failed", "upload failed"]);
      expect(errors.length).to.be.greaterThan(0);
      expect(new Set(errors.map(({ code, message }) => `${code}: ${message}`))).to.deep.equal(new Set(["load-failed: A part of the composer could not be loaded."]));
      const [attachment] = composer.attachments;
      expect(composer.value.text).to.equal(`[notes.txt](t3-context://v1/file/file_${attachment!.localId}) `);
      expect(await host.files()).to.deep.equal([]);
      await blockUrls([]);
      await click(frame, chip);
      await waitFor(() => composer.attachments[0]?.status === "ready", "the upload once the chunk can be fetched");
      expect(composer.attachments[0]!.localId).to.equal(attachment!.localId);
      expect(await host.files()).to.have.length(1);
    });
  });
}
