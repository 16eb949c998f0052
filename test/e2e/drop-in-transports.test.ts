// The network transports' chunk on a plain page (test/e2e/drop-in/page.html), for each drop-in that
// has it (src/transport/network-chunk.ts, docs/transport.md, "When the implementation loads"): it is
// not part of the first load but is fetched when a transport is created, and a chunk that cannot be
// fetched fails the send with the draft kept, while the next send loads it and goes. Real keys in
// Chromium, the fetch transport, the reference host.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { ComposerErrorDetail, T3ComposerElement, createFetchTransport } from "../../src/index.js";
import { KEPT_FAILURE, REFETCHES_FAILED_IMPORTS } from "../support/engine.js";
import { startHost, type TestHost } from "../support/host.js";
import { fitFrames, frameDocument, openFrame, press, type, waitFor } from "./support/frames.js";

type DropInWindow = Window & { dropIn: { createFetchTransport: typeof createFetchTransport } };

/** A page with the drop-in `name` loaded. */
async function pageWith(name: string): Promise<{ win: DropInWindow; doc: Document }> {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  return { win: frame.contentWindow as DropInWindow, doc };
}

/** The URLs of the scripts the page fetched that end with `path`. */
const fetched = (win: Window, path: string) =>
  win.performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname === path).length;

let host: TestHost;
let thread = 0;
before(() => fitFrames(1));
beforeEach(async () => {
  host = await startHost();
});
afterEach(async () => {
  await executeServerCommand("block-urls", { patterns: [] });
  document.querySelectorAll("iframe").forEach((frame) => frame.remove());
  await host.dispose();
});

for (const [name, chunk] of [
  ["composer", "/dist/composer/transports.js"],
  ["t3-composer", "/dist/drop-in/transports.js"],
] as const) {
  describe(`${name}.js and its network transports' chunk`, () => {
    it("does not fetch the chunk to load, and fetches it when a transport is created", async () => {
      const { win } = await pageWith(name);
      expect(fetched(win, chunk)).to.equal(0);
      win.dropIn.createFetchTransport({ baseUrl: host.apiUrl, threadId: `chunk-${++thread}` });
      await waitFor(() => fetched(win, chunk) === 1, "the chunk's fetch");
    });

    it(`a send while the chunk cannot be fetched fails with the draft kept, and the next send ${REFETCHES_FAILED_IMPORTS ? "goes" : KEPT_FAILURE}`, async () => {
      await executeServerCommand("block-urls", { patterns: [`*${chunk}`] });
      const { win, doc } = await pageWith(name);
      const composer = doc.createElement("t3-composer") as T3ComposerElement;
      const errors: ComposerErrorDetail[] = [];
      const sent: string[] = [];
      composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
      composer.addEventListener("t3-sent", (event) => sent.push((event as CustomEvent<{ message: { text: string } }>).detail.message.text));
      composer.transport = win.dropIn.createFetchTransport({ baseUrl: host.apiUrl, threadId: `chunk-${++thread}`, retry: { attempts: 1 } });
      doc.body.append(composer);
      await composer.updateComplete;
      composer.focus();
      await type("kept through the failure");
      await press("Enter");
      await waitFor(() => errors.some((error) => error.code === "send-failed"), "the failed send's t3-error");
      const failure = errors.find((error) => error.code === "send-failed")!;
      const cause = failure.cause as { code?: unknown; message?: unknown };
      expect({ code: cause.code, message: cause.message }).to.deep.equal({ code: "load-failed", message: "The network transport's code could not be loaded." });
      expect(composer.value).to.deep.equal({ text: "kept through the failure" });
      expect(sent).to.deep.equal([]);
      await executeServerCommand("block-urls", { patterns: [] });
      await press("Enter");
      if (!REFETCHES_FAILED_IMPORTS) {
        // Firefox keeps the failed import: the next send fails the same way, and keeps the draft.
        await waitFor(() => errors.filter((error) => error.code === "send-failed").length === 2, "the second failed send");
        expect(composer.value).to.deep.equal({ text: "kept through the failure" });
        expect(sent).to.deep.equal([]);
        return;
      }
      await waitFor(() => sent.length > 0, "the send once the chunk can be fetched");
      expect(sent).to.deep.equal(["kept through the failure"]);
      await waitFor(() => composer.value.text === "", "the draft to clear");
    });
  });
}
