// The in-page side of bench/transcript.bench.ts. `?mode=t3` draws threads with <t3-transcript>
// from dist/t3-composer.js; `?mode=floor` parses the same Markdown with marked (bundled into
// bench/.work/marked.js) and inserts it as plain HTML, without chips: the floor of issue 8.
import type { TranscriptMessage } from "../../src/elements/transcript/types.js";
import type { T3TranscriptElement } from "../../src/elements/transcript/t3-transcript.js";
import { collectGarbage, forceLayout, nextFrame } from "./frame.js";

/** One way of drawing a thread, the same interface for ours and the floor. */
interface ThreadUnderTest {
  /** Draws `messages` into a new, empty container; resolves once all of it is drawn. */
  firstRender(messages: TranscriptMessage[]): Promise<void>;
  /** Replaces the last message's text; resolves once it is drawn. */
  updateLast(text: string): Promise<void>;
}

// `?drop-in=/bench/.work/….js` measures another build of the drop-in (an A/B of a change).
const DROP_IN = new URLSearchParams(location.search).get("drop-in") ?? "/dist/t3-composer.js";
const MARKED = "/bench/.work/marked.js";

async function ours(): Promise<ThreadUnderTest> {
  await import(DROP_IN);
  let element: T3TranscriptElement | null = null;
  let lastId = "";
  return {
    async firstRender(messages) {
      element?.remove();
      element = document.createElement("t3-transcript") as T3TranscriptElement;
      document.body.append(element);
      await element.updateComplete;
      await nextFrame();
      collectGarbage();
      const start = performance.now();
      element.messages = messages;
      await element.updateComplete;
      forceLayout();
      timing = performance.now() - start;
      lastId = messages.at(-1)!.id;
    },
    async updateLast(text) {
      const start = performance.now();
      element!.updateMessage(lastId, { text });
      await element!.updateComplete;
      forceLayout();
      timing = performance.now() - start;
    },
  };
}

async function floor(): Promise<ThreadUnderTest> {
  const { Marked } = (await import(MARKED)) as typeof import("marked");
  const strict = new Marked({ gfm: true, breaks: false });
  const withBreaks = new Marked({ gfm: true, breaks: true });
  const html = (message: Pick<TranscriptMessage, "role" | "text">) => (message.role === "user" ? withBreaks : strict).parse(message.text) as string;
  const article = (message: TranscriptMessage) =>
    `<article data-role="${message.role}"><div class="bubble"><div class="body">${html(message)}</div></div></article>`;
  let container: HTMLElement | null = null;
  let last: TranscriptMessage | null = null;
  return {
    async firstRender(messages) {
      container?.remove();
      container = document.createElement("div");
      container.className = "floor";
      document.body.append(container);
      await nextFrame();
      collectGarbage();
      const start = performance.now();
      container.innerHTML = messages.map(article).join("");
      await Promise.resolve(); // as ours awaits `updateComplete`
      forceLayout();
      last = messages.at(-1)!;
      timing = performance.now() - start;
    },
    async updateLast(text) {
      const start = performance.now();
      container!.lastElementChild!.querySelector(".body")!.innerHTML = html({ role: last!.role, text });
      await Promise.resolve();
      forceLayout();
      timing = performance.now() - start;
    },
  };
}

let timing = 0;
const mode = new URLSearchParams(location.search).get("mode");
const thread = await (mode === "floor" ? floor() : ours());

const bench = {
  /** ms to draw `messages` from nothing, laid out. */
  async firstRender(messages: TranscriptMessage[]): Promise<number> {
    await thread.firstRender(messages);
    return timing;
  },
  /** ms to draw the last message with `text` (after `firstRender`), laid out. */
  async updateLast(text: string): Promise<number> {
    await nextFrame();
    await thread.updateLast(text);
    return timing;
  },
};
Object.assign(window, { bench });
document.title = "ready";
