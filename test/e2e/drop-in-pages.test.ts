// Each drop-in (dist/t3-composer.js, dist/composer.js, dist/transcript.js) loaded by a plain page
// with one `<script type="module">` (test/e2e/drop-in/page.html): it defines its elements and no
// other, exports what docs/entries.md lists for it (the combined one: the package entry's names,
// the memory transport included), and works with real keys. The combined one fetches its
// Markdown chunk, beside itself, only when a transcript first draws, and the composer's on-demand
// parts only when one is used; a chunk that cannot be fetched is a `t3-error`. `npm run
// test:browser` builds dist/ when it is missing.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import * as packageEntry from "../../src/index.js";
import type { ComposerErrorDetail, T3ComposerElement, T3TranscriptElement } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, press, type, waitFor } from "./support/frames.js";

const MESSAGE = {
  id: "m1",
  role: "assistant",
  text: "## Plan\n\nSee **this** and [a.ts](t3-context://v1/mention/mention_a).",
  context: { version: 1, records: [{ version: 1, kind: "mention", contextId: "mention_a", label: "a.ts", path: "src/a.ts" }] },
};
const ENGINE_CHUNK = "/dist/drop-in/engine.js";
const PARTS_CHUNK = "/dist/drop-in/composer-parts.js";
/** The codec functions composer.js leaves out (src/drop-in/composer.ts), and the old path codec-extras.js re-exports. */
const CODEC_EXTRAS = [
  "collectComposerInlineTokens",
  "estimateTokensFromLength",
  "measureComposerContext",
  "normalizeMessageAttachments",
  "projectComposerContextForProvider",
  "resolveUserMessageContext",
  "serializeLegacyContextMessage",
  "upgradeLegacyContextMessage",
];

async function openDropIn(name: string): Promise<{ frame: HTMLIFrameElement; doc: Document; win: Window & { dropIn: Record<string, unknown> } }> {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  return { frame, doc, win: frame.contentWindow as Window & { dropIn: Record<string, unknown> } };
}

/** The paths of the scripts the frame fetched. */
function fetched(win: Window): string[] {
  return win.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
}

async function drawTranscript(doc: Document): Promise<T3TranscriptElement> {
  const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
  doc.body.append(transcript);
  transcript.messages = [MESSAGE as never];
  await transcript.updateComplete;
  return transcript;
}

async function typeInComposer(doc: Document): Promise<T3ComposerElement> {
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  doc.body.append(composer);
  await composer.updateComplete;
  composer.focus();
  await type("hi there");
  return composer;
}

before(() => fitFrames(1));
afterEach(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));

describe("drop-ins on a plain page", () => {
  it("composer.js defines <t3-composer> alone, takes real keys, and ships the network transports only", async () => {
    const { doc, win } = await openDropIn("composer");
    expect([!!win.customElements.get("t3-composer"), !!win.customElements.get("t3-transcript")]).to.deep.equal([true, false]);
    const composer = await typeInComposer(doc);
    expect(composer.value).to.deep.equal({ text: "hi there" });
    expect(Object.keys(win.dropIn)).to.include.members(["T3ComposerElement", "chipRegistry", "createFetchTransport", "createWebSocketTransport", "formatComposerContextReference"]);
    expect(Object.keys(win.dropIn)).to.not.include.members(["createMemoryTransport"]);
    expect(Object.keys(win.dropIn)).to.not.include("T3TranscriptElement");
  });

  it("composer.js leaves out the codec functions its element never calls; t3-composer.js exports them", async () => {
    // src/drop-in/composer.ts and docs/entries.md name them.
    const composerOnly = await openDropIn("composer");
    expect(CODEC_EXTRAS.filter((name) => name in composerOnly.win.dropIn)).to.deep.equal([]);
    const combined = await openDropIn("t3-composer");
    expect(CODEC_EXTRAS.filter((name) => !(name in combined.win.dropIn))).to.deep.equal([]);
  });

  it("transcript.js defines <t3-transcript> alone, draws Markdown and chips from its own file, and fetches its overlays chunk when idle", async () => {
    const { doc, win } = await openDropIn("transcript");
    expect([!!win.customElements.get("t3-composer"), !!win.customElements.get("t3-transcript")]).to.deep.equal([false, true]);
    const transcript = await drawTranscript(doc);
    const body = transcript.shadowRoot!.querySelector(".body")!;
    expect([...body.children].map((child) => child.tagName.toLowerCase())).to.deep.equal(["h2", "p"]);
    expect(body.querySelector("strong")!.textContent).to.equal("this");
    expect(body.querySelector(".t3-chip")!.getAttribute("aria-label")).to.equal("src/a.ts, Mention");
    // Drawn before anything else was fetched; the chip overlays (src/elements/chunks.ts)
    // come beside it once the transcript is idle.
    // The entry file re-exports its first load from the file beside it (rollup.config.js).
    const firstLoad = ["/dist/transcript.js", "/dist/transcript/transcript.js"];
    expect(fetched(win).filter((path) => path.startsWith("/dist/"))).to.deep.equal(firstLoad);
    // The overlays import the look-alike table, a chunk of its own (`codecChunk` in rollup.config.js):
    // its request starts only once overlays.js is read, so both are awaited.
    const overlays = ["/dist/transcript/overlays.js", "/dist/transcript/confusables.js"];
    await waitFor(() => overlays.every((path) => fetched(win).includes(path)), "the overlays chunk");
    const all = fetched(win).filter((path) => path.startsWith("/dist/"));
    expect(all.slice(0, firstLoad.length)).to.deep.equal(firstLoad);
    // WebKit lists a resource once it has finished loading: the small look-alike table can end
    // before the overlays chunk that asked for it, so these two are compared in any order.
    expect(all.slice(firstLoad.length).sort()).to.deep.equal([...overlays].sort());
    // Its names and no other: what the overlays chunk imports comes from the file beside it.
    expect(Object.keys(win.dropIn).sort()).to.deep.equal(["T3TranscriptElement", "chipRegistry", "createChipRegistry", "entryBodyFromRegistry"]);
  });

  it("t3-composer.js defines both, and fetches its Markdown chunk beside itself only when a transcript first draws", async () => {
    const { doc, win } = await openDropIn("t3-composer");
    expect([!!win.customElements.get("t3-composer"), !!win.customElements.get("t3-transcript")]).to.deep.equal([true, true]);
    const composer = await typeInComposer(doc);
    expect(composer.value).to.deep.equal({ text: "hi there" });
    expect(fetched(win)).to.not.include(ENGINE_CHUNK);
    const transcript = await drawTranscript(doc);
    expect(fetched(win)).to.include(ENGINE_CHUNK);
    const body = transcript.shadowRoot!.querySelector(".body")!;
    expect([...body.children].map((child) => child.tagName.toLowerCase())).to.deep.equal(["h2", "p"]);
    expect(body.querySelector(".t3-chip")!.getAttribute("aria-label")).to.equal("src/a.ts, Mention");
  });

  it("t3-composer.js exports exactly the package entry's names, the memory transport included, which sends what a composer sends", async () => {
    const { doc, win } = await openDropIn("t3-composer");
    expect(Object.keys(win.dropIn).sort()).to.deep.equal(Object.keys(packageEntry).sort());
    const memory = win.dropIn as unknown as { createMemoryTransport(): { send(message: unknown): Promise<{ id: string }> } };
    const composer = await typeInComposer(doc);
    composer.transport = memory.createMemoryTransport() as never;
    const sent = new Promise<{ result: { id: string } }>((resolve) => composer.addEventListener("t3-sent", (event) => resolve((event as CustomEvent).detail), { once: true }));
    await press("Enter");
    expect((await sent).result.id).to.equal("mem_1");
  });

  it("the old paths memory-transport.js and codec-extras.js re-export the drop-in's own functions", async () => {
    const { win } = await openDropIn("t3-composer");
    const load = (url: string) => (win as unknown as { eval(code: string): Promise<Record<string, unknown>> }).eval(`import(${JSON.stringify(url)})`);
    const memory = await load("/dist/memory-transport.js");
    const extras = await load("/dist/codec-extras.js");
    expect(Object.keys(memory)).to.deep.equal(["createMemoryTransport"]);
    expect(Object.keys(extras).sort()).to.deep.equal([...CODEC_EXTRAS].sort());
    // The same function objects, so no second copy of the code was fetched.
    expect(memory.createMemoryTransport).to.equal(win.dropIn.createMemoryTransport);
    expect(CODEC_EXTRAS.filter((name) => extras[name] !== win.dropIn[name])).to.deep.equal([]);
    const source = await (await win.fetch("/dist/codec-extras.js")).text();
    expect(source).to.match(/from\s*"\.\/drop-in\/t3-composer\.js"/);
  });

  it("t3-composer.js fetches the composer's on-demand parts only when they are used: the preview panel", async () => {
    const { doc, win } = await openDropIn("t3-composer");
    const composer = await typeInComposer(doc);
    expect(fetched(win)).to.not.include(PARTS_CHUNK);
    composer.showPreview();
    await composer.updateComplete;
    expect(fetched(win)).to.include(PARTS_CHUNK);
    const panel = composer.shadowRoot!.querySelector<HTMLDialogElement>('[part="preview"]')!;
    expect(panel.open).to.equal(true);
    expect(panel.querySelector('[part="preview-text"]')!.textContent).to.equal("hi there");
  });

  it("t3-composer.js: a send made while the stale-context checks load waits for them, then goes", async () => {
    const { doc, win } = await openDropIn("t3-composer");
    const memory = win.dropIn as unknown as { createMemoryTransport(): { sent: { text: string }[] } };
    const composer = await typeInComposer(doc);
    const asked: string[] = [];
    composer.validateContext = (record) => {
      asked.push(record.contextId);
      return "current";
    };
    const transport = memory.createMemoryTransport();
    composer.transport = transport as never;
    composer.insertContext({ version: 1, kind: "mention", contextId: "mention_a", label: "a.ts", path: "src/a.ts" });
    expect(fetched(win)).to.not.include(PARTS_CHUNK); // asked for, not in yet
    await press("Enter");
    await waitFor(() => transport.sent.length === 1, "the send");
    expect(fetched(win)).to.include(PARTS_CHUNK);
    expect(transport.sent[0]!.text).to.contain("hi there").and.to.contain("[a.ts](t3-context://v1/mention/mention_a)");
    expect(asked).to.include("mention_a");
  });

  it("t3-composer.js reports a chunk that cannot be fetched as a t3-error load-failed, and the draft stays", async () => {
    await executeServerCommand("block-urls", { patterns: [`*${PARTS_CHUNK}`] });
    try {
      const { doc } = await openDropIn("t3-composer");
      const composer = await typeInComposer(doc);
      const errors: ComposerErrorDetail[] = [];
      composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
      composer.showPreview();
      await waitFor(() => errors.length > 0, "the t3-error");
      await composer.updateComplete;
      expect(errors.map(({ code, message }) => ({ code, message }))).to.deep.equal([{ code: "load-failed", message: "A part of the composer could not be loaded." }]);
      expect(composer.shadowRoot!.querySelector('[part="preview"]')).to.equal(null);
      expect(composer.value).to.deep.equal({ text: "hi there" });
    } finally {
      await executeServerCommand("block-urls", { patterns: [] });
    }
  });
});
