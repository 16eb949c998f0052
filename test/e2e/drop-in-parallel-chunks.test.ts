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

  // The combined drop-in holds the legacy reader and the projection in its first load, since it
  // exports them (docs/entries.md): composer.js is the drop-in whose rest chunk imports chunks.
  for (const [name, dir] of [["composer", "/dist/composer/"]] as const) {
    it(`${name}.js: the rest chunk, the legacy chunk it imports, the projection that imports and its look-alike table are asked for at once`, async () => {
      const files = ["composer-rest.js", "legacy.js", "projection.js", "confusables.js"];
      await holdUrls(files.map((file) => `*${dir}${file}`));
      const doc = await pageWith(name);
      const composer = doc.createElement("t3-composer") as T3ComposerElement;
      doc.body.append(composer);
      // The rest chunk is fetched when the page is first idle (src/elements/composer/rest.ts).
      expect(await releaseUrls(files.length)).to.equal(files.length);
      await composer.updateComplete;
      const fetched = doc.defaultView!.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
      for (const file of files) expect(fetched).to.include(`${dir}${file}`);
    });
  }
});
