// The combined drop-in (dist/t3-composer.js) on a plain page, while the transcript's engine chunk
// beside it (dist/drop-in/engine.js: drawing, interaction, Markdown) is late or cannot be fetched
// (src/elements/transcript/load-engine.ts). The element is there from the first load with its
// whole API: what a page sets and calls before the chunk arrives is kept, checked as it is
// called, and drawn in order once the chunk is in; a chunk that cannot be fetched leaves every
// message's text on screen and is a `t3-error` (`load-failed`).
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { ComposerErrorDetail, T3TranscriptElement, TranscriptMessage } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";

const ENGINE_CHUNK = "/dist/drop-in/engine.js";
/** Frames to let pass while the chunk is held: time enough for a draw that did not wait. */
const HELD_FRAMES = 5;

async function openCombined(): Promise<{ doc: Document }> {
  const frame = await openFrame("/test/e2e/drop-in/page.html?drop-in=t3-composer");
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", "t3-composer.js to load");
  return { doc };
}

const frames = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

function articles(transcript: T3TranscriptElement): HTMLElement[] {
  return [...transcript.shadowRoot!.querySelectorAll<HTMLElement>("article")];
}

function errorsOf(transcript: T3TranscriptElement): Array<Pick<ComposerErrorDetail, "code" | "message">> {
  const errors: Array<Pick<ComposerErrorDetail, "code" | "message">> = [];
  transcript.addEventListener("t3-error", (event) => {
    const { code, message } = (event as CustomEvent<ComposerErrorDetail>).detail;
    errors.push({ code, message });
  });
  return errors;
}

/** What `act` throws, as `Name: message` (the page's errors are of the frame's realm, not the test's). */
function thrown(act: () => void): string {
  try {
    act();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  return "nothing";
}

const message = (id: string, role: TranscriptMessage["role"], text: string, more: Partial<TranscriptMessage> = {}) => ({ id, role, text, ...more }) as TranscriptMessage;

before(() => fitFrames(1));
afterEach(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));

describe("t3-composer.js: the transcript before its engine chunk arrives", () => {
  it("keeps what is set and called while the chunk is held, checks it at once, and draws it all in order once it arrives", async () => {
    await executeServerCommand("hold-urls", { patterns: [`*${ENGINE_CHUNK}`] });
    try {
      const { doc } = await openCombined();
      const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
      transcript.messages = [message("u1", "user", "first **one**"), message("a1", "assistant", "a reply")];
      doc.body.append(transcript);
      transcript.editable = true;
      transcript.setAttribute("thread-id", "thread_1");
      transcript.appendMessage(message("a2", "assistant", "stream", { pending: true }));
      transcript.updateMessage("a2", { text: "streamed *in full*", pending: false });
      transcript.appendMessage(message("u2", "user", "optimistic", { clientMessageId: "c1", pending: true }));
      // The host's stored copy replaces the optimistic message in place.
      transcript.appendMessage(message("u2-stored", "user", "stored", { clientMessageId: "c1" }));
      transcript.prependMessages([message("s0", "system", "older page")]);
      expect(thrown(() => transcript.updateMessage("nope", { text: "x" }))).to.equal('RangeError: updateMessage: no message with id "nope"');
      expect(thrown(() => transcript.appendMessage({ id: "", role: "user", text: "x" }))).to.equal('TypeError: appendMessage: message id must be a non-empty string, got ""');
      expect(transcript.messages.map((m) => [m.id, m.text])).to.deep.equal([
        ["s0", "older page"],
        ["u1", "first **one**"],
        ["a1", "a reply"],
        ["a2", "streamed *in full*"],
        ["u2-stored", "stored"],
      ]);

      const older: string[] = [];
      transcript.addEventListener("t3-load-older", (event) => older.push((event as CustomEvent<{ before: string }>).detail.before));
      let drawn = false;
      let scrolled = false;
      void transcript.updateComplete.then(() => (drawn = true));
      void transcript.scrollToMessage("u1").then(() => (scrolled = true));
      await frames(HELD_FRAMES);
      // Nothing of the drawing is in the first load: not even the list the messages go in.
      expect([drawn, scrolled, transcript.shadowRoot!.querySelector('[part="messages"]')]).to.deep.equal([false, false, null]);

      expect(await executeServerCommand("release-urls", { expected: 1 })).to.equal(1);
      await transcript.updateComplete;
      expect(drawn).to.equal(true);
      const shown = articles(transcript);
      expect(shown.map((node) => [node.dataset.messageId, node.querySelector(".body")!.textContent])).to.deep.equal([
        ["s0", "older page"],
        ["u1", "first one"],
        ["a1", "a reply"],
        ["a2", "streamed in full"],
        ["u2-stored", "stored"],
      ]);
      expect(shown[1]!.querySelector(".body strong")!.textContent).to.equal("one");
      expect(shown[3]!.querySelector(".body em")!.textContent).to.equal("in full");
      // `editable`, set while held: the person's own messages have their Edit button.
      expect(shown.map((node) => !!node.querySelector(".edit-button"))).to.deep.equal([false, true, false, false, true]);
      expect(transcript.threadId).to.equal("thread_1");
      // Events fire as they do once drawn: the oldest message in view asks for the page before it.
      await waitFor(() => scrolled && older.length > 0, "scrollToMessage and t3-load-older");
      expect(older).to.deep.equal(["s0"]);
    } finally {
      await executeServerCommand("release-urls");
    }
  });

  it("shows every message's text when the chunk cannot be fetched, and reports it as load-failed", async () => {
    await executeServerCommand("block-urls", { patterns: [`*${ENGINE_CHUNK}`] });
    try {
      const { doc } = await openCombined();
      const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
      const errors = errorsOf(transcript);
      doc.body.append(transcript);
      transcript.messages = [message("u1", "user", "see [a.ts](t3-context://v1/mention/mention_a)"), message("a1", "assistant", "## Plan")];
      await transcript.updateComplete;
      transcript.appendMessage(message("a2", "assistant", "and **more**"));
      await transcript.updateComplete;
      expect(errors).to.deep.equal([{ code: "load-failed", message: "A part of the transcript could not be loaded; its messages show as plain text." }]);
      expect(articles(transcript).map((node) => [node.dataset.messageId, node.querySelector('[part="body"]')!.textContent])).to.deep.equal([
        ["u1", "see [a.ts](t3-context://v1/mention/mention_a)"],
        ["a1", "## Plan"],
        ["a2", "and **more**"],
      ]);
      expect(transcript.messages.map((m) => m.id)).to.deep.equal(["u1", "a1", "a2"]);
    } finally {
      await executeServerCommand("block-urls", { patterns: [] });
    }
  });
});
