import { expect } from "@esm-bundle/chai";
import type { T3TranscriptElement } from "../../../src/index.js";
import { article, cleanup, userMessage } from "./fixtures.js";

const PAGE = 30;
const page = (from: number) => Array.from({ length: PAGE }, (_, i) => userMessage(`m${from + i}`, `message ${from + i}`));

/** A transcript inside a short scrolling box, scrolled to its end, as a chat opens. */
async function scrolledToEnd(): Promise<{ el: T3TranscriptElement; box: HTMLElement; heard: string[] }> {
  const box = document.createElement("div");
  box.style.cssText = "height: 200px; overflow: auto";
  const el = document.createElement("t3-transcript");
  el.messages = page(100);
  box.append(el);
  document.body.append(box);
  await el.updateComplete;
  box.scrollTop = box.scrollHeight;
  const heard: string[] = [];
  el.addEventListener("t3-load-older", (event) => heard.push(event.detail.before));
  await frames(3);
  return { el, box, heard };
}

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

async function until(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await frames(1);
}

describe("<t3-transcript> older pages", () => {
  afterEach(() => {
    cleanup();
    for (const box of document.querySelectorAll("body > div")) box.remove();
  });

  it("fires t3-load-older with the oldest message's id when it scrolls into view, not before", async () => {
    const { box, heard } = await scrolledToEnd();
    expect(heard).to.deep.equal([]);
    box.scrollTop = 0;
    await until(() => heard.length > 0);
    expect(heard).to.deep.equal(["m100"]);
  });

  it("prepends an older page before the messages shown, keeping them", async () => {
    const { el, box, heard } = await scrolledToEnd();
    el.prependMessages(page(70));
    await el.updateComplete;
    expect(el.messages.map((m) => m.id).slice(0, 2)).to.deep.equal(["m70", "m71"]);
    expect(el.messages.length).to.equal(2 * PAGE);
    expect(article(el, "m129")).to.not.equal(null);
    box.scrollTop = 0;
    await until(() => heard.length > 0);
    expect(heard).to.deep.equal(["m70"]);
  });
});
