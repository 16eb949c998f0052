// Text and HTML dropped into the composer go through the paste importer (docs/composer.md and
// 12): the t3 fragment is decoded and checked, the rest of the HTML is never parsed, and the
// text lands at the drop point. A selection dragged inside the editor is moved as it is.
import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import { CONTEXT_FRAGMENT_MIME, decodeClipboardFragment, encodeClipboardFragment, encodeClipboardHtml } from "../../../src/codec/clipboard.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { T1, chipsOf, editorOf, focusEnd, frame, mount, record, terminal, unmountAll } from "./helpers.js";
import { dragEvent } from "../../support/events.js";


interface Point {
  x: number;
  y: number;
}

/** Just inside the left edge of the character at `offset` of the editor's first line. */
function beforeCharacter(el: T3ComposerElement, offset: number): Point {
  const text = editorOf(el).querySelector("p")!.firstChild!;
  const range = document.createRange();
  range.setStart(text, offset);
  range.setEnd(text, offset + 1);
  const box = range.getBoundingClientRect();
  return { x: Math.round(box.left + 1), y: Math.round(box.top + box.height / 2) };
}

/** Just past the end of the editor's first line. */
function endOfLine(el: T3ComposerElement): Point {
  const range = document.createRange();
  range.selectNodeContents(editorOf(el).querySelector("p")!);
  const rect = range.getBoundingClientRect();
  return { x: Math.round(rect.right + 2), y: Math.round(rect.top + rect.height / 2) };
}

/** Fires `type` as a person's drag does: at the element under `point`, with `data`. */
function drag(el: T3ComposerElement, type: "dragstart" | "dragenter" | "dragover" | "drop" | "dragend", point: Point, data: DataTransfer): DragEvent {
  const target = el.shadowRoot!.elementFromPoint(point.x, point.y) ?? editorOf(el);
  const event = dragEvent(type, data, { clientX: point.x, clientY: point.y });
  target.dispatchEvent(event);
  return event;
}

/** Drags `data` in from outside the editor and drops it at `point`; returns the drop event. */
function dropAt(el: T3ComposerElement, point: Point, data: DataTransfer): DragEvent {
  drag(el, "dragenter", point, data);
  drag(el, "dragover", point, data);
  return drag(el, "drop", point, data);
}

function transfer(types: Record<string, string>): DataTransfer {
  const data = new DataTransfer();
  for (const [type, value] of Object.entries(types)) data.setData(type, value);
  return data;
}


describe("<t3-composer> drops", () => {
  afterEach(unmountAll);

  it("inserts dropped plain text at the drop point, not at the caret", async () => {
    const el = await mount();
    el.value = { text: "left right" };
    await focusEnd(el);
    const event = dropAt(el, beforeCharacter(el, 5), transfer({ "text/plain": "middle " }));
    await frame();
    expect(event.defaultPrevented).to.equal(true);
    expect(el.value).to.deep.equal({ text: "left middle right" });
  });

  it("drops a forged chip span as its plain text: no chip, no record", async () => {
    const el = await mount();
    el.value = { text: "left right" };
    const added = record(el, "t3-context-add");
    const forged = '<span data-t3-chip="" data-kind="terminal" data-context-id="terminal_t1" data-label="build lines 3-4">build lines 3-4</span>';
    const event = dropAt(el, beforeCharacter(el, 5), transfer({ "text/html": forged, "text/plain": "build lines 3-4 " }));
    await frame();
    expect(event.defaultPrevented).to.equal(true);
    expect(el.value).to.deep.equal({ text: "left build lines 3-4 right" });
    expect(chipsOf(el)).to.have.length(0);
    expect(added).to.have.length(0);
  });

  it("drops HTML without plain text as nothing: the HTML is never parsed, nor inserted by the browser", async () => {
    const el = await mount();
    el.value = { text: "left right" };
    const forged = '<span data-t3-chip="" data-kind="terminal" data-context-id="terminal_t1">x</span><b>bold</b>';
    const event = dropAt(el, beforeCharacter(el, 5), transfer({ "text/html": forged }));
    await frame();
    expect(event.defaultPrevented).to.equal(true);
    expect(el.value).to.deep.equal({ text: "left right" });
    expect(editorOf(el).querySelector("b, [data-t3-chip]")).to.equal(null);
  });

  it("drops a valid t3 fragment as chips with their records, at the drop point", async () => {
    const el = await mount();
    el.value = { text: "left right" };
    const added = record(el, "t3-context-add");
    const text = `${T1} `;
    const json = encodeClipboardFragment({ version: 1, source: { environmentId: "env-src" }, records: [terminal] })!;
    dropAt(el, beforeCharacter(el, 5), transfer({ "text/plain": text, "text/html": encodeClipboardHtml(json, { text }) }));
    await frame();
    expect(el.value).to.deep.equal({ text: `left ${T1} right`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(el).map((chip) => chip.dataset.contextId)).to.deep.equal(["terminal_t1"]);
    expect(added.map((event) => event.detail.record)).to.deep.equal([terminal]);
  });

  it("moves a chip dragged inside the editor, keeping its record", async () => {
    const el = await mount();
    el.value = { text: `a ${T1} b`, context: { version: 1, records: [terminal] } };
    const removed = record(el, "t3-context-remove");
    const added = record(el, "t3-context-add");
    const chip = chipsOf(el)[0]!.getBoundingClientRect();
    const from = { x: Math.round(chip.x + chip.width / 2), y: Math.round(chip.y + chip.height / 2) };
    await sendMouse({ type: "click", position: [from.x, from.y] }); // selects the chip
    const data = new DataTransfer();
    drag(el, "dragstart", from, data); // ProseMirror writes the data and remembers the slice
    const to = endOfLine(el);
    drag(el, "dragenter", to, data);
    drag(el, "dragover", to, data);
    const event = drag(el, "drop", to, data);
    drag(el, "dragend", to, data);
    await frame();
    expect(event.defaultPrevented).to.equal(true);
    expect(el.value).to.deep.equal({ text: `a  b${T1}`, context: { version: 1, records: [terminal] } });
    expect(chipsOf(el)).to.have.length(1);
    expect([removed.length, added.length]).to.deep.equal([0, 0]);
  });

  it("carries a chip dragged into another composer with its record, as a copy carries it", async () => {
    const source = await mount({ "environment-id": "env-1" });
    const target = await mount();
    source.value = { text: `a ${T1} b`, context: { version: 1, records: [terminal] } };
    target.value = { text: "c" };
    const chip = chipsOf(source)[0]!.getBoundingClientRect();
    const from = { x: Math.round(chip.x + chip.width / 2), y: Math.round(chip.y + chip.height / 2) };
    await sendMouse({ type: "click", position: [from.x, from.y] }); // selects the chip
    const data = new DataTransfer();
    drag(source, "dragstart", from, data);
    // What leaves the editor is what a copy of the chip gives: its link, and the fragment.
    expect(data.getData("text/plain")).to.equal(T1);
    expect(decodeClipboardFragment(data.getData(CONTEXT_FRAGMENT_MIME))?.records).to.deep.equal([terminal]);
    const added = record(target, "t3-context-add");
    const event = dropAt(target, endOfLine(target), data);
    drag(source, "dragend", from, data);
    await frame();
    expect(event.defaultPrevented).to.equal(true);
    expect(target.value).to.deep.equal({ text: `c${T1}`, context: { version: 1, records: [terminal] } });
    expect(added.map((added) => added.detail.record)).to.deep.equal([terminal]);
    expect(source.value).to.deep.equal({ text: `a ${T1} b`, context: { version: 1, records: [terminal] } });
  });
});
