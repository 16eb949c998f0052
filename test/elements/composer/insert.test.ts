import { expect } from "@esm-bundle/chai";
import { T1, chipsOf, chord, editorOf, focusEnd, frame, mention, mount, press, record, skill, terminal, type, unmountAll } from "./helpers.js";

const S1 = "[ui](t3-context://v1/skill/skill_ui)";

function announcer(el: HTMLElement): string {
  return el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
}


describe("<t3-composer> insertContext and removeContext", () => {
  afterEach(unmountAll);

  it("inserts into an empty draft as the link and one trailing space", async () => {
    const el = await mount();
    el.insertContext(terminal);
    expect(el.value).to.deep.equal({ text: `${T1} `, context: { version: 1, records: [terminal] } });
  });

  it("adds a leading space after a non-space and consumes one existing space after the caret", async () => {
    const el = await mount();
    el.value = { text: "ab c" };
    await focusEnd(el);
    await press("ArrowLeft");
    await press("ArrowLeft"); // ab| c
    el.insertContext(skill);
    await type("!");
    await frame();
    expect(el.value.text).to.equal(`ab ${S1} !c`);
  });

  it("adds no leading space at a line start or after whitespace, and puts the caret after the trailing space", async () => {
    const el = await mount();
    el.value = { text: "x \n" };
    await focusEnd(el); // at the start of the empty second line
    el.insertContext(skill);
    await type("y");
    await frame();
    expect(el.value.text).to.equal(`x \n${S1} y`);
  });

  it("keeps the focus of a focused editor", async () => {
    const el = await mount();
    await focusEnd(el);
    el.insertContext(terminal);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(editorOf(el));
    await type("go");
    await frame();
    expect(el.value.text).to.equal(`${T1} go`);
  });

  it("lands at the last known caret when the editor is not focused, and does not take the focus", async () => {
    const el = await mount();
    el.value = { text: "one two" };
    await focusEnd(el);
    for (let step = 0; step < 4; step++) await press("ArrowLeft"); // one| two
    await frame();
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    el.insertContext(skill);
    expect(document.activeElement).to.equal(outside);
    expect(el.value.text).to.equal(`one ${S1} two`);
    outside.remove();
  });

  it("goes to the end with at: \"end\" and when the editor cannot take input", async () => {
    const el = await mount();
    el.value = { text: "one two" };
    await focusEnd(el);
    await press("ArrowLeft");
    el.insertContext(skill, { at: "end" });
    expect(el.value.text).to.equal(`one two ${S1} `);
    el.readOnly = true;
    await el.updateComplete;
    el.insertContext(terminal);
    expect(el.value.text).to.equal(`one two ${S1} ${T1} `);
  });

  it("uses the label option for the chip and the link", async () => {
    const el = await mount();
    el.insertContext(terminal, { label: "the [failing] build" });
    expect(el.value.text).to.equal("[the failing build](t3-context://v1/terminal/terminal_t1) ");
    expect(chipsOf(el)[0]!.getAttribute("aria-label")).to.equal("Terminal: build lines 3-4");
  });

  it("shares one record between two chips of the same id, and fires t3-context-add once", async () => {
    const el = await mount();
    const added = record(el, "t3-context-add");
    el.insertContext(mention);
    el.insertContext({ ...mention, label: "other label" });
    expect(el.value.context).to.deep.equal({ version: 1, records: [mention] });
    expect(chipsOf(el)).to.have.length(2);
    expect(added.map((event) => event.detail.record)).to.deep.equal([mention]);
  });

  it("throws a TypeError naming the problem for a record that is not v1", async () => {
    const el = await mount();
    // Misuse from untyped callers: the typings refuse these, the element must too (`as never`).
    expect(() => el.insertContext({ ...terminal, version: 2 } as never)).to.throw(TypeError, /insertContext: not a valid v1 context record: version: Invalid type: Expected 1 but received 2/);
    expect(() => el.insertContext({ ...terminal, contextId: "a b" })).to.throw(TypeError, /contextId: Invalid format: .* but received "a b"/);
    expect(() => el.insertContext({ ...terminal, lineEnd: 1 })).to.throw(TypeError, /lineEnd: lineEnd must be at least lineStart/);
    expect(() => el.insertContext({ version: 1, contextId: "x", kind: "jira", label: "J" } as never)).to.throw(TypeError, /payload: Invalid key: Expected "payload"/);
    expect(() => el.insertContext(terminal, { at: "start" as never })).to.throw(TypeError, /at must be "cursor" or "end", got "start"/);
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("keeps its own copy: changing the caller's object later changes nothing", async () => {
    const el = await mount();
    const mine: { text: string } = { ...terminal };
    el.insertContext(mine as never);
    mine.text = "changed";
    expect(el.value.context!.records[0]).to.deep.equal(terminal);
  });

  it("removeContext removes every chip of the id with one neighbouring space each, and the record", async () => {
    const el = await mount();
    el.value = { text: `a ${T1} b ${T1} c ${S1}`, context: { version: 1, records: [terminal, skill] } };
    const removed = record(el, "t3-context-remove");
    el.removeContext("terminal_t1");
    expect(el.value).to.deep.equal({ text: `a b c ${S1}`, context: { version: 1, records: [skill] } });
    expect(removed.map((event) => event.detail.record)).to.deep.equal([terminal]);
  });

  it("removeContext puts the caret at the earliest removal point: the next key lands there", async () => {
    const el = await mount();
    el.value = { text: `xy ${T1} z ${T1} w`, context: { version: 1, records: [terminal] } };
    await focusEnd(el); // xy [T1] z [T1] w|
    el.removeContext("terminal_t1");
    await type("!");
    await frame();
    expect(el.value).to.deep.equal({ text: "xy !z w" }); // not "xy z !w" (the last removal) nor "xy z w!" (where it was)
  });

  it("removeContext at the end trims the trailing whitespace", async () => {
    const el = await mount();
    el.value = { text: `a ${S1}` , context: { version: 1, records: [skill] } };
    el.removeContext("skill_ui");
    expect(el.value).to.deep.equal({ text: "a" });
  });

  it("announces insertions and removals in a polite live region", async () => {
    const el = await mount();
    const region = el.shadowRoot!.querySelector('[role="status"]')!;
    expect(region.getAttribute("aria-live")).to.equal("polite");
    el.insertContext(terminal);
    await el.updateComplete;
    expect(announcer(el)).to.equal("Inserted Terminal: build lines 3-4.");
    await focusEnd(el);
    await press("Backspace");
    await press("Backspace");
    await frame();
    await el.updateComplete;
    expect(announcer(el)).to.equal("Removed Terminal: build lines 3-4.");
  });

  it("undo after insertContext takes the chip and the record away; redo brings both", async () => {
    const el = await mount();
    el.value = { text: "x" };
    await focusEnd(el);
    el.insertContext(terminal);
    expect(el.value.context?.records).to.deep.equal([terminal]);
    await chord("Control", "z");
    await frame();
    expect(el.value).to.deep.equal({ text: "x" });
    await chord("Control", "y");
    await frame();
    expect(el.value).to.deep.equal({ text: `x ${T1} `, context: { version: 1, records: [terminal] } });
  });
});

describe("<t3-composer> stash, restore, clear and chip activation", () => {
  afterEach(unmountAll);

  it("stashes the draft (and empties the composer), restores it, and clears", async () => {
    const el = await mount();
    el.value = { text: `a ${T1}`, context: { version: 1, records: [terminal] } };
    const entry = el.stash();
    expect(entry).to.deep.include({ version: 1, text: `a ${T1}`, records: [terminal] });
    expect(Number.isNaN(Date.parse(entry.createdAt))).to.equal(false);
    expect(el.value).to.deep.equal({ text: "" });
    el.restore(entry);
    expect(el.value).to.deep.equal({ text: `a ${T1}`, context: { version: 1, records: [terminal] } });
    expect(() => el.restore({ text: "x" } as never)).to.throw(TypeError, /restore: expected a stash entry/);
    el.clear();
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("activates a chip selected with Shift+Arrow by Enter, instead of sending", async () => {
    const el = await mount();
    el.value = { text: `a ${S1}`, context: { version: 1, records: [skill] } };
    const activations = record(el, "t3-chip-activate");
    const sends = record(el, "t3-send");
    await focusEnd(el);
    await chord("Shift", "ArrowLeft"); // the chip before the caret, selected
    await press("Enter");
    await frame();
    expect(sends).to.have.length(0);
    expect(activations.map((event) => [event.detail.kind, event.detail.contextId, event.detail.surface])).to.deep.equal([["skill", "skill_ui", "composer"]]);
  });
});
