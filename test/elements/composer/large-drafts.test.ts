import { expect } from "@esm-bundle/chai";
import { chipsOf, chord, editorOf, focusEnd, frame, mount, press, type, unmountAll } from "./helpers.js";

const M1 = "[src/a.ts](t3-context://v1/mention/mention_src-a-ts)";
const mention = { version: 1, contextId: "mention_src-a-ts", kind: "mention", label: "src/a.ts", path: "src/a.ts" } as const;

/** `count` lines, each naming its number, every tenth holding a chip. */
function lines(count: number): string {
  return Array.from({ length: count }, (_, i) => (i % 10 === 0 ? `line ${i} ${M1} end` : `line ${i}`)).join("\n");
}

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
    expect(editable.querySelectorAll("p")).to.have.length(300);
    // Off-screen lines are drawn lazily, except those around the caret (at the end).
    expect(editable.querySelectorAll("p.t3-near")).to.have.length(101);
    expect(getComputedStyle(editable.querySelector("p")!).contentVisibility).to.equal("auto");
    expect(getComputedStyle(editable.querySelector("p:last-child")!).contentVisibility).to.equal("visible");
    expect(chipsOf(el)).to.have.length(30);
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

  it("keeps the lines around the caret drawn, following the caret", async () => {
    const el = await mount();
    el.value = { text: Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n") };
    await focusEnd(el);
    const lines = [...editorOf(el).querySelectorAll("p")];
    const near = () => lines.flatMap((line, i) => (line.classList.contains("t3-near") ? [i] : []));
    expect(near()).to.deep.equal(Array.from({ length: 101 }, (_, i) => 299 + i));
    for (let i = 0; i < 150; i++) await press("ArrowUp");
    await frame();
    expect(near()).to.deep.equal(Array.from({ length: 201 }, (_, i) => 149 + i));
    await chord("Control", "a");
    await frame();
    expect(near()).to.deep.equal(Array.from({ length: 101 }, (_, i) => 299 + i));
  });

  it("moves the caret line by line through lines that were off screen, and edits there", async () => {
    const el = await mount();
    el.value = { text: Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n") };
    await focusEnd(el);
    for (let i = 0; i < 60; i++) await press("ArrowUp");
    await frame();
    await type("^");
    await frame();
    expect(el.value.text.split("\n")[339]).to.equal("line 339^");
  });
});
