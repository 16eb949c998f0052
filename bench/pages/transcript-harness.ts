// The in-page side of bench/transcript.bench.ts. `?mode=t3` draws threads with <t3-transcript>
// from dist/t3-composer.js; `?mode=floor` parses the same Markdown with marked (bundled into
// bench/.work/marked.js) and inserts it as plain HTML, without chips: the floor of issue 8.
// `&highlight=off` draws ours without highlighting (`highlighter = null`), and so does
// `bench.highlight(false)` from then on (bench/code.bench.ts).
import type { TranscriptMessage } from "../../src/elements/transcript/types.js";
import type { T3TranscriptElement } from "../../src/elements/transcript/t3-transcript.js";
import { collectGarbage, forceLayout, nextFrame } from "./frame.js";

/** One way of drawing a thread, the same interface for ours and the floor. */
interface ThreadUnderTest {
  /**
   * Readies the empty container the next `firstRender` draws into (the last one removed, garbage
   * collected), so that a trace of that `firstRender` holds the drawing alone (bench/code.bench.ts).
   */
  prepare(): Promise<void>;
  /** Draws `messages` into a new, empty container; resolves once all of it is drawn. */
  firstRender(messages: TranscriptMessage[]): Promise<void>;
  /** Replaces the last message's text (pending: still streaming); resolves once it is drawn. */
  updateLast(text: string, pending?: boolean): Promise<void>;
  /** Draws `messages` into a new, empty container; resolves at the first frame that shows the newest. */
  firstPaint(messages: TranscriptMessage[]): Promise<void>;
}

/** Resolves at the start of the first frame in which `ready()` holds: the frame that paints it. */
function frameWhen(ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (ready() ? resolve() : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

/** Scrolls the document up by `step` px in each of `frames` frames, from its end: each frame's length in ms. */
async function scrollFrames(frames: number, step: number): Promise<number[]> {
  const page = document.scrollingElement!;
  page.scrollTop = page.scrollHeight;
  await nextFrame();
  await nextFrame();
  const lengths: number[] = [];
  let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
  for (let i = 0; i < frames; i++) {
    page.scrollTop -= step;
    const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    lengths.push(now - last);
    last = now;
  }
  return lengths;
}

// `?drop-in=/bench/.work/….js` measures another build of the drop-in (an A/B of a change).
const DROP_IN = new URLSearchParams(location.search).get("drop-in") ?? "/dist/t3-composer.js";
const MARKED = "/bench/.work/marked.js";
/** Whether the next transcripts are drawn without highlighting (`bench.highlight` changes it). */
let highlightOff = new URLSearchParams(location.search).get("highlight") === "off";

async function ours(): Promise<ThreadUnderTest> {
  await import(DROP_IN);
  let element: T3TranscriptElement | null = null;
  let lastId = "";
  let prepared: T3TranscriptElement | null = null;
  /** A new, empty transcript in place of the last, drawn and collected after: the clock starts then. */
  const fresh = async (): Promise<T3TranscriptElement> => {
    element?.remove();
    element = document.createElement("t3-transcript") as T3TranscriptElement;
    if (highlightOff) element.highlighter = null;
    document.body.append(element);
    await element.updateComplete;
    await nextFrame();
    collectGarbage();
    return element;
  };
  return {
    async prepare() {
      prepared = await fresh();
    },
    async firstRender(messages) {
      const transcript = prepared ?? (await fresh());
      prepared = null;
      const start = performance.now();
      transcript.messages = messages;
      await transcript.updateComplete;
      forceLayout();
      timing = performance.now() - start;
      lastId = messages.at(-1)!.id;
    },
    async firstPaint(messages) {
      const transcript = await fresh();
      // The clock starts at the same point of a frame for every thread: just after one. The
      // collection in `fresh` is long after a 10,000-message thread and short after a 100-message
      // one, and the row alternates them, so starting right after it would put the 100-message
      // side's start later in its frame, nearer the frame that shows it, every time.
      await nextFrame();
      const start = performance.now();
      transcript.messages = messages;
      lastId = messages.at(-1)!.id;
      await frameWhen(() => !!transcript.shadowRoot!.querySelector(`article[data-message-id="${lastId}"] .body`)?.textContent);
      timing = performance.now() - start;
    },
    async updateLast(text, pending) {
      const start = performance.now();
      element!.updateMessage(lastId, pending === undefined ? { text } : { text, pending });
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
  /** Whether `prepare` readied the container. */
  let ready = false;
  const floorThread: ThreadUnderTest = {
    async prepare() {
      container?.remove();
      container = document.createElement("div");
      container.className = "floor";
      document.body.append(container);
      await nextFrame();
      collectGarbage();
      ready = true;
    },
    async firstRender(messages) {
      if (!ready) await floorThread.prepare();
      ready = false;
      const start = performance.now();
      container!.innerHTML = messages.map(article).join("");
      await Promise.resolve(); // as ours awaits `updateComplete`
      forceLayout();
      last = messages.at(-1)!;
      timing = performance.now() - start;
    },
    // innerHTML draws it all at once: the next frame shows it.
    firstPaint: (messages) => floorThread.firstRender(messages),
    async updateLast(text) {
      const start = performance.now();
      // A chat read at its end follows a streamed reply there, as <t3-transcript> does: the floor
      // does the same work.
      const page = document.scrollingElement!;
      const atEnd = page.scrollTop + page.clientHeight >= page.scrollHeight - 2;
      container!.lastElementChild!.querySelector(".body")!.innerHTML = html({ role: last!.role, text });
      await Promise.resolve();
      if (atEnd) page.scrollTop = page.scrollHeight;
      forceLayout();
      timing = performance.now() - start;
    },
  };
  return floorThread;
}

/** Frames `showEnd` may take to reach a stable end. */
const SHOW_END_FRAMES = 20;

/**
 * The thread's last message: the floor's last article, or the lowest of ours (ours keeps only a
 * window of them in its DOM).
 */
function lastArticle(): Element | undefined {
  const floorLast = document.querySelector(".floor > article:last-child");
  if (floorLast) return floorLast;
  const ours = [...(document.querySelector("t3-transcript")?.shadowRoot?.querySelectorAll("article") ?? [])];
  const bottoms = ours.map((article) => article.getBoundingClientRect().bottom);
  return ours[bottoms.indexOf(Math.max(...bottoms))];
}

/** Whether the thread's last message overlaps the viewport. */
function lastArticleInView(): boolean {
  const box = lastArticle()?.getBoundingClientRect();
  return !!box && box.bottom > 0 && box.top < innerHeight;
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
  /** Whether ours highlights code in the transcripts drawn from now on. */
  highlight(on: boolean): void {
    highlightOff = !on;
  },
  /** Readies an empty container for the next `firstRender` (see `ThreadUnderTest.prepare`). */
  prepare: () => thread.prepare(),
  /** ms from setting a thread to the first frame that shows its newest message. */
  async firstPaint(messages: TranscriptMessage[]): Promise<number> {
    await thread.firstPaint(messages);
    return timing;
  },
  /** Frame lengths, ms, scrolling up from the end of what `firstRender` drew. */
  scrollFrames,
  /**
   * Scrolls the document to its end, where a chat shows the reply it streams, and waits for that to
   * be drawn. Ours is there already (it sticks to the bottom); without this the floor's last
   * message stays 1,000 messages below the viewport, where `content-visibility` skips its layout.
   */
  async showEnd(): Promise<void> {
    // Messages drawn as they come into view grow past their intrinsic size and push the end
    // down: bring the last one into view again until a frame leaves it there.
    for (let frames = 0; frames < SHOW_END_FRAMES && !lastArticleInView(); frames++) {
      lastArticle()?.scrollIntoView({ block: "end" });
      await nextFrame();
    }
    await nextFrame();
    if (!lastArticleInView()) throw new Error("showEnd: the thread's last message is not in the viewport");
  },
  /** ms to draw the last message with `text` (after `firstRender`), laid out; `pending`: still streaming. */
  async updateLast(text: string, pending?: boolean): Promise<number> {
    await nextFrame();
    await thread.updateLast(text, pending);
    return timing;
  },
  /**
   * ms from now until a frame that shows every code block in view highlighted (ours; the floor
   * and ours without highlighting have none to wait for) has been painted.
   */
  async codeInView(): Promise<number> {
    const start = performance.now();
    const root = document.querySelector("t3-transcript")?.shadowRoot;
    if (root && !highlightOff) {
      const inView = (block: Element) => {
        const box = block.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      };
      const done = () => [...root.querySelectorAll(".code-block")].filter(inView).every((block) => block.querySelector("code > .line") !== null);
      if (!done()) await frameWhen(done);
    }
    // Every side ends after a painted frame. Returning at once where there is nothing to wait for
    // left the first paint of the thread out of the other sides' traces, while ours, which waits
    // for its blocks, paid for one to three frames.
    await nextFrame();
    return performance.now() - start;
  },
};
Object.assign(window, { bench });
document.title = "ready";
