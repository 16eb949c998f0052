// Large pastes stay responsive (issue 14; docs/composer.md, "Large pastes"): a paste of more than
// one piece is read in slices and lands as one collapsed pasted block, which holds, serializes,
// saves, sends and undoes exactly as its chips would; Expand turns it into the chips; a paste
// past the documented limit is refused with a message. A paste of one piece goes in as before.
import { expect } from "@esm-bundle/chai";
import { sendMouse } from "@web/test-runner-commands";
import { encodeClipboardFragment } from "../../../src/codec/clipboard.js";
import type { ComposerContextRecord } from "../../../src/contract/types.js";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import { PASTE_CHIPS_MAX, PASTE_PIECE_CHIPS } from "../../../src/elements/composer/paste-pieces.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { englishLocalizer } from "../../../src/l10n/localizer.js";
import { CONTEXT_FRAGMENT_MIME, clipboard, copyFrom, pasteInto, selectAll } from "../clipboard/helpers.js";
import { chipsOf, chord, editorOf, focusEnd, frame, memoryTransport, mention, mount, next, press, record, skill, unmountAll } from "./helpers.js";

const M = "[src/a.ts](t3-context://v1/mention/mention_src-a-ts)";
const S = "[ui](t3-context://v1/skill/skill_ui)";
const link = (i: number) => `[f${i}.ts](t3-context://v1/file/f${i})`;
const links = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => link(from + i)).join(" ");
/** More links than one piece holds: a paste that is collapsed. */
const MANY = PASTE_PIECE_CHIPS + 200;
const TEXT = `look ${M} ${links(0, MANY / 2)}\n${links(MANY / 2, MANY)} ${S} end`;
const RECORDS: ComposerContextRecord[] = [mention, skill];

function copied(text: string, records: readonly ComposerContextRecord[] = RECORDS): DataTransfer {
  const json = encodeClipboardFragment({ version: 1, source: { environmentId: "env-src" }, records: [...records] })!;
  return clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: json });
}

const progressOf = (el: T3ComposerElement) => editorOf(el).getAttribute("data-paste-progress");
const blocksOf = (el: T3ComposerElement) => [...editorOf(el).querySelectorAll<HTMLElement>(".pasted")];

/** Waits while a large paste is read or a block expands. */
async function whilePasting(el: T3ComposerElement): Promise<void> {
  for (let tries = 0; progressOf(el) !== null; tries++) {
    if (tries > 4000) throw new Error("the paste never finished");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await frame();
}

async function pasteLarge(el: T3ComposerElement, data = copied(TEXT)): Promise<void> {
  await focusEnd(el);
  pasteInto(el, data);
  await whilePasting(el);
}

/** Clicks the centre of `element` with the real mouse. */
async function click(element: Element): Promise<void> {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: "click", position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

const buttonOf = (el: T3ComposerElement, part: string) => editorOf(el).querySelector<HTMLButtonElement>(`[part="${part}"]`)!;


describe("<t3-composer> large pastes", () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it("reads a paste of more than one piece in slices, with progress, into one pasted block", async () => {
    const el = await mount();
    await focusEnd(el);
    pasteInto(el, copied(TEXT));
    // Right after the paste event nothing is in yet: the text is read in later tasks.
    expect(el.value).to.deep.equal({ text: "" });
    expect(progressOf(el)).to.equal("0.00");
    await whilePasting(el);
    expect(chipsOf(el)).to.have.length(0);
    const [block] = blocksOf(el);
    const summary = `Pasted ${(MANY + 2).toLocaleString("en")} references · ${englishLocalizer.bytes(TEXT.length)}`;
    expect(blocksOf(el)).to.have.length(1);
    expect(block!.querySelector(".pasted-summary")!.textContent).to.equal(summary);
    expect([block!.getAttribute("role"), block!.getAttribute("aria-label")]).to.deep.equal(["group", summary]);
    expect(el.value).to.deep.equal({ text: TEXT, context: { version: 1, records: RECORDS } });
    await el.updateComplete;
    // Distinct contexts, told as a count rather than named one by one.
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).to.equal(`Inserted ${(MANY + 2).toLocaleString("en")} contexts.`);
  });

  it("has the value and records the same text pasted as chips has", async () => {
    const [collapsed, inline] = [await mount(), await mount()];
    await pasteLarge(collapsed);
    // The same text in two pastes of one piece each goes in as chips.
    const [first, second] = [TEXT.slice(0, TEXT.indexOf("\n")), TEXT.slice(TEXT.indexOf("\n"))];
    await focusEnd(inline);
    pasteInto(inline, copied(first));
    pasteInto(inline, copied(second));
    await frame();
    expect(chipsOf(inline)).to.have.length(MANY + 2);
    expect(collapsed.value).to.deep.equal(inline.value);
  });

  it("undoes the paste in one step, records and all, and redoes it", async () => {
    const el = await mount();
    const removed = record(el, "t3-context-remove");
    await pasteLarge(el);
    await chord("Control", "z");
    await frame();
    expect(el.value).to.deep.equal({ text: "" });
    expect(removed.map((event) => event.detail.record.contextId)).to.deep.equal([mention.contextId, skill.contextId]);
    await chord("Control", "y");
    await frame();
    expect(blocksOf(el)).to.have.length(1);
    expect(el.value).to.deep.equal({ text: TEXT, context: { version: 1, records: RECORDS } });
  });

  it("Expand turns the block into its chips, a piece per task, and one undo brings the block back", async () => {
    const el = await mount();
    const removed = record(el, "t3-context-remove");
    await pasteLarge(el);
    await click(buttonOf(el, "pasted-expand"));
    await whilePasting(el);
    expect(blocksOf(el)).to.have.length(0);
    expect(chipsOf(el)).to.have.length(MANY + 2);
    expect(el.value).to.deep.equal({ text: TEXT, context: { version: 1, records: RECORDS } });
    expect(removed).to.have.length(0); // the records stayed in the draft throughout
    await chord("Control", "z");
    await frame();
    expect(blocksOf(el)).to.have.length(1);
    expect(chipsOf(el)).to.have.length(0);
    expect(el.value.text).to.equal(TEXT);
  });

  it("Remove takes the block out as one undo step", async () => {
    const el = await mount();
    await pasteLarge(el);
    await click(buttonOf(el, "pasted-remove"));
    await frame();
    expect(el.value).to.deep.equal({ text: "" });
    await chord("Control", "z");
    await frame();
    expect(el.value).to.deep.equal({ text: TEXT, context: { version: 1, records: RECORDS } });
  });

  it("reaches Expand and Remove with Tab from the editor, and Enter on Remove removes", async () => {
    const el = await mount();
    await pasteLarge(el);
    await press("Tab");
    expect(el.shadowRoot!.activeElement).to.equal(buttonOf(el, "pasted-expand"));
    await press("Tab");
    expect(el.shadowRoot!.activeElement).to.equal(buttonOf(el, "pasted-remove"));
    await press("Enter");
    await frame();
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("keeps the block collapsed across a reload (draft-key)", async () => {
    const first = await mount({ "draft-key": "large" });
    await pasteLarge(first);
    await frame();
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_PREFIX + "large")!).pasted).to.deep.equal([[0, TEXT.length]]);
    unmountAll();
    const second = await mount({ "draft-key": "large" });
    expect(blocksOf(second)).to.have.length(1);
    expect(chipsOf(second)).to.have.length(0);
    expect(second.value).to.deep.equal({ text: TEXT, context: { version: 1, records: RECORDS } });
  });

  it("sends the whole text and every record", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    await pasteLarge(el);
    const sent = next(el, "t3-sent");
    await press("Enter");
    await sent;
    expect(transport.sent.map(({ text, context }) => ({ text, context }))).to.deep.equal([{ text: TEXT, context: { version: 1, records: RECORDS } }]);
  });

  it("copies a selection holding the block as its text and records", async () => {
    const el = await mount();
    await pasteLarge(el);
    await selectAll(el);
    const data = copyFrom(editorOf(el));
    expect(data.getData("text/plain")).to.equal(TEXT);
    expect(JSON.parse(data.getData(CONTEXT_FRAGMENT_MIME)).records).to.deep.equal(RECORDS);
  });

  it("inserts a paste of one piece at once, as chips, as before", async () => {
    const el = await mount();
    await focusEnd(el);
    const text = `${M} ${links(0, PASTE_PIECE_CHIPS - 1)}`;
    pasteInto(el, copied(text));
    expect(progressOf(el)).to.equal(null);
    expect(blocksOf(el)).to.have.length(0);
    expect(chipsOf(el)).to.have.length(PASTE_PIECE_CHIPS);
    expect(el.value).to.deep.equal({ text, context: { version: 1, records: [mention] } });
  });

  it("refuses a paste past the limit with a message, and inserts none of it", async () => {
    const el = await mount({ "long-paste-threshold": "100000000" });
    const errors = record(el, "t3-error");
    await pasteLarge(el, clipboard({ "text/plain": "[a](t3-context://v1/file/f1) ".repeat(PASTE_CHIPS_MAX + 1) }));
    expect(el.value).to.deep.equal({ text: "" });
    expect(errors.map((event) => [event.detail.code, event.detail.message])).to.deep.equal([
      ["paste-import-failed", "The paste was not inserted: it holds 100,001 context references, more than the 100,000 one paste may bring."],
    ]);
  });

  it("lands at the caret, after what the draft gained while it was read", async () => {
    const el = await mount();
    await focusEnd(el);
    pasteInto(el, copied(TEXT, [mention]));
    el.insertContext(skill); // before the paste's next task
    await whilePasting(el);
    expect(el.value).to.deep.equal({ text: `${S} ${TEXT}`, context: { version: 1, records: [skill, mention] } });
  });
});
