import { expect } from "@esm-bundle/chai";
import { chipsOf, chord, editorOf, focusEnd, frame, mount, press, type, unmountAll } from "./helpers.js";

const M1 = "[src/a.ts](t3-context://v1/mention/mention_src-a-ts)";
const mention = { version: 1, contextId: "mention_src-a-ts", kind: "mention", label: "src/a.ts", path: "src/a.ts" } as const;

/** `count` lines, each naming its number, every tenth holding a chip. */
function lines(count: number): string {
  return Array.from({ length: count }, (_, i) => (i % 10 === 0 ? `line ${i} ${M1} end` : `line ${i}`)).join("\n");
}

/**
 * A bound for a test that presses a key a hundred times or more, not a wait: each real key is a
 * round trip through the test runner, and on a loaded machine 150 of them went past mocha's 10 s
 * (a stress run). The tests wait for the states they need, never for a delay.
 */
const MANY_KEYS_TIMEOUT_MS = 30_000;

/** Resolves after the browser rendered a frame and the task after it ran. */
const rendered = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

describe("<t3-composer> large drafts", () => {
  afterEach(unmountAll);

  it("draws a new value in the same editable, in the same place, when the editor has no focus", async () => {
    const el = await mount();
    const editable = editorOf(el);
    const parent = editable.parentNode;
    const next = editable.nextSibling;
    el.value = { text: lines(300), context: { version: 1, records: [mention] } };
    await el.updateComplete;
    expect(editorOf(el)).to.equal(editable);
    expect(editable.parentNode).to.equal(parent);
    expect(editable.nextSibling).to.equal(next);
    // Lines come in line groups of 64, drawn lazily off screen, except the line groups around the caret;
    // the second line group, far from both the top and the caret, holds only its text until it comes near.
    const groups = [...editable.children];
    expect(groups.map((group) => group.querySelectorAll("p").length)).to.deep.equal([64, 0, 64, 64, 44]);
    expect(groups[1]!.textContent).to.equal(lines(300).split("\n").slice(64, 128).join("\n").replaceAll(M1, "src/a.ts"));
    expect(groups.map((group) => getComputedStyle(group).contentVisibility)).to.deep.equal(["auto", "auto", "visible", "visible", "visible"]);
    expect(chipsOf(el)).to.have.length(24);
  });

  it("draws line groups far from the caret and the viewport as their text, and builds their lines when they come near", async () => {
    const el = await mount();
    el.value = { text: Array.from({ length: 1000 }, (_, i) => `line ${i}`).join("\n") };
    await el.updateComplete;
    const editable = editorOf(el);
    expect(editable.children[8]!.querySelectorAll("p")).to.have.length(0);
    expect(editable.children[8]!.textContent).to.equal(Array.from({ length: 64 }, (_, i) => `line ${512 + i}`).join("\n"));
    editable.children[8]!.scrollIntoView();
    await rendered(); // the intersection observer reports after a rendering
    await rendered();
    expect(editable.children[8]!.querySelectorAll("p")).to.have.length(64);
    expect(el.value.text.split("\n")).to.have.length(1000);
  });

  it("keeps focus and a working caret when the value is set while a person types", async () => {
    const el = await mount();
    await focusEnd(el);
    el.value = { text: lines(50) };
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(editorOf(el));
    await type("!");
    await frame();
    expect(el.value.text).to.equal(`${lines(50)}!`);
  });

  it("types at the end of a long draft", async () => {
    const el = await mount();
    el.value = { text: lines(2000), context: { version: 1, records: [mention] } };
    await focusEnd(el);
    await type("Z");
    await frame();
    const text = el.value.text.split("\n");
    expect(text).to.have.length(2000);
    expect(text[1999]).to.equal("line 1999Z");
    expect(text[0]).to.equal(`line 0 ${M1} end`);
  });

  it("selects a long draft whole and replaces it", async () => {
    const el = await mount();
    el.value = { text: lines(2000), context: { version: 1, records: [mention] } };
    await focusEnd(el);
    await chord("Control", "a");
    await type("x");
    await frame();
    expect(el.value).to.deep.equal({ text: "x" });
  });

  it("keeps the line groups around the caret drawn, following the caret", async () => {
    const el = await mount();
    el.value = { text: Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n") };
    await focusEnd(el);
    // A lazy line group gets a new <div> when it is built, so the line groups are looked up each time.
    const near = () => [...editorOf(el).children].flatMap((group, i) => (group.classList.contains("t3-near") ? [i] : []));
    expect(editorOf(el).children).to.have.length(7);
    expect(near()).to.deep.equal([4, 5, 6]);
    for (let i = 0; i < 150; i++) await press("ArrowUp"); // line 249, in line group 3
    await frame();
    expect(near()).to.deep.equal([1, 2, 3, 4, 5]);
    await chord("Control", "a");
    await frame();
    expect(near()).to.deep.equal([4, 5, 6]);
  }).timeout(MANY_KEYS_TIMEOUT_MS);

  it("moves the caret line by line through lines that were off screen, and edits there", async () => {
    const el = await mount();
    el.value = { text: Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n") };
    await focusEnd(el);
    for (let i = 0; i < 60; i++) await press("ArrowUp");
    await frame();
    await type("^");
    await frame();
    expect(el.value.text.split("\n")[339]).to.equal("line 339^");
  }).timeout(MANY_KEYS_TIMEOUT_MS);

  it("joins and breaks lines where two line groups meet", async () => {
    const el = await mount();
    el.value = { text: Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n") };
    await focusEnd(el);
    for (let i = 0; i < 99 - 64; i++) await press("ArrowUp");
    await press("Home"); // the start of line 64, the first line of the second line group
    await press("Backspace");
    await frame();
    let text = el.value.text.split("\n");
    expect(text).to.have.length(99);
    expect(text[63]).to.equal("line 63line 64");
    await chord("Shift", "Enter");
    await frame();
    text = el.value.text.split("\n");
    expect(text).to.have.length(100);
    expect(text.slice(63, 65)).to.deep.equal(["line 63", "line 64"]);
  });
});
