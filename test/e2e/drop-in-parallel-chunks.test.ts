// The chunks a drop-in's chunk imports in turn are fetched with it, not one after another
// (scripts/rollup-parallel-imports.mjs): while every file is held by the network, all of them have
// been asked for. Without that, a held chunk keeps the page from learning of the files it imports,
// and only the first would be among the held requests.
import { expect } from "@esm-bundle/chai";
import type { T3TranscriptElement, TranscriptMessage } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";
import { holdUrls, releaseUrls, resetNetwork } from "./support/network.js";

/** A user message in T3 Code's legacy form: the transcript fetches the legacy reader for it. */
const LEGACY_TEXT = "Older output\n\n<terminal_context>\n- build lines 1-2:\n  1 $ npm test\n  2 ok\n</terminal_context>";

async function pageWith(name: string): Promise<Document> {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  return doc;
}

afterEach(resetNetwork);
before(() => fitFrames(1));

describe("the chunks of a drop-in's chunk", function () {
  // Without the parallel fetches `release-urls` waits its 10 s for requests that never come.
  this.timeout(20_000);

  it("t3-composer.js: a transcript's legacy reader comes with the projection it imports", async () => {
    // Not the look-alike table: the overlays, fetched when the page is idle, import it too.
    const files = ["legacy.js", "projection.js"];
    const doc = await pageWith("t3-composer");
    await holdUrls(files.map((file) => `*/dist/drop-in/${file}`));
    const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
    doc.body.append(transcript);
    transcript.messages = [{ id: "u", role: "user", text: LEGACY_TEXT } as TranscriptMessage];
    expect(await releaseUrls(files.length)).to.equal(files.length);
    await transcript.updateComplete;
    const chips = transcript.shadowRoot!.querySelectorAll('article[data-message-id="u"] .t3-chip');
    expect(chips.length).to.equal(1);
  });
});
