// The chunks a drop-in's chunk imports in turn are fetched with it, not one after another
// (scripts/rollup-parallel-imports.mjs): while every file is held by the network, all of them have
// been asked for. Without that, a held chunk keeps the page from learning of the files it imports,
// and only the first would be among the held requests.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";
import { holdUrls, releaseUrls, resetNetwork } from "./support/network.js";

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

  it("composer.js: the composer's on-demand parts come with the projection they import", async () => {
    // The combined drop-in holds the projection in its first load, since it exports it
    // (docs/entries.md); composer.js fetches it with its on-demand parts.
    // Not the chip popover's builder: the overlays, fetched when the page is idle, import it too.
    const files = ["composer-parts.js", "projection.js"];
    const doc = await pageWith("composer");
    await holdUrls(files.map((file) => `*/dist/composer/${file}`));
    const composer = doc.createElement("t3-composer") as T3ComposerElement;
    doc.body.append(composer);
    composer.value = { text: "hello" };
    const projected = composer.preview();
    expect(await releaseUrls(files.length)).to.equal(files.length);
    expect(await projected).to.equal("hello");
  });
});
