// HTML's full table of named references (src/elements/transcript/load-names.ts:
// dist/transcript/named-references.js beside the transcript-only drop-in) on a plain page
// (test/e2e/drop-in/page.html): a thread whose names are all in the engine's short list never
// fetches it; a rare name brings it and is then decoded; a table that cannot be fetched is a
// `t3-error` (`load-failed`) and the name stays as written.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail, T3TranscriptElement, TranscriptMessage } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";
import { blockUrls, resetNetwork } from "./support/network.js";

const TABLE_CHUNK = "/dist/transcript/named-references.js";
const OVERLAYS_CHUNK = "/dist/transcript/overlays.js";

const fetched = (win: Window) => win.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
const body = (transcript: T3TranscriptElement, id: string) => transcript.shadowRoot!.querySelector(`article[data-message-id="${id}"] .body`)!;

async function transcriptWith(messages: TranscriptMessage[]) {
  const frame = await openFrame("/test/e2e/drop-in/page.html?drop-in=transcript");
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", "transcript.js to load");
  const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
  const errors: string[] = [];
  transcript.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail.code));
  doc.body.append(transcript);
  transcript.messages = messages;
  await transcript.updateComplete;
  return { win: frame.contentWindow!, transcript, errors };
}

afterEach(resetNetwork);
before(() => fitFrames(1));

describe("transcript.js and HTML's named references", () => {
  it("never fetches the table for names in the short list", async () => {
    const { win, transcript } = await transcriptWith([{ id: "a", role: "assistant", text: "Fish &amp; chips &copy; 2026" }]);
    // The overlays chunk is fetched once the transcript is idle: by then the table would have been asked for.
    await waitFor(() => fetched(win).includes(OVERLAYS_CHUNK), "the overlays chunk");
    expect(fetched(win)).to.not.include(TABLE_CHUNK);
    expect(body(transcript, "a").textContent).to.equal("Fish & chips © 2026");
  });

  it("fetches the table for a rare name and decodes it", async () => {
    const { win, transcript, errors } = await transcriptWith([{ id: "a", role: "assistant", text: "&HilbertSpace; &AElig;" }]);
    expect(fetched(win)).to.include(TABLE_CHUNK);
    expect([body(transcript, "a").textContent, errors]).to.deep.equal(["ℋ Æ", []]);
  });

  it("keeps a rare name as written and says load-failed when the table cannot be fetched", async () => {
    await blockUrls([`*${TABLE_CHUNK}`]);
    const { transcript, errors } = await transcriptWith([{ id: "a", role: "assistant", text: "&HilbertSpace; &amp;" }]);
    expect([body(transcript, "a").textContent, errors]).to.deep.equal(["&HilbertSpace; &", ["load-failed"]]);
  });
});
