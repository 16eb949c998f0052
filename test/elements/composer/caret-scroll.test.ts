import { expect } from "@esm-bundle/chai";
import { editorOf, focusEnd, frame, mount, type, unmountAll } from "./helpers.js";
import { caret } from "../../support/composition.js";

// A typed character scrolls the caret into view; while the editor is wholly visible and the caret
// inside it, the walk over the page's scrollers is skipped (src/editor/caret-scroll.ts). These
// tests pin down that whatever has to scroll still does.

/** Resolves after the browser rendered a frame (the intersection observer has reported). */
const rendered = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** How many frames the page gets to stay at its top before a test gives up on it. */
const SETTLE_FRAMES = 60;

/**
 * Scrolls the page to its top and waits until it stays there for two rendered frames. Focusing the
 * composer scrolls it into view, and on a busy machine Firefox does so a frame or more after the
 * focus call returned: a single `scrollTo(0, 0)` could come before that scroll and be undone.
 */
async function settleAtTop(): Promise<void> {
  for (let i = 0; i < SETTLE_FRAMES; i++) {
    window.scrollTo(0, 0);
    await rendered();
    await rendered();
    if (window.scrollY === 0) return;
  }
  throw new Error(`the page did not stay at its top: scrollY ${window.scrollY}`);
}

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i}`).join("\n");

/**
 * The caret's rectangle, from the selection inside the composer's shadow root, read the same way
 * in every engine (WebKit's `ShadowRoot.getSelection` answers the selection retargeted to the host).
 */
function caretRect(el: HTMLElement): DOMRect {
  const { node, offset } = caret(document, el.shadowRoot!);
  const range = document.createRange();
  range.setStart(node, offset);
  return range.getBoundingClientRect();
}

describe("<t3-composer> scrolling the caret into view", () => {
  const spacers: HTMLElement[] = [];
  afterEach(() => {
    unmountAll();
    for (const spacer of spacers.splice(0)) spacer.remove();
    window.scrollTo(0, 0);
  });

  it("scrolls the editor back to the caret when a key is typed after it was scrolled away", async () => {
    const el = await mount();
    el.value = { text: lines(100) };
    await focusEnd(el);
    const editor = editorOf(el);
    editor.scrollTop = 0;
    await rendered();
    await rendered();
    await type("x");
    await frame();
    expect(el.value.text.endsWith("line 99x")).to.equal(true);
    expect(editor.scrollTop).to.be.greaterThan(0);
    const box = editor.getBoundingClientRect();
    const caret = caretRect(el);
    expect(caret.top).to.be.at.least(box.top);
    expect(caret.bottom).to.be.at.most(box.top + editor.clientHeight);
  });

  it("scrolls the page to a composer below the fold when a key is typed in it", async () => {
    const spacer = document.createElement("div");
    spacer.style.height = `${3 * innerHeight}px`;
    document.body.prepend(spacer);
    spacers.push(spacer);
    const el = await mount();
    el.value = { text: "hello" };
    await focusEnd(el);
    await settleAtTop();
    expect(caretRect(el).top).to.be.greaterThan(innerHeight);
    await type("!");
    await frame();
    expect(el.value.text).to.equal("hello!");
    expect(window.scrollY).to.be.greaterThan(0);
    const caret = caretRect(el);
    expect(caret.top).to.be.at.least(0);
    expect(caret.bottom).to.be.at.most(innerHeight);
  });

  it("moves nothing when the caret is already in view", async () => {
    const el = await mount();
    el.value = { text: lines(100) };
    await focusEnd(el);
    await type("a"); // brings the caret into view
    await rendered();
    await rendered();
    const editor = editorOf(el);
    const scrollTop = editor.scrollTop;
    const pageY = window.scrollY;
    expect(scrollTop).to.be.greaterThan(0);
    await type("bc");
    await frame();
    expect(el.value.text.endsWith("line 99abc")).to.equal(true);
    expect(editor.scrollTop).to.equal(scrollTop);
    expect(window.scrollY).to.equal(pageY);
  });
});
