// The chip overlays chunk (src/elements/chunks.ts: popovers, hover cards, the media modal,
// chip menus, the details cards) on a plain page (test/e2e/drop-in/page.html), for each drop-in
// that draws a transcript: it is fetched beside the drop-in when the transcript is first idle, a
// chip activated while it is still on its way (held by the network) opens its overlay once it
// arrives, and a chunk that cannot be fetched is a `t3-error` (`load-failed`) while scrolling and
// typing go on, and the next activation tries again.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail, T3ComposerElement, T3TranscriptElement } from "../../src/index.js";
import { click, fitFrames, frameDocument, openFrame, press, type, waitFor } from "./support/frames.js";
import { KEPT_FAILURE, REFETCHES_FAILED_IMPORTS } from "../support/engine.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "./support/network.js";

/** Frames to let pass while the chunk is held: time enough for an overlay that did not wait. */
const SETTLE_FRAMES = 10;
/** Messages enough for the thread to scroll in its frame. */
const LONG_THREAD = 60;

const TERMINAL = {
  version: 1, contextId: "terminal_t1", kind: "terminal", label: "build lines 3-4",
  terminalId: "t1", terminalLabel: "build", lineStart: 3, lineEnd: 4, text: "npm run build\nerror TS2345",
};
const chipMessage = (id: string) => ({
  id,
  role: "user",
  text: `Look at [build lines 3-4](t3-context://v1/terminal/terminal_t1) (${id})`,
  context: { version: 1, records: [TERMINAL] },
});

async function frames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

/** A page with the drop-in `name` and a transcript of `count` messages with a terminal chip; `errors` collects its `t3-error`s. */
async function transcriptOn(name: string, count = 1) {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
  const errors: string[] = [];
  transcript.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail.code));
  // The box that scrolls, as a page would put the transcript in one.
  const box = doc.createElement("div");
  box.style.cssText = "height: 400px; overflow: auto";
  box.append(transcript);
  doc.body.append(box);
  transcript.messages = Array.from({ length: count }, (_, i) => chipMessage(`m${i}`)) as never;
  await transcript.updateComplete;
  return { frame, doc, win: frame.contentWindow!, transcript, box, errors };
}

/** The last message's terminal chip (the newest, on screen). */
const lastChip = (transcript: T3TranscriptElement) => [...transcript.shadowRoot!.querySelectorAll<HTMLElement>('button.t3-chip[data-context-id="terminal_t1"]')].at(-1)!;
const drawnIds = (transcript: T3TranscriptElement) => [...transcript.shadowRoot!.querySelectorAll<HTMLElement>("article")].map((node) => node.dataset.messageId);
const popoverOf = (transcript: T3TranscriptElement) => transcript.shadowRoot!.querySelector<HTMLElement>("[part=popover]");
const isOpen = (transcript: T3TranscriptElement) => popoverOf(transcript)?.matches(":popover-open") === true;
const fetched = (win: Window) => win.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);

afterEach(resetNetwork);
before(() => fitFrames(1));

for (const [name, chunk] of [
  ["transcript", "/dist/transcript/overlays.js"],
  ["t3-composer", "/dist/drop-in/overlays.js"],
] as const) {
  describe(`${name}.js and its overlays chunk`, () => {
    it("fetches the chunk beside itself when the transcript is first idle", async () => {
      const { win, transcript } = await transcriptOn(name);
      await waitFor(() => fetched(win).includes(chunk), "the overlays chunk");
      await transcript.updateComplete;
      expect(popoverOf(transcript)).to.not.equal(null);
      expect(isOpen(transcript)).to.equal(false);
    });

    it("a chip clicked while the chunk is held opens its popover once the chunk arrives, focus inside it", async () => {
      await holdUrls([`*${chunk}`]);
      const { frame, win, transcript } = await transcriptOn(name);
      const chip = lastChip(transcript);
      await click(frame, chip);
      await frames(SETTLE_FRAMES, win);
      expect(isOpen(transcript)).to.equal(false);
      expect(await releaseUrls(1)).to.be.greaterThan(0);
      await transcript.updateComplete;
      expect(isOpen(transcript)).to.equal(true);
      expect(popoverOf(transcript)!.querySelector(".t3-details-title")!.textContent).to.equal("build lines 3-4");
      expect(transcript.shadowRoot!.activeElement).to.equal(popoverOf(transcript));
      await press("Escape");
      await waitFor(() => !isOpen(transcript) && transcript.shadowRoot!.activeElement === chip, "popover closed, focus back on the chip");
    });

    it("a chip activated while the chunk is held opens nothing once it arrives if the focus moved away meanwhile", async () => {
      await holdUrls([`*${chunk}`]);
      const { win, transcript } = await transcriptOn(name);
      lastChip(transcript).focus();
      await press("Enter");
      await frames(SETTLE_FRAMES, win);
      (transcript.shadowRoot!.activeElement as HTMLElement).blur();
      await releaseUrls();
      await transcript.updateComplete;
      expect(popoverOf(transcript)).to.not.equal(null);
      expect(isOpen(transcript)).to.equal(false);
    });

    it(`a blocked chunk is a load-failed t3-error; the thread scrolls, and the next activation ${REFETCHES_FAILED_IMPORTS ? "tries again" : KEPT_FAILURE}`, async () => {
      await blockUrls([`*${chunk}`]);
      const { win, transcript, box, errors } = await transcriptOn(name, LONG_THREAD);
      await waitFor(() => errors.length > 0, "the idle fetch to fail");
      expect(errors).to.deep.equal(["load-failed"]);
      box.scrollTop = 0;
      await waitFor(() => drawnIds(transcript).includes("m0"), "the first message, scrolled to");
      box.scrollTop = box.scrollHeight;
      await waitFor(() => drawnIds(transcript).includes(`m${LONG_THREAD - 1}`), "the last message, scrolled back to");
      await frames(2, win);
      const chip = lastChip(transcript);
      chip.focus();
      await press("Enter");
      await transcript.updateComplete;
      expect(errors).to.deep.equal(["load-failed", "load-failed"]);
      expect(isOpen(transcript)).to.equal(false);
      await blockUrls([]);
      chip.focus();
      await press("Enter");
      await transcript.updateComplete;
      // Firefox keeps the failed import: the next activation fails again, without a request.
      expect(isOpen(transcript)).to.equal(REFETCHES_FAILED_IMPORTS);
      expect(errors).to.deep.equal(REFETCHES_FAILED_IMPORTS ? ["load-failed", "load-failed"] : ["load-failed", "load-failed", "load-failed"]);
    });
  });
}

describe("composer.js and its overlays chunk", () => {
  it("typing goes on while the chunk is blocked, and the failed idle fetch is a load-failed t3-error", async () => {
    await blockUrls(["*/dist/composer/overlays.js"]);
    const frame = await openFrame("/test/e2e/drop-in/page.html?drop-in=composer");
    const doc = frameDocument(frame);
    await waitFor(() => doc.title === "loaded", "composer.js to load");
    const composer = doc.createElement("t3-composer") as T3ComposerElement;
    const errors: Array<Pick<ComposerErrorDetail, "code" | "message">> = [];
    composer.addEventListener("t3-error", (event) => {
      const { code, message } = (event as CustomEvent<ComposerErrorDetail>).detail;
      errors.push({ code, message });
    });
    doc.body.append(composer);
    await composer.updateComplete;
    composer.focus();
    await waitFor(() => errors.length > 0, "the idle fetch to fail");
    await type("still typing");
    expect(composer.value).to.deep.equal({ text: "still typing" });
    expect(errors).to.deep.equal([{ code: "load-failed", message: "A part of the composer could not be loaded." }]);
  });
});
