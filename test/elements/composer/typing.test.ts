import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import { inOneUndoStep } from "../../e2e/support/frames.js";
import { T1, chipsOf, chord, editorOf, focusEnd, frame, mention, mount, press, record, terminal, type, unmountAll } from "./helpers.js";

// Typed characters are inserted by the editor as transactions (editor/typing.ts), not by the
// browser: these tests pin down that they land exactly where the browser would put them.

describe("<t3-composer> typing", () => {
  afterEach(unmountAll);

  it("puts typed characters at the caret, next to a chip", async () => {
    const el = await mount();
    el.value = { text: `a ${T1}b`, context: { version: 1, records: [terminal] } };
    await focusEnd(el);
    await press("ArrowLeft"); // a T|b
    await type("xy");
    await frame();
    expect(el.value.text).to.equal(`a ${T1}xyb`);
    await press("ArrowLeft");
    await press("ArrowLeft");
    await press("ArrowLeft"); // a |T xyb
    await type("z");
    await frame();
    expect(el.value.text).to.equal(`a z${T1}xyb`);
  });

  it("replaces a text selection with the typed character", async () => {
    const el = await mount();
    el.value = { text: "hello world" };
    await focusEnd(el);
    for (let i = 0; i < 5; i++) await chord("Shift", "ArrowLeft");
    await type("there");
    await frame();
    expect(el.value).to.deep.equal({ text: "hello there" });
  });

  it("replaces a selected chip, and its record goes with it", async () => {
    const el = await mount();
    el.value = { text: `a ${T1} b`, context: { version: 1, records: [terminal] } };
    const removed = record(el, "t3-context-remove");
    const box = chipsOf(el)[0]!.getBoundingClientRect();
    await sendMouse({ type: "click", position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    await el.updateComplete;
    await type("q");
    await frame();
    expect(el.value).to.deep.equal({ text: "a q b" });
    expect(removed.map((event) => event.detail.record)).to.deep.equal([terminal]);
  });

  it("undoes a typed word in one step", async () => {
    const el = await mount();
    el.value = { text: "say " };
    await focusEnd(el);
    await inOneUndoStep(() => type("hello"));
    await frame();
    expect(el.value.text).to.equal("say hello");
    await chord("Control", "z");
    await frame();
    expect(el.value.text).to.equal("say ");
  });

  it("undoes typing, then a chip inserted between as a step of its own, then the typing before it; redo brings them back in order", async () => {
    const el = await mount();
    await focusEnd(el);
    await inOneUndoStep(() => type("one"));
    const typed = el.value.text;
    el.insertContext(mention);
    const withChip = el.value.text;
    await inOneUndoStep(() => type(" two"));
    const all = el.value.text;
    expect([typed, withChip === typed, all === withChip]).to.deep.equal(["one", false, false]);
    const undo = async () => {
      await chord("Control", "z");
      await frame();
      return el.value.text;
    };
    expect([await undo(), await undo(), await undo()]).to.deep.equal([withChip, typed, ""]);
    await chord("Control", "y");
    await frame();
    expect(el.value.text).to.equal(typed);
  });

  it("draws what is typed into the editable, with the caret after it", async () => {
    const el = await mount();
    el.value = { text: "ab" };
    await focusEnd(el);
    await press("ArrowLeft");
    await type("X");
    await frame();
    expect(editorOf(el).textContent).to.equal("aXb");
    await type("Y");
    await frame();
    expect(el.value.text).to.equal("aXYb");
  });
});
