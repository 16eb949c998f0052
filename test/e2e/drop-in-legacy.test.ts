// The legacy reader chunk (src/elements/transcript/load-legacy.ts: dist/transcript/legacy.js beside
// the transcript-only drop-in) on a plain page (test/e2e/drop-in/page.html). The combined drop-in
// holds the reader in its first load, since it exports the legacy format (docs/entries.md). A thread
// with no legacy message never fetches it; a legacy message is drawn as it was sent, busy, while the
// chunk is on its way (its neighbours are drawn meanwhile, what is on screen stays put), and with
// its chips once it is in; a chunk that cannot be fetched is a `t3-error` (`load-failed`) and the
// message's text stays on screen.
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail, T3TranscriptElement, TranscriptMessage } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "./support/network.js";

/** Frames to let pass while the chunk is held: time enough for a draw that did not wait. */
const HELD_FRAMES = 5;
/** Messages after the legacy one: enough for the box to scroll past it. */
const FILLERS = 12;

const LEGACY_TEXT = "Here is the older output\n\n<terminal_context>\n- build lines 1-2:\n  1 $ npm test\n  2 ok\n</terminal_context>";
const message = (id: string, role: TranscriptMessage["role"], text: string, more: Partial<TranscriptMessage> = {}) => ({ id, role, text, ...more }) as TranscriptMessage;
const fillers = () => Array.from({ length: FILLERS }, (_, i) => message(`f${i}`, i % 2 ? "assistant" : "user", `filler ${i}\n\nwith a second paragraph`));

const fetched = (win: Window) => win.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
const frames = async (count: number, win: Window) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
};
const article = (transcript: T3TranscriptElement, id: string) => transcript.shadowRoot!.querySelector<HTMLElement>(`article[data-message-id="${id}"]`);
const chipIds = (node: Element) => [...node.querySelectorAll<HTMLElement>(".t3-chip")].map((chip) => chip.dataset.contextId);
/** Whether the body of `article` is laid out: content-visibility does not skip it (it is near the viewport). */
const shown = (article: HTMLElement) => article.querySelector(".body")?.checkVisibility({ contentVisibilityAuto: true }) === true;
/** Where `id`'s article is, relative to the top of the box that scrolls, in px. */
const offsetIn = (box: HTMLElement, transcript: T3TranscriptElement, id: string) => article(transcript, id)!.getBoundingClientRect().top - box.getBoundingClientRect().top;

/** A page with the drop-in `name` and a transcript in a box that scrolls, given `messages`; `errors` collects its `t3-error`s. */
async function transcriptWith(name: string, messages: TranscriptMessage[]) {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
  const errors: Array<Pick<ComposerErrorDetail, "code" | "message">> = [];
  transcript.addEventListener("t3-error", (event) => {
    const { code, message } = (event as CustomEvent<ComposerErrorDetail>).detail;
    errors.push({ code, message });
  });
  const box = doc.createElement("div");
  box.style.cssText = "height: 300px; overflow: auto";
  box.append(transcript);
  doc.body.append(box);
  transcript.messages = messages;
  return { win: frame.contentWindow!, transcript, box, errors };
}

afterEach(resetNetwork);
before(() => fitFrames(1));

for (const [name, READER_CHUNK, OVERLAYS_CHUNK] of [
  ["transcript", "/dist/transcript/legacy.js", "/dist/transcript/overlays.js"],
] as const) {
describe(`${name}.js and its legacy reader chunk`, () => {
  it("never fetches the reader for a thread with no legacy message, even one whose markers are not the user's legacy text", async () => {
    const { win, transcript } = await transcriptWith(name, [
      message("u", "user", "plain text, no context"),
      // An assistant's text is never upgraded; nor is a user message with a structured context.
      message("a", "assistant", LEGACY_TEXT),
      message("c", "user", LEGACY_TEXT, { context: { version: 1, records: [] } }),
    ]);
    await transcript.updateComplete;
    // The overlays chunk is fetched once the transcript is idle: by then the reader would have been asked for.
    await waitFor(() => fetched(win).includes(OVERLAYS_CHUNK), "the overlays chunk");
    expect(fetched(win).filter((path) => path.startsWith("/dist/"))).to.not.include(READER_CHUNK);
    expect(article(transcript, "c")!.textContent).to.contain("<terminal_context>");
  });

  it("draws a legacy message as sent and busy while the reader is held, its neighbours in full, then with its chips, keeping the screen in place", async () => {
    await holdUrls([`*${READER_CHUNK}`]);
    const { win, transcript, box } = await transcriptWith(name, [message("legacy", "user", LEGACY_TEXT), ...fillers()]);
    await waitFor(() => article(transcript, `f${FILLERS - 1}`)?.textContent?.includes("second paragraph"), "the last message drawn");
    await frames(HELD_FRAMES, win);
    const legacy = article(transcript, "legacy")!;
    expect([legacy.hasAttribute("data-context-pending"), legacy.getAttribute("aria-busy")]).to.deep.equal([true, "true"]);
    expect(legacy.querySelector(".body")!.textContent).to.contain("build lines 1-2");
    expect(chipIds(legacy)).to.deep.equal([]);
    expect(article(transcript, "f0")!.getAttribute("aria-busy")).to.equal(null);
    // Shown first, as to a person scrolling up to it: Firefox and WebKit lay out a message they never
    // showed at its placeholder size (content-visibility: auto, t3-transcript.styles.ts), so its
    // plain height would be that guess.
    box.scrollTop = 0;
    await waitFor(() => shown(legacy), "the legacy message shown");
    // Scrolled so that the legacy message is above the viewport: it shrinks when redrawn.
    box.scrollTop = legacy.offsetHeight + article(transcript, "f0")!.offsetHeight;
    await frames(2, win);
    const before = offsetIn(box, transcript, "f2");
    const plainHeight = legacy.offsetHeight;
    expect(await releaseUrls(1)).to.equal(1);
    await transcript.updateComplete;
    expect(chipIds(legacy)).to.deep.equal(["legacy_terminal_1"]);
    expect(legacy.querySelector(".body")!.textContent).to.equal("Here is the older outputbuild lines 1-2");
    expect([legacy.hasAttribute("data-context-pending"), legacy.getAttribute("aria-busy")]).to.deep.equal([false, null]);
    await frames(2, win);
    expect(Math.abs(offsetIn(box, transcript, "f2") - before)).to.be.at.most(1);
    // Firefox and WebKit keep a message out of view at the size it was last shown at, as the CSS
    // spec says of `contain-intrinsic-size: auto`; Chromium lays it out again at once. Once shown,
    // it is shorter in every engine.
    box.scrollTop = 0;
    await waitFor(() => shown(legacy), "the legacy message shown again");
    expect(legacy.offsetHeight).to.be.lessThan(plainHeight);
    expect(fetched(win).filter((path) => path === READER_CHUNK)).to.have.length(1);
  });

  it("a blocked reader is a load-failed t3-error; the legacy message keeps its text, no longer busy", async () => {
    await blockUrls([`*${READER_CHUNK}`]);
    const { transcript, errors } = await transcriptWith(name, [message("legacy", "user", LEGACY_TEXT), message("a", "assistant", "a **reply**")]);
    await transcript.updateComplete;
    expect(errors).to.deep.equal([{ code: "load-failed", message: "A part of the transcript could not be loaded." }]);
    const legacy = article(transcript, "legacy")!;
    expect([legacy.hasAttribute("data-context-pending"), legacy.getAttribute("aria-busy")]).to.deep.equal([false, null]);
    const text = legacy.querySelector(".body")!.textContent!;
    for (const part of ["Here is the older output", "build lines 1-2", "npm test"]) expect(text).to.contain(part);
    expect(article(transcript, "a")!.querySelector("strong")!.textContent).to.equal("reply");
  });
});
}
