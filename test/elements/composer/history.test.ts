// Prompt history (docs/composer.md, "Prompt history"): ArrowUp at the very start recalls what was
// sent from this draft-key with its chips and records, ArrowDown goes forward and past the newest
// brings back the unsent draft exactly; the history survives a reload, is bounded, and ignores
// whatever else storage holds.
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import { HISTORY_MAX_CHARS, HISTORY_STORAGE_PREFIX } from "../../../src/elements/composer/history-storage.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { ComposerTransport, OutgoingMessage } from "../../../src/transport/types.js";
import { T1, chipsOf, chord, editorOf, focusEnd, frame, memoryTransport, mention, mount, pngFile, press, record, terminal, type, unmountAll } from "./helpers.js";

/** The time allowed to a test that moves a MiB of text (mocha gives 10 s). */
const HEAVY_TEST_MS = 30_000;

const M1 = "[src/a.ts](t3-context://v1/mention/mention_src-a-ts)";

/** A memory transport that also counts uploads. */
function countingTransport(): ComposerTransport & { sent: OutgoingMessage[]; uploads: string[] } {
  const uploads: string[] = [];
  const memory = memoryTransport();
  return Object.assign(memory, {
    uploads,
    async upload(_file: Blob, { localId }: { localId: string }) {
      uploads.push(localId);
      return { attachmentId: `host_${localId}` };
    },
  });
}

/** Sends `text` (with `records`) as a person does: the value, then Enter. */
async function sendByEnter(el: T3ComposerElement, text: string, records: unknown[] = []): Promise<void> {
  el.value = records.length > 0 ? { text, context: { version: 1, records: records as never } } : { text };
  await focusEnd(el);
  const sent = new Promise((resolve) => el.addEventListener("t3-sent", resolve, { once: true }));
  await press("Enter");
  await sent;
}

/**
 * Focuses the editor and walks the caret to the very start with ArrowLeft (a chip is one step).
 * Home and Ctrl+Home do not move the caret of a one-line draft set through `value` in headless
 * Chromium, so the test does not depend on them.
 */
async function caretAtStart(el: T3ComposerElement): Promise<void> {
  el.focus();
  const steps = editorOf(el).textContent!.length + 1;
  for (let i = 0; i < steps; i++) await press("ArrowLeft");
}

describe("<t3-composer> prompt history", () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it("ArrowUp in an empty draft recalls the last message with its chips and records, then the one before", async () => {
    const el = await mount({ "draft-key": "h" });
    el.transport = memoryTransport();
    await sendByEnter(el, `first ${T1}`, [terminal]);
    await sendByEnter(el, `second ${M1} `, [mention]);
    expect(el.value).to.deep.equal({ text: "" });
    await press("ArrowUp");
    expect(el.value).to.deep.equal({ text: `second ${M1} `, context: { version: 1, records: [mention] } });
    expect(chipsOf(el).map((chip) => chip.textContent)).to.deep.equal(["src/a.ts"]);
    await press("ArrowUp");
    expect(el.value).to.deep.equal({ text: `first ${T1}`, context: { version: 1, records: [terminal] } });
    await press("ArrowUp"); // nothing older: the draft stays
    expect(el.value.text).to.equal(`first ${T1}`);
    await press("End");
    await press("ArrowDown");
    expect(el.value.text).to.equal(`second ${M1} `);
    expect(el.history.map((entry) => entry.text)).to.deep.equal([`first ${T1}`, `second ${M1} `]);
  });

  it("ArrowDown past the newest brings back the unsent draft exactly: text, chips, records, shelf image", async () => {
    const el = await mount({ "draft-key": "h" });
    const transport = countingTransport();
    el.transport = transport;
    await sendByEnter(el, `old ${T1}`, [terminal]);
    el.value = { text: `unsent ${M1} words` , context: { version: 1, records: [mention] } };
    el.attachFiles([pngFile("shot.png")]);
    await new Promise((resolve) => el.addEventListener("t3-change", resolve, { once: true }));
    await frame();
    const before = { value: el.value, attachments: el.attachments, chips: chipsOf(el).map((chip) => chip.textContent) };
    expect(before.attachments).to.have.length(1);
    await caretAtStart(el);
    await press("ArrowUp");
    expect(el.value).to.deep.equal({ text: `old ${T1}`, context: { version: 1, records: [terminal] } });
    expect(el.attachments).to.deep.equal([]);
    await press("End");
    await press("ArrowDown");
    expect(el.value).to.deep.equal(before.value);
    expect(el.attachments).to.deep.equal(before.attachments);
    expect(chipsOf(el).map((chip) => chip.textContent)).to.deep.equal(before.chips);
    await press("ArrowDown"); // past the unsent draft there is nothing: the key is the editor's
    expect(el.value).to.deep.equal(before.value);
  });

  it("keeps a change to a recalled message while browsing, and changes nothing stored", async () => {
    const el = await mount({ "draft-key": "h" });
    el.transport = memoryTransport();
    await sendByEnter(el, "one");
    await sendByEnter(el, "two");
    await press("ArrowUp");
    await press("End");
    await type(" edited");
    await frame();
    expect(el.value.text).to.equal("two edited");
    await press("ArrowUp"); // the caret is at the end of the text: the key is the editor's
    expect(el.value.text).to.equal("two edited");
    await caretAtStart(el);
    await press("ArrowUp");
    expect(el.value.text).to.equal("one");
    await press("End");
    await press("ArrowDown");
    expect(el.value.text).to.equal("two edited");
    await press("End");
    await press("ArrowDown");
    expect(el.value.text).to.equal("");
    expect(el.history.map((entry) => entry.text)).to.deep.equal(["one", "two"]);
  });

  it("ArrowUp in the middle of the text moves the caret and recalls nothing", async () => {
    const el = await mount({ "draft-key": "h" });
    el.transport = memoryTransport();
    await sendByEnter(el, "sent before");
    // The same line twice: the caret goes up to the same column in any font. Under different
    // words it goes to the nearest x, which differs between the engines' default fonts.
    el.value = { text: "hello\nhello" };
    await focusEnd(el);
    await press("ArrowLeft");
    await press("ArrowUp");
    expect(el.value.text).to.equal("hello\nhello");
    await type("X"); // where the caret went: up a line
    await frame();
    expect(el.value.text).to.equal("hellXo\nhello");
  });

  it("Shift+ArrowUp at the very start selects and does not recall", async () => {
    const el = await mount({ "draft-key": "h" });
    el.transport = memoryTransport();
    await sendByEnter(el, "sent before");
    el.value = { text: "draft" };
    await caretAtStart(el);
    await chord("Shift", "ArrowUp");
    expect(el.value.text).to.equal("draft");
    await sendKeys({ down: "Shift" });
    await sendKeys({ press: "ArrowUp" });
    await sendKeys({ up: "Shift" });
    expect(el.value.text).to.equal("draft");
  });

  it("recalls across a reload: chips, records, images bound to their host ids, no upload; sent again under a new id", async () => {
    const first = await mount({ "draft-key": "reload" });
    const transport = countingTransport();
    first.transport = transport;
    first.attachFiles([pngFile("shot.png")]);
    first.insertContext(terminal);
    await focusEnd(first);
    await type("look");
    const sent = new Promise((resolve) => first.addEventListener("t3-sent", resolve, { once: true }));
    await press("Enter");
    await sent;
    const [message] = transport.sent;
    const local = message!.attachments[0]!.localId;
    expect(message!.attachments).to.deep.equal([{ localId: local, attachmentId: `host_${local}` }]);
    unmountAll();

    const second = await mount({ "draft-key": "reload" });
    const again = countingTransport();
    second.transport = again;
    second.focus();
    await press("ArrowUp");
    expect(second.value).to.deep.equal({ text: message!.text, context: message!.context });
    expect(second.attachments.map(({ status, attachmentId }) => ({ status, attachmentId }))).to.deep.equal([{ status: "ready", attachmentId: `host_${local}` }]);
    expect(chipsOf(second).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal([undefined, undefined]);
    await second.send();
    expect(again.uploads).to.deep.equal([]);
    const [resent] = again.sent;
    expect({ text: resent!.text, context: resent!.context }).to.deep.equal({ text: message!.text, context: message!.context });
    expect(resent!.attachments.map((attachment) => attachment.attachmentId)).to.deep.equal([`host_${local}`]);
    expect(resent!.clientMessageId).to.not.equal(message!.clientMessageId);
    expect(second.history).to.have.length(2);
  });

  it("a reload while a recalled message shows finds the unsent draft saved", async () => {
    const el = await mount({ "draft-key": "h" });
    el.transport = memoryTransport();
    await sendByEnter(el, "sent");
    el.value = { text: `unsent ${T1}`, context: { version: 1, records: [terminal] } };
    await caretAtStart(el);
    await press("ArrowUp");
    expect(el.value.text).to.equal("sent");
    unmountAll();
    const reloaded = await mount({ "draft-key": "h" });
    expect(reloaded.value).to.deep.equal({ text: `unsent ${T1}`, context: { version: 1, records: [terminal] } });
  });

  it("keeps the last 100 messages", async () => {
    const el = await mount({ "draft-key": "many" });
    el.transport = memoryTransport();
    for (let i = 1; i <= 101; i++) {
      el.value = { text: `message ${i}` };
      await el.send();
    }
    const texts = el.history.map((entry) => entry.text);
    expect(texts).to.have.length(100);
    expect([texts[0], texts[99]]).to.deep.equal(["message 2", "message 101"]);
  });

  it("keeps at most 1 MiB: the oldest go first", async function () {
    // Three drafts of a third of a MiB each go through the editor, the send and the saved history:
    // real work, which took WebKit past mocha's 10 s on a machine with every core busy
    // (`npm run stress`). It gets more time; nothing in it waits for a delay.
    this.timeout(HEAVY_TEST_MS);
    const el = await mount({ "draft-key": "big" });
    el.transport = memoryTransport();
    const third = Math.floor(HISTORY_MAX_CHARS / 3);
    for (const letter of ["a", "b", "c"]) {
      el.value = { text: letter.repeat(third) };
      await el.send();
    }
    expect(el.history.map((entry) => entry.text[0])).to.deep.equal(["b", "c"]);
    expect(localStorage.getItem(HISTORY_STORAGE_PREFIX + "big")!.length).to.be.at.most(HISTORY_MAX_CHARS);
  });

  it("ignores hostile or corrupt history, without a throw and without touching the draft", async () => {
    const draft = { version: 1, text: "my draft", records: [], attachments: [], savedAt: "2026-01-01T00:00:00.000Z" };
    localStorage.setItem(DRAFT_STORAGE_PREFIX + "bad", JSON.stringify(draft));
    const hostile = {
      version: 1,
      entries: [
        null, 7, { text: 5, sentAt: "x" }, { text: "no date" },
        { __proto__: { text: "inherited", sentAt: "x" } },
        { text: `kept ${T1}`, sentAt: "2026-01-01T00:00:00.000Z", context: { records: [terminal, { kind: "terminal", contextId: "x" }, "junk"] } },
      ],
    };
    localStorage.setItem(HISTORY_STORAGE_PREFIX + "bad", JSON.stringify(hostile));
    const el = await mount({ "draft-key": "bad" });
    const errors = record(el, "t3-error");
    expect(el.history).to.deep.equal([{ text: `kept ${T1}`, context: { version: 1, records: [terminal] }, sentAt: "2026-01-01T00:00:00.000Z" }]);
    await caretAtStart(el);
    await press("ArrowUp");
    expect(el.value).to.deep.equal({ text: `kept ${T1}`, context: { version: 1, records: [terminal] } });
    await press("End");
    await press("ArrowDown");
    expect(el.value).to.deep.equal({ text: "my draft" });

    for (const junk of ["not json", "null", '{"version":2,"entries":[]}', '{"version":1,"entries":{"0":1}}', '"__proto__"']) {
      localStorage.setItem(HISTORY_STORAGE_PREFIX + "bad", junk);
      expect(el.history).to.deep.equal([]);
      await caretAtStart(el);
      await press("ArrowUp");
      expect(el.value).to.deep.equal({ text: "my draft" });
    }
    expect(errors).to.deep.equal([]);
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_PREFIX + "bad")!)).to.deep.include({ text: "my draft" });
  });

  it("without draft-key, each element has its own history; clearHistory() empties it", async () => {
    const a = await mount();
    const b = await mount();
    a.transport = memoryTransport();
    await sendByEnter(a, "from a");
    expect(a.history.map((entry) => entry.text)).to.deep.equal(["from a"]);
    expect(b.history).to.deep.equal([]);
    b.focus();
    await press("ArrowUp");
    expect(b.value.text).to.equal("");
    a.clearHistory();
    expect(a.history).to.deep.equal([]);
    await press("ArrowUp");
    expect(a.value.text).to.equal("");
  });

  it("clearHistory() removes the stored history and brings back the unsent draft", async () => {
    const el = await mount({ "draft-key": "clear" });
    el.transport = memoryTransport();
    await sendByEnter(el, "sent");
    el.value = { text: "unsent" };
    await caretAtStart(el);
    await press("ArrowUp");
    expect(el.value.text).to.equal("sent");
    el.clearHistory();
    expect(el.value.text).to.equal("unsent");
    expect(localStorage.getItem(HISTORY_STORAGE_PREFIX + "clear")).to.equal(null);
  });

  it("an open suggestion list takes ArrowDown before the history does", async () => {
    const el = await mount({ "draft-key": "h" });
    el.transport = memoryTransport();
    el.addEventListener("t3-trigger", (event) => {
      event.detail.provide(Promise.resolve([{ kind: "mention", value: "src/app.ts" }, { kind: "mention", value: "src/api.ts" }]));
    });
    await sendByEnter(el, "one");
    await sendByEnter(el, "two");
    await press("ArrowUp");
    await press("ArrowUp");
    await press("End");
    await type(" @src");
    await frame();
    await el.updateComplete;
    const listbox = el.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]')!;
    expect(listbox.matches(":popover-open")).to.equal(true);
    await press("ArrowDown"); // the caret is at the very end, but the list is open
    await el.updateComplete;
    expect(el.value.text).to.equal("one @src");
    expect(listbox.querySelector('[aria-selected="true"]')!.textContent).to.include("src/api.ts");
  });

  it("a canceled t3-send enters the history, a failed send does not", async () => {
    const el = await mount({ "draft-key": "events" });
    el.addEventListener("t3-send", (event) => event.preventDefault(), { once: true });
    el.value = { text: "taken by the host" };
    await el.send();
    el.transport = { send: () => Promise.reject(new Error("down")) };
    el.value = { text: "failed" };
    await el.send().catch(() => {});
    expect(el.history.map((entry) => entry.text)).to.deep.equal(["taken by the host"]);
  });
});
