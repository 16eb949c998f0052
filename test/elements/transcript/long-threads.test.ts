// Long threads (docs/transcript.md, "Long threads"): past VIRTUALIZE_AFTER messages only the
// ones near the viewport are in the DOM. Real scrolling (scrollTop), real keys, real copy.
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import type { TranscriptMessage } from "../../../src/elements/transcript/types.js";
import type { ComposerErrorDetail } from "../../../src/elements/composer/events.js";
import { VIRTUALIZE_AFTER } from "../../../src/elements/transcript/virtual-list.js";
import { chord } from "../composer/helpers.js";
import { chipRegistry, createChipRegistry } from "../../../src/presentation/index.js";
import { article, chip, cleanup, link, shadow, terminal, until } from "./fixtures.js";

const COUNT = 10_000;
/** How many frames `updateComplete` gets to answer after the thread has nothing left to draw. */
const ANSWER_FRAMES = 30;
/** Messages of one, two and four lines, so heights differ from any estimate. */
const text = (i: number) => [`Message ${i}`, ...Array.from({ length: [0, 1, 3][i % 3]! }, (_, k) => `line ${k} of ${i}`)].join("\n\n");
const message = (i: number): TranscriptMessage => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", text: text(i) });
const thread = (from: number, count: number) => Array.from({ length: count }, (_, i) => message(from + i));

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

/** A transcript of `count` messages in a 400 px scrolling box. */
async function mountLong(count = COUNT, messages = thread(0, count), setup?: (el: T3TranscriptElement) => void): Promise<{ el: T3TranscriptElement; box: HTMLElement }> {
  const box = document.createElement("div");
  box.style.cssText = "height: 400px; overflow: auto; width: 600px";
  const el = document.createElement("t3-transcript");
  setup?.(el);
  el.messages = messages;
  box.append(el);
  document.body.append(box);
  await el.updateComplete;
  await frames(2);
  return { el, box };
}

const articles = (el: T3TranscriptElement) => [...shadow(el).querySelectorAll<HTMLElement>("article")];

/** The articles whose box is at least partly inside `box`'s viewport. */
function onScreen(el: T3TranscriptElement, box: HTMLElement): HTMLElement[] {
  const view = box.getBoundingClientRect();
  return articles(el).filter((a) => {
    const rect = a.getBoundingClientRect();
    return rect.bottom > view.top && rect.top < view.bottom;
  });
}

/** Scrolls `box` to `top` and waits for the window to follow. */
async function scrollTo(box: HTMLElement, top: number): Promise<void> {
  box.scrollTop = top;
  await frames(3);
}

/**
 * A long thread scrolled to its middle: the drawn article just above the screen (in the window's
 * margin, not seen), and the second one on screen with its top, which must not move.
 */
async function middleWithArticleAbove(): Promise<{ el: T3TranscriptElement; above: HTMLElement; watched: HTMLElement; top: number }> {
  const { el, box } = await mountLong();
  await scrollTo(box, box.scrollHeight / 2);
  // Every article of the new window drawn: on a loaded machine a slice can leave one placed but
  // not drawn yet after the frames above (a WebKit run found one without its message id).
  await el.updateComplete;
  const [first, second] = onScreen(el, box);
  const above = first!.previousElementSibling as HTMLElement;
  expect(above.localName).to.equal("article");
  return { el, above, watched: second!, top: second!.getBoundingClientRect().top };
}

const atEnd = (box: HTMLElement) => box.scrollTop + box.clientHeight >= box.scrollHeight - 2;

describe("<t3-transcript> long threads", () => {
  afterEach(() => {
    cleanup();
    for (const box of document.querySelectorAll("body > div")) box.remove();
    document.getSelection()?.removeAllRanges();
  });

  it("keeps a bounded number of articles for 10,000 messages and opens at the newest", async () => {
    const { el, box } = await mountLong();
    const drawn = articles(el);
    expect(drawn.length).to.be.within(2, 60);
    expect(drawn.at(-1)!.dataset.messageId).to.equal(`m${COUNT - 1}`);
    expect(atEnd(box)).to.equal(true);
    expect(onScreen(el, box).map((a) => a.dataset.messageId)).to.include(`m${COUNT - 1}`);
    expect(article(el, `m${COUNT - 1}`).getAttribute("aria-setsize")).to.equal(String(COUNT));
  });

  it("draws the oldest messages, in order, when scrolled to the top", async () => {
    const { el, box } = await mountLong();
    await scrollTo(box, 0);
    await until(() => onScreen(el, box)[0]?.dataset.messageId === "m0", "the oldest message on screen");
    const visible = onScreen(el, box);
    expect(visible.map((a) => a.textContent)).to.deep.equal(visible.map((_, i) => text(i).replaceAll("\n\n", "")));
    expect(articles(el).length).to.be.below(60);
  });

  it("keeps what is on screen still while a message above it grows", async () => {
    const { el, above, watched, top } = await middleWithArticleAbove();
    el.updateMessage(above.dataset.messageId!, { text: Array.from({ length: 12 }, (_, i) => `grown ${i}`).join("\n\n") });
    await el.updateComplete;
    await frames(2);
    expect(above.isConnected && above.getBoundingClientRect().height).to.be.above(200);
    expect(Math.abs(watched.getBoundingClientRect().top - top)).to.be.at.most(1);
  });

  it("keeps what is on screen still while a message above it grows without a redraw", async () => {
    // An image that loads, or a style that changes, resizes an article that no pass drew again:
    // only the ResizeObserver sees it, and the screen must stay where it was all the same.
    const { el, above, watched, top } = await middleWithArticleAbove();
    const height = above.getBoundingClientRect().height;
    (above.firstElementChild as HTMLElement).style.paddingBottom = "300px";
    await frames(3);
    await el.updateComplete;
    expect(above.getBoundingClientRect().height).to.be.above(height + 250);
    expect(Math.abs(watched.getBoundingClientRect().top - top)).to.be.at.most(1);
  });

  it("reads the size of only the article that resized, in a thread at its end", async () => {
    // The frame after a ResizeObserver report measures the articles it reported, not every one
    // on screen (virtual-list.ts, `#keepAfterResize`): a streamed reply resizes on every update.
    const { el, box } = await mountLong(20);
    await scrollTo(box, box.scrollHeight);
    await el.updateComplete;
    expect(atEnd(box)).to.equal(true);
    const last = article(el, "m19");
    const reads = new Set<Element>();
    const { getBoundingClientRect } = Element.prototype;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.localName === "article") reads.add(this);
      return getBoundingClientRect.call(this);
    };
    try {
      (last.firstElementChild as HTMLElement).style.paddingBottom = "300px";
      await frames(3);
      await el.updateComplete;
    } finally {
      Element.prototype.getBoundingClientRect = getBoundingClientRect;
    }
    expect([...reads]).to.deep.equal([last]);
    expect(atEnd(box)).to.equal(true);
  });

  it("stays at the end while the last reply streams", async () => {
    const { el, box } = await mountLong();
    const last = `m${COUNT - 1}`;
    let streamed = "Streaming";
    for (let i = 0; i < 8; i++) {
      streamed += `\n\nparagraph ${i} of the reply`;
      el.updateMessage(last, { text: streamed });
      await el.updateComplete;
      await frames(1);
      expect(atEnd(box)).to.equal(true);
    }
    const rect = article(el, last).getBoundingClientRect();
    expect(Math.abs(rect.bottom - box.getBoundingClientRect().bottom)).to.be.below(40);
    expect(article(el, last).textContent).to.include("paragraph 7 of the reply");
  });

  it("fills the viewport again when the streamed reply shrinks", async () => {
    const { el, box } = await mountLong();
    const last = `m${COUNT - 1}`;
    // Taller than the box: the window holds little more than the reply itself.
    el.updateMessage(last, { text: Array.from({ length: 40 }, (_, i) => `draft paragraph ${i}`).join("\n\n") });
    await el.updateComplete;
    await frames(2);
    el.updateMessage(last, { text: "Short answer." });
    // Checked before the next frame: the frame that paints the short reply shows no gap.
    await el.updateComplete;
    expect(atEnd(box)).to.equal(true);
    const visible = onScreen(el, box);
    // Messages, not a spacer, from the top of the box down to the reply.
    expect(visible[0]!.getBoundingClientRect().top).to.be.at.most(box.getBoundingClientRect().top);
    expect(visible.at(-1)!.dataset.messageId).to.equal(last);
    const ids = visible.map((a) => Number(a.dataset.messageId!.slice(1)));
    expect(ids).to.deep.equal(ids.map((_, i) => ids[0]! + i));
  });

  it("stops following the stream once the reader scrolls up", async () => {
    const { el, box } = await mountLong();
    await scrollTo(box, box.scrollTop - 300);
    const held = onScreen(el, box)[1]!;
    const before = held.getBoundingClientRect().top;
    el.updateMessage(`m${COUNT - 1}`, { text: "long\n\n".repeat(20) });
    await el.updateComplete;
    await frames(2);
    expect(atEnd(box)).to.equal(false);
    expect(Math.abs(held.getBoundingClientRect().top - before)).to.be.at.most(1);
  });

  it("keeps the viewport still when older messages are prepended", async () => {
    const { el, box } = await mountLong(COUNT - 500);
    await scrollTo(box, 3000);
    const held = onScreen(el, box)[1]!;
    const before = held.getBoundingClientRect().top;
    el.prependMessages(thread(-500, 500).map((m, i) => ({ ...m, id: `old${i}` })));
    await el.updateComplete;
    await frames(2);
    expect(held.isConnected).to.equal(true);
    expect(Math.abs(held.getBoundingClientRect().top - before)).to.be.at.most(1);
    expect(el.messages[0]!.id).to.equal("old0");
  });

  it("answers updateComplete awaited between a draw and the first sizes of the message it drew", async () => {
    // A message added to a long thread read at its end is drawn at once; the element's
    // ResizeObserver reports the new message's first size in that frame's own step and measures
    // it in the next frame. A size the draw measured already changes nothing, and whoever awaited
    // updateComplete in between must still hear back. It never did (virtual-list.ts, `#resizeSoon`):
    // this test waited for good in Chromium, and in WebKit the PageUp test below did now and then,
    // when a key's round trip through the driver let such a frame come before its updateComplete.
    const { el } = await mountLong();
    const answered = new Promise<boolean>((resolve) => {
      // Created after the element's observer, so it is reported to after it, in the same step.
      const probe = document.createElement("div");
      document.body.append(probe);
      const observer = new ResizeObserver(() => {
        observer.disconnect();
        probe.remove();
        void el.updateComplete.then(() => resolve(true));
      });
      observer.observe(probe);
    });
    el.messages = [...el.messages, message(COUNT)];
    expect(await Promise.race([answered, frames(ANSWER_FRAMES).then(() => false)])).to.equal(true);
  });

  it("moves between messages with PageUp and PageDown across the window, drawing them on demand", async () => {
    const { el, box } = await mountLong();
    const firstDrawn = articles(el)[0]!;
    const start = Number(firstDrawn.dataset.messageId!.slice(1));
    firstDrawn.querySelector<HTMLButtonElement>("[part=copy-button]")!.focus();
    await sendKeys({ press: "PageUp" });
    await el.updateComplete;
    // The message before the first one drawn was not in the DOM: it is now, focused and on screen.
    const focused = () => shadow(el).activeElement as HTMLElement | null;
    expect(focused()?.dataset.messageId).to.equal(`m${start - 1}`);
    expect(onScreen(el, box)).to.include(focused());
    for (let i = 0; i < 30; i++) await sendKeys({ press: "PageUp" });
    expect(focused()?.dataset.messageId).to.equal(`m${start - 31}`);
    expect(onScreen(el, box)).to.include(focused());
    await sendKeys({ press: "PageDown" });
    expect(focused()?.dataset.messageId).to.equal(`m${start - 30}`);
  });

  it("reaches the oldest and the newest message with Home and End on a message", async () => {
    const { el, box } = await mountLong();
    articles(el).at(-1)!.querySelector<HTMLButtonElement>("[part=copy-button]")!.focus();
    await sendKeys({ press: "PageUp" });
    await sendKeys({ press: "Home" });
    const focused = () => shadow(el).activeElement as HTMLElement | null;
    expect(focused()?.dataset.messageId).to.equal("m0");
    expect(onScreen(el, box)).to.include(focused());
    expect(focused()?.getAttribute("aria-posinset")).to.equal("1");
    await sendKeys({ press: "End" });
    expect(focused()?.dataset.messageId).to.equal(`m${COUNT - 1}`);
    expect(atEnd(box) || onScreen(el, box).includes(focused()!)).to.equal(true);
  });

  it("copies a selection across three messages after it scrolled out of view", async () => {
    const { el, box } = await mountLong();
    const [a, , c] = onScreen(el, box).slice(-3);
    const ids = [a!, a!.nextElementSibling as HTMLElement, c!].map((node) => node.dataset.messageId!);
    const start = a!.querySelector(".body p")!.firstChild as Text;
    const endParagraphs = c!.querySelectorAll(".body p");
    const end = endParagraphs[0]!.firstChild as Text;
    document.getSelection()!.setBaseAndExtent(start, "Message ".length, end, "Mess".length);
    await scrollTo(box, 0);
    await until(() => onScreen(el, box)[0]?.dataset.messageId === "m0", "the top");
    expect(a!.isConnected && c!.isConnected).to.equal(true);
    const copied = new Promise<string>((resolve) => el.addEventListener("t3-copy", (event) => resolve(event.detail.text), { once: true }));
    await chord("Control", "c");
    const middle = text(Number(ids[1]!.slice(1)));
    const first = text(Number(ids[0]!.slice(1))).slice("Message ".length);
    expect(await copied).to.equal(`${first}\n\n${middle}\n\nMess`);
    // Once the selection is gone, the messages it held are let go.
    document.getSelection()!.removeAllRanges();
    await scrollTo(box, 10);
    await scrollTo(box, 0);
    expect(a!.isConnected).to.equal(false);
  });

  it("scrolls a message into view on scrollToMessage, drawing it first", async () => {
    const { el, box } = await mountLong();
    await el.scrollToMessage("m4321");
    await frames(2);
    expect(onScreen(el, box).map((a) => a.dataset.messageId)).to.include("m4321");
    let error: unknown;
    await el.scrollToMessage("nope").catch((caught: unknown) => (error = caught));
    expect(String(error)).to.equal('RangeError: scrollToMessage: no message with id "nope"');
  });

  it("checks the older messages after the first draw, reporting a bad one as invalid-message and leaving it out", async () => {
    const messages: unknown[] = thread(0, COUNT);
    messages[10] = { id: "bad", role: "bot", text: "x" };
    messages[20] = null;
    const errors: ComposerErrorDetail[] = [];
    const original = console.error;
    console.error = () => {}; // the element also logs each report
    try {
      const { el } = await mountLong(COUNT, messages as TranscriptMessage[], (t) => t.addEventListener("t3-error", (event) => errors.push(event.detail)));
      expect(article(el, `m${COUNT - 1}`).textContent).to.include(`Message ${COUNT - 1}`);
      await until(() => errors.length === 2, "the two reports");
      expect(errors.map((e) => [e.code, e.message])).to.deep.equal([
        ["invalid-message", 'Message 10 of messages is left out: messages: message bad has role "bot" (expected "user", "assistant" or "system")'],
        ["invalid-message", "Message 20 of messages is left out: messages: expected a message object, got null"],
      ]);
      expect(el.messages.length).to.equal(COUNT - 2);
      expect(el.messages.some((m) => m.id === "bad")).to.equal(false);
    } finally {
      console.error = original;
    }
  });

  it("sets a long thread without checking its older messages first, and still throws for a bad newest one", async () => {
    const el = document.createElement("t3-transcript");
    const errors: unknown[] = [];
    el.addEventListener("t3-error", (event) => errors.push(event.detail));
    const messages: unknown[] = thread(0, COUNT);
    messages[0] = 5;
    el.messages = messages as TranscriptMessage[];
    expect(errors).to.deep.equal([]); // not thrown, not reported yet
    const bad: unknown[] = thread(0, COUNT);
    bad[COUNT - 1] = { id: "", role: "user", text: "" };
    const fresh = document.createElement("t3-transcript");
    expect(() => (fresh.messages = bad as TranscriptMessage[])).to.throw(TypeError, 'messages: message id must be a non-empty string, got ""');
  });

  it("merges a copy among the older messages with its later copy among the newest, in the earlier place", async () => {
    const messages = thread(0, COUNT);
    const last = messages[COUNT - 1]!;
    messages[5] = { ...last, text: "the first copy" };
    const { el } = await mountLong(COUNT, messages);
    // Read at once, the thread is checked whole: the later copy's text in the earlier copy's place.
    expect(el.messages.length).to.equal(COUNT - 1);
    expect([el.messages[5]!.id, el.messages[5]!.text]).to.deep.equal([last.id, last.text]);
    await el.updateComplete;
    await until(() => articles(el).at(-1)?.dataset.messageId === `m${COUNT - 2}`, "the window to end at the message before");
    expect(articles(el).at(-1)!.getAttribute("aria-setsize")).to.equal(String(COUNT - 1));
  });

  it("keeps a short thread whole, past the threshold only a window", async () => {
    const { el } = await mountLong(VIRTUALIZE_AFTER);
    expect(articles(el).length).to.equal(VIRTUALIZE_AFTER);
    el.appendMessage(message(VIRTUALIZE_AFTER));
    await el.updateComplete;
    expect(articles(el).length).to.be.below(VIRTUALIZE_AFTER);
    expect(articles(el).at(-1)!.dataset.messageId).to.equal(`m${VIRTUALIZE_AFTER}`);
  });

  it("opens an expansion again when its message leaves the DOM and comes back", async () => {
    const registry = createChipRegistry({ base: chipRegistry });
    registry.define("log", { kindLabel: () => "Log", expanded: "inline-block", renderExpanded: () => document.createTextNode("the log lines") });
    const record = { version: 1 as const, contextId: "log_a", kind: "log", label: "log a", payload: {} };
    const messages = thread(0, COUNT);
    const id = `m${COUNT - 2}`;
    messages[COUNT - 2] = { id, role: "user", text: "see [log a](t3-context://v1/log/log_a)", context: { version: 1, records: [record] } };
    const { el, box } = await mountLong(COUNT, messages, (t) => (t.registry = registry));
    const button = chip(article(el, id), "log_a");
    button.focus();
    await sendKeys({ press: "Enter" });
    expect(button.getAttribute("aria-expanded")).to.equal("true");
    button.blur();
    await scrollTo(box, 0);
    await until(() => !article(el, id), "the message to leave the DOM");
    await scrollTo(box, box.scrollHeight);
    await until(() => !!article(el, id), "the message to come back");
    const again = chip(article(el, id), "log_a");
    expect(again).to.not.equal(button);
    expect(again.getAttribute("aria-expanded")).to.equal("true");
    expect(article(el, id).querySelector("[part=expansion]")!.textContent).to.equal("the log lines");
  });

  it("opens at the end with a first slice that draws only the newest screenful", async () => {
    const box = document.createElement("div");
    box.style.cssText = "height: 400px; overflow: auto; width: 600px";
    const el = document.createElement("t3-transcript");
    box.append(el);
    document.body.append(box);
    await el.updateComplete;
    el.messages = thread(0, COUNT);
    // The first slice runs in lit's update (a microtask); the next ones are tasks after a frame.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    const placed = articles(el);
    const drawn = placed.filter((a) => a.textContent !== "");
    expect(drawn.length).to.be.above(0);
    expect(drawn.length).to.be.below(placed.length);
    // The drawn ones are the newest, one run to the end, and none is drawn beyond the one that
    // reaches the top of the box (a busy machine's slice may stop sooner, at its deadline).
    expect(drawn.map((a) => a.dataset.messageId)).to.deep.equal(placed.slice(-drawn.length).map((a) => a.dataset.messageId));
    expect(drawn.at(-1)!.dataset.messageId).to.equal(`m${COUNT - 1}`);
    expect(drawn.slice(1).map((a) => a.getBoundingClientRect().top > box.getBoundingClientRect().top)).to.deep.equal(drawn.slice(1).map(() => true));
    await el.updateComplete;
    expect(articles(el).every((a) => a.textContent !== "")).to.equal(true);
    expect(atEnd(box)).to.equal(true);
  });

  it("keeps a chip's open details popover in place while its message scrolls away", async () => {
    const messages = thread(0, COUNT);
    const id = `m${COUNT - 1}`;
    messages[COUNT - 1] = { id, role: "user", text: `see ${link(terminal)}`, context: { version: 1, records: [terminal] } };
    const { el, box } = await mountLong(COUNT, messages);
    const button = chip(article(el, id), terminal.contextId);
    button.focus();
    await sendKeys({ press: "Enter" });
    const popover = shadow(el).querySelector<HTMLElement>("[part=popover]")!;
    expect(popover.matches(":popover-open")).to.equal(true);
    await scrollTo(box, 0);
    await until(() => onScreen(el, box)[0]?.dataset.messageId === "m0", "the top");
    expect(button.isConnected).to.equal(true);
    expect(popover.matches(":popover-open")).to.equal(true);
    await sendKeys({ press: "Escape" });
    expect(shadow(el).activeElement).to.equal(button);
  });
});
