// Uploads asked for before the composer's rest chunk is in (src/elements/composer/uploads.ts):
// each test opens a page of its own (fixtures/fresh-page.html, the package's sources), so that
// its chunk is not in yet, and holds or blocks the chunk on the network (`hold-urls`,
// `block-urls`: test/support/server-commands.mjs). The memory transport, watched.
import { expect } from "@esm-bundle/chai";
import { CONTEXT_FRAGMENT_MIME } from "../../../src/codec/clipboard.js";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { DraftAttachment } from "../../../src/elements/composer/types.js";
import type { createMemoryTransport } from "../../../src/transport/memory-transport.js";
import type { ComposerTransport } from "../../../src/transport/types.js";
import { fitFrames, waitFor } from "../../e2e/support/frames.js";
import { openFreshPage, REST_CHUNK, SETTLE_FRAMES, type FreshWindow } from "./fixtures/fresh-page.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "../../e2e/support/network.js";

interface Page {
  win: FreshWindow;
  composer: T3ComposerElement;
  /** The names of the files the transport was asked to upload, in order. */
  uploads: string[];
  /** The attachment ids the transport was asked to fetch, in order. */
  fetches: string[];
  errors: ComposerErrorDetail[];
  transport: ReturnType<typeof createMemoryTransport>;
}

/** A fresh page with a composer on a watched memory transport, appended to it (not awaited: the rest chunk may come at any time after). */
async function composerPage(): Promise<Page> {
  const { doc, win } = await openFreshPage();
  const memory = win.t3.createMemoryTransport();
  const uploads: string[] = [];
  const fetches: string[] = [];
  const transport: ComposerTransport = {
    send: (message, options) => memory.send(message, options),
    upload: (file, options) => {
      uploads.push(options.name);
      return memory.upload!(file, options);
    },
    fetchAttachment: (source, options) => {
      fetches.push(source.attachmentId);
      return memory.fetchAttachment!(source, options);
    },
  };
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const errors: ComposerErrorDetail[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
  composer.transport = transport;
  doc.body.append(composer);
  return { win, composer, uploads, fetches, errors, transport: memory };
}

const textFile = (win: FreshWindow, name: string) => new win.File([`the bytes of ${name}`], name, { type: "text/plain" });
const statuses = (attachments: DraftAttachment[]) => attachments.map(({ name, status }) => [name, status]);

/** An image uploaded in another environment, as a copy there puts it on the clipboard. */
const SHOT = { version: 1, contextId: "image_att_src", kind: "image", label: "shot.png", attachmentId: "up_shot", name: "shot.png", mimeType: "image/png", sizeBytes: 5 } as const;

const chipOf = (composer: T3ComposerElement) => composer.shadowRoot!.querySelector<HTMLElement>(".t3-chip")!;

/**
 * Puts SHOT's bytes in the memory "host" under its id, then pastes it into the composer as a copy
 * in environment `env-src` would. The import waits for the rest chunk (paste-before-rest.test.ts):
 * nothing of it is in the draft until the chunk is.
 */
async function pasteShot({ win, composer, transport }: Page): Promise<void> {
  await transport.upload!(new win.Blob(["bytes"], { type: "image/png" }), { localId: SHOT.attachmentId, name: SHOT.name, signal: new AbortController().signal });
  const data = new win.DataTransfer();
  data.setData("text/plain", `see ![shot.png](t3-context://v1/image/${SHOT.contextId})`);
  data.setData(CONTEXT_FRAGMENT_MIME, win.t3.encodeClipboardFragment({ version: 1, source: { environmentId: "env-src" }, records: [SHOT] })!);
  const editor = composer.shadowRoot!.querySelector<HTMLElement>('[part="editor"]')!;
  editor.dispatchEvent(new win.ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
  expect(composer.value).to.deep.equal({ text: "" });
}

/** The local id the paste gave SHOT, once it is in. */
function shotId(composer: T3ComposerElement): string {
  const local = /image\/image_(att_[a-z0-9]{16})\)/.exec(composer.value.text)?.[1];
  expect(local).to.be.a("string");
  return local!;
}

async function frames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

before(() => fitFrames(1));
afterEach(resetNetwork);

describe("<t3-composer> uploads before its rest chunk is in", () => {
  it("files attached right after the composer is made show at once, and upload in order once the chunk is in; one removed meanwhile is not uploaded", async () => {
    await holdUrls([REST_CHUNK]);
    const { win, composer, uploads } = await composerPage();
    composer.attachFiles([textFile(win, "a.txt"), textFile(win, "b.txt"), textFile(win, "c.txt")]);
    expect(statuses(composer.attachments)).to.deep.equal([
      ["a.txt", "uploading"],
      ["b.txt", "uploading"],
      ["c.txt", "uploading"],
    ]);
    composer.removeContext(`file_${composer.attachments[1]!.localId}`);
    await frames(SETTLE_FRAMES, win);
    expect(uploads).to.deep.equal([]);
    expect(statuses(composer.attachments)).to.deep.equal([
      ["a.txt", "uploading"],
      ["c.txt", "uploading"],
    ]);
    expect(await releaseUrls(1)).to.be.greaterThan(0);
    await composer.updateComplete;
    expect(uploads).to.deep.equal(["a.txt", "c.txt"]);
    await waitFor(() => composer.attachments.every((attachment) => attachment.status === "ready"), "the uploads");
    expect(composer.attachments.map(({ name, localId, attachmentId }) => [name, attachmentId === localId])).to.deep.equal([
      ["a.txt", true],
      ["c.txt", true],
    ]);
  });

  it("an upload asked for meanwhile does not start when the composer leaves the page, and starts when it is back", async () => {
    await holdUrls([REST_CHUNK]);
    const { win, composer, uploads } = await composerPage();
    composer.attachFiles([textFile(win, "a.txt")]);
    const parent = composer.parentNode!;
    composer.remove();
    await frames(1, win); // past the microtask that tells a removal from a move
    await releaseUrls();
    await composer.updateComplete;
    expect(uploads).to.deep.equal([]);
    expect(statuses(composer.attachments)).to.deep.equal([["a.txt", "uploading"]]);
    parent.appendChild(composer);
    await composer.updateComplete;
    expect(uploads).to.deep.equal(["a.txt"]);
    await waitFor(() => composer.attachments[0]!.status === "ready", "the upload");
  });

  it("a chunk that cannot be fetched shows the upload failed with load-failed and keeps it; its retry fetches the chunk and uploads", async () => {
    await blockUrls([REST_CHUNK]);
    const { win, composer, uploads, errors } = await composerPage();
    composer.attachFiles([textFile(win, "notes.txt")]);
    await composer.updateComplete;
    expect(statuses(composer.attachments)).to.deep.equal([["notes.txt", "failed"]]);
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    expect(errors.map(({ code }) => code)).to.not.include("upload-failed");
    const { localId } = composer.attachments[0]!;
    const chip = composer.shadowRoot!.querySelector<HTMLElement>(".t3-chip")!;
    expect(chip.dataset.status).to.equal("failed");
    expect(composer.shadowRoot!.querySelector('[role="status"]')?.textContent).to.contain("Uploading notes.txt failed.");
    expect(composer.value).to.deep.equal({
      text: `[notes.txt](t3-context://v1/file/file_${localId}) `,
      context: {
        version: 1,
        records: [{ version: 1, kind: "file", contextId: `file_${localId}`, label: "notes.txt", attachmentId: localId, name: "notes.txt", mimeType: "text/plain", sizeBytes: 22 }],
      },
    });
    expect(uploads).to.deep.equal([]);
    await blockUrls([]);
    composer.retryAttachment(localId);
    expect(statuses(composer.attachments)).to.deep.equal([["notes.txt", "uploading"]]);
    await composer.updateComplete;
    expect(uploads).to.deep.equal(["notes.txt"]);
    await waitFor(() => composer.attachments[0]!.status === "ready", "the upload");
  });

  it("an image pasted from another environment meanwhile is fetched once the chunk is in, then joins the draft and uploads", async () => {
    await holdUrls([REST_CHUNK]);
    const page = await composerPage();
    const { win, composer, uploads, fetches } = page;
    await pasteShot(page);
    await frames(SETTLE_FRAMES, win);
    expect([fetches, composer.attachments, composer.value]).to.deep.equal([[], [], { text: "" }]);
    await releaseUrls();
    await composer.updateComplete;
    const local = shotId(composer);
    expect(fetches).to.deep.equal(["up_shot"]);
    await waitFor(() => composer.attachments[0]?.status === "ready", "the fetched image to upload");
    expect(uploads).to.deep.equal(["shot.png"]);
    expect(composer.value.context!.records).to.deep.equal([{ ...SHOT, contextId: `image_${local}`, attachmentId: local }]);
  });

  it("an image pasted while the chunk cannot be fetched goes in as its text, an unresolved chip, and is fetched when the next use brings the chunk", async () => {
    await blockUrls([REST_CHUNK]);
    const page = await composerPage();
    const { composer, fetches, uploads, errors } = page;
    await pasteShot(page);
    await composer.updateComplete;
    expect(errors.map(({ code }) => code)).to.include("load-failed");
    expect([fetches, composer.attachments]).to.deep.equal([[], []]);
    expect(composer.value).to.deep.equal({ text: `see ![shot.png](t3-context://v1/image/${SHOT.contextId})` });
    expect(chipOf(composer).dataset.contextUnresolved).to.equal("true");
    await blockUrls([]);
    // The next use, a send, fetches the chunk: the kept fragment's image is fetched again under a
    // local id its chip now names, and the send waits for it (paste-before-rest.test.ts has the
    // other records).
    await composer.send();
    expect([fetches, uploads]).to.deep.equal([["up_shot"], ["shot.png"]]);
    const sent = page.transport.sent.map(({ text, context }) => ({ text, context }));
    const local = /image\/image_(att_[a-z0-9]{16})\)$/.exec(sent[0]?.text ?? "")?.[1];
    expect(sent).to.deep.equal([
      { text: `see ![shot.png](t3-context://v1/image/image_${local})`, context: { version: 1, records: [{ ...SHOT, contextId: `image_${local}`, attachmentId: local }] } },
    ]);
  });
});
