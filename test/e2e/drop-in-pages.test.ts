// Each drop-in (dist/t3-composer.js, dist/composer.js, dist/transcript.js) loaded by a plain page
// with one `<script type="module">` (test/e2e/drop-in/*.html): it defines its elements and no
// other, exports what its page needs and not the memory transport (a test double), and works
// with real keys. The combined one fetches its Markdown chunk, beside itself, only when a
// transcript first draws. `npm run test:browser` builds dist/ when it is missing.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement, T3TranscriptElement } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, type, waitFor } from "./support/frames.js";

const MESSAGE = {
  id: "m1",
  role: "assistant",
  text: "## Plan\n\nSee **this** and [a.ts](t3-context://v1/mention/mention_a).",
  context: { version: 1, records: [{ version: 1, kind: "mention", contextId: "mention_a", label: "a.ts", path: "src/a.ts" }] },
};
const ENGINE_CHUNK = "/dist/drop-in/engine.js";

async function openDropIn(name: string): Promise<{ frame: HTMLIFrameElement; doc: Document; win: Window & { dropIn: Record<string, unknown> } }> {
  const frame = await openFrame(`/test/e2e/drop-in/${name}.html`);
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

  it("transcript.js defines <t3-transcript> alone and draws Markdown and chips without fetching a chunk", async () => {
    const { doc, win } = await openDropIn("transcript");
    expect([!!win.customElements.get("t3-composer"), !!win.customElements.get("t3-transcript")]).to.deep.equal([false, true]);
    const transcript = await drawTranscript(doc);
    const body = transcript.shadowRoot!.querySelector(".body")!;
    expect([...body.children].map((child) => child.tagName.toLowerCase())).to.deep.equal(["h2", "p"]);
    expect(body.querySelector("strong")!.textContent).to.equal("this");
    expect(body.querySelector(".t3-chip")!.getAttribute("aria-label")).to.equal("Mention: src/a.ts");
    expect(fetched(win).filter((path) => path.startsWith("/dist/"))).to.deep.equal(["/dist/transcript.js"]);
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
    expect(body.querySelector(".t3-chip")!.getAttribute("aria-label")).to.equal("Mention: src/a.ts");
  });
});
