// The composer's rest chunk (src/elements/composer/on-demand.ts) on a plain page
// (test/e2e/drop-in/page.html), for each drop-in that has one: what a person does while it is
// still on its way (held by the network) completes once it arrives, and a chunk that cannot be
// fetched is a `t3-error` (`load-failed`) while typing goes on. The chunk is fetched when the
// composer is first idle, so each test holds or blocks it before the page opens.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import type { ComposerContextRecord, ComposerErrorDetail, T3ComposerElement, encodeClipboardFragment, toKindScopedComposerContextId } from "../../src/index.js";
import { CONTEXT_FRAGMENT_MIME } from "../../src/codec/clipboard.js";
import { click, fitFrames, frameDocument, inOneUndoStep, openFrame, press, type, waitFor } from "./support/frames.js";
import { chord } from "../elements/composer/helpers.js";

/** Frames to let pass while a chunk is held, so that what waits for it would have shown by then if it did not wait. */
const SETTLE_FRAMES = 10;

async function frames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

/** A page with the drop-in `name` and an empty composer in it, focused; `errors` collects its `t3-error`s from the start. */
async function composerOn(name: string): Promise<{ win: Window & { dropIn: Record<string, unknown> }; composer: T3ComposerElement; errors: ComposerErrorDetail[] }> {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  const errors: ComposerErrorDetail[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
  doc.body.append(composer);
  await composer.updateComplete;
  composer.focus();
  return { win: frame.contentWindow as Window & { dropIn: Record<string, unknown> }, composer, errors };
}

/** The `detail.message.text` of every `t3-send` of `composer`. */
function sendsOf(composer: T3ComposerElement): string[] {
  const texts: string[] = [];
  composer.addEventListener("t3-send", (event) => texts.push((event as CustomEvent<{ message: { text: string } }>).detail.message.text));
  return texts;
}

/**
 * A paste with more links than one piece holds (src/elements/composer/paste-chunks.ts), with a
 * fragment (so that it is not made a file): read in slices by the rest chunk.
 */
const LARGE_TEXT = Array.from({ length: 1200 }, (_, i) => `[f${i}.ts](t3-context://v1/file/f${i})`).join(" ");

/** Fires a paste of `text` and a fragment of `records` at the composer's editor, with a DataTransfer of the composer's own page. */
function paste(win: Window & { dropIn: Record<string, unknown> }, composer: T3ComposerElement, text: string, records: ComposerContextRecord[] = []): void {
  const { DataTransfer, ClipboardEvent } = win as unknown as typeof globalThis;
  const encode = win.dropIn.encodeClipboardFragment as typeof encodeClipboardFragment;
  const data = new DataTransfer();
  data.setData("text/plain", text);
  data.setData(CONTEXT_FRAGMENT_MIME, encode({ version: 1, source: { environmentId: "env-e2e" }, records })!);
  editorOf(composer).dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
}

const editorOf = (composer: T3ComposerElement) => composer.shadowRoot!.querySelector<HTMLElement>('[part="editor"]')!;
const optionsOf = (composer: T3ComposerElement) => [...composer.shadowRoot!.querySelectorAll('[role="option"]')].map((option) => option.textContent!.trim());

/** Whether a test holds requests now (`hold-urls`, test/support/server-commands.mjs). */
let holding = false;

async function hold(chunk: string): Promise<void> {
  await executeServerCommand("hold-urls", { patterns: [`*${chunk}`] });
  holding = true;
}

/**
 * Lets the held requests go, once the chunk's request is among them (on a loaded machine it may
 * not have left the page yet); resolves with how many there were.
 */
async function release(): Promise<number> {
  holding = false;
  return executeServerCommand<number, { expected: number }>("release-urls", { expected: 1 });
}

const LOAD_FAILED = { code: "load-failed", message: "A part of the composer could not be loaded." };

/** A record a paste brings, and the link to it. */
const TERMINAL: ComposerContextRecord = {
  version: 1, contextId: "terminal_t1", kind: "terminal", label: "build lines 3-4",
  terminalId: "t1", terminalLabel: "build", lineStart: 3, lineEnd: 4, text: "npm run build",
} as ComposerContextRecord;
const T1 = "[build lines 3-4](t3-context://v1/terminal/terminal_t1)";
const chipStates = (composer: T3ComposerElement) =>
  [...editorOf(composer).querySelectorAll<HTMLElement>(".t3-chip")].map((chip) => [chip.dataset.contextId, chip.dataset.contextUnresolved ?? "resolved"]);

before(() => fitFrames(1));
afterEach(async () => {
  if (holding) await release();
  await executeServerCommand("block-urls", { patterns: [] });
  document.querySelectorAll("iframe").forEach((frame) => frame.remove());
});

for (const [name, chunk] of [
  ["composer", "/dist/composer/composer-rest.js"],
  ["t3-composer", "/dist/drop-in/composer-rest.js"],
] as const) {
  describe(`${name}.js while its rest chunk is on its way`, () => {
    it("an Enter-send made meanwhile goes once the chunk arrives", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      const sends = sendsOf(composer);
      await type("hi there");
      await press("Enter");
      await frames(SETTLE_FRAMES, win);
      expect(sends).to.deep.equal([]);
      expect(composer.value).to.deep.equal({ text: "hi there" });
      expect(await release()).to.be.greaterThan(0);
      await waitFor(() => sends.length > 0, "the send");
      expect(sends).to.deep.equal(["hi there"]);
      await waitFor(() => composer.value.text === "", "the draft to clear");
    });

    it("a send made meanwhile turns the editor read-only at once; keys do nothing until it went, and the draft clears", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      const sends = sendsOf(composer);
      await type("hold on");
      await press("Enter");
      expect(editorOf(composer).getAttribute("contenteditable")).to.equal("false");
      await type("x");
      await frames(SETTLE_FRAMES, win);
      expect([sends, composer.value]).to.deep.equal([[], { text: "hold on" }]);
      await release();
      await waitFor(() => composer.value.text === "", "the draft to clear");
      expect(sends).to.deep.equal(["hold on"]);
      await composer.updateComplete;
      expect(editorOf(composer).getAttribute("contenteditable")).to.equal("true");
    });

    it("removing a referenced thumbnail meanwhile asks once the chunk arrives; Cancel keeps the image", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      const frame = win.frameElement as HTMLIFrameElement;
      composer.attachFiles([new (win as unknown as typeof globalThis).File(["png"], "a.png", { type: "image/png" })]);
      await frames(1, win); // the thumbnail shows (updateComplete would wait for the held chunk)
      await click(frame, composer.shadowRoot!.querySelector('[part="thumbnail-remove"]')!);
      await frames(SETTLE_FRAMES, win);
      expect(composer.shadowRoot!.querySelector('[part="confirm"]')).to.equal(null);
      await release();
      await composer.updateComplete;
      const dialog = composer.shadowRoot!.querySelector<HTMLDialogElement>('[part="confirm"]')!;
      expect(dialog.open).to.equal(true);
      await click(frame, dialog.querySelector('[part="confirm-cancel"]')!);
      await composer.updateComplete;
      expect([dialog.open, composer.attachments.map(({ name }) => name)]).to.deep.equal([false, ["a.png"]]);
    });

    it("an @ query typed meanwhile asks the host once the chunk arrives, its answer shows, and Enter chooses it", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      const queries: string[] = [];
      composer.addEventListener("t3-trigger", (event) => {
        const { query, provide } = (event as CustomEvent<{ query: string; provide(items: unknown): void }>).detail;
        queries.push(query);
        provide([{ kind: "mention", value: "src/a.ts" }]);
      });
      await type("see @a");
      await frames(SETTLE_FRAMES, win);
      // The trigger comes with the list's code: nothing could show yet, so the host is not asked yet.
      expect(queries).to.deep.equal([]);
      expect(optionsOf(composer)).to.deep.equal([]);
      await release();
      await waitFor(() => optionsOf(composer).length > 0, "the suggestion");
      expect(queries).to.deep.equal(["a"]);
      expect(optionsOf(composer)).to.deep.equal(["@src/a.ts"]);
      await press("Enter");
      await waitFor(() => composer.value.context, "the chip");
      const contextId = (win.dropIn.toKindScopedComposerContextId as typeof toKindScopedComposerContextId)("mention", "src/a.ts");
      expect(composer.value.text).to.equal(`see [src/a.ts](t3-context://v1/mention/${contextId}) `);
      expect(composer.value.context!.records.map((record) => record.contextId)).to.deep.equal([contextId]);
    });

    it("a large paste made meanwhile shows its progress, and goes in once the chunk arrives", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      paste(win, composer, LARGE_TEXT);
      await frames(SETTLE_FRAMES, win);
      expect(editorOf(composer).getAttribute("data-paste-progress")).to.not.equal(null);
      expect(composer.value).to.deep.equal({ text: "" });
      await release();
      await waitFor(() => editorOf(composer).getAttribute("data-paste-progress") === null, "the paste to be read");
      expect(composer.value).to.deep.equal({ text: LARGE_TEXT });
      expect(editorOf(composer).querySelectorAll(".pasted")).to.have.length(1);
    });

    it("a paste with chips made meanwhile is not in the draft until the chunk arrives, then is, with its records", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      await type("see ");
      paste(win, composer, `${T1} here`, [TERMINAL]);
      await type("now");
      await frames(SETTLE_FRAMES, win);
      expect(composer.value).to.deep.equal({ text: "see now" });
      expect(await release()).to.be.greaterThan(0);
      await composer.updateComplete;
      expect(composer.value).to.deep.equal({ text: `see ${T1} herenow`, context: { version: 1, records: [TERMINAL] } });
      expect(chipStates(composer)).to.deep.equal([["terminal_t1", "resolved"]]);
    });

    it("Enter while busy, meanwhile, queues the draft once the chunk arrives; the queue then sends it", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      const sends = sendsOf(composer);
      composer.busy = true; // the queue's code is in the chunk: this asks for it
      await type("after this");
      await press("Enter");
      await frames(SETTLE_FRAMES, win);
      expect([composer.queue, composer.value]).to.deep.equal([[], { text: "after this" }]);
      expect(await release()).to.be.greaterThan(0);
      await composer.updateComplete;
      expect(composer.queue.map(({ value, status }) => [value.text, status])).to.deep.equal([["after this", "queued"]]);
      expect(composer.value).to.deep.equal({ text: "" });
      expect(composer.shadowRoot!.querySelectorAll('[part~="queued"]')).to.have.length(1);
      composer.busy = false;
      await waitFor(() => sends.length > 0, "the queued send");
      expect(sends).to.deep.equal(["after this"]);
    });

    it("a queue saved under draft-key is read back once the chunk arrives, and a send waits behind it", async () => {
      const key = `chunks-queue-${name}`;
      const first = await composerOn(name); // the chunk comes: a queue is made and saved
      first.composer.draftKey = key;
      first.composer.busy = true;
      await type("queued earlier");
      await press("Enter");
      await first.composer.updateComplete;
      expect(first.composer.queue.map(({ value }) => value.text)).to.deep.equal(["queued earlier"]);
      document.querySelectorAll("iframe").forEach((frame) => frame.remove());
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      const sends = sendsOf(composer);
      const second = win.document.createElement("t3-composer") as T3ComposerElement;
      second.draftKey = key;
      const secondSends = sendsOf(second);
      win.document.body.append(second);
      composer.remove();
      await frames(SETTLE_FRAMES, win);
      expect(second.queue).to.deep.equal([]); // read back with the queue's code
      second.value = { text: "typed now" };
      const sent = second.send(); // waits behind the saved queue: queued, not sent past it
      await release();
      expect(await sent).to.equal(undefined); // queued behind the saved message, which went first
      await waitFor(() => secondSends.length > 1, "both sends, in order");
      expect([sends, secondSends]).to.deep.equal([[], ["queued earlier", "typed now"]]);
      localStorage.removeItem(`t3-composer:queue:${key}`);
      localStorage.removeItem(`t3-composer:draft:${key}`);
    });

    it("ArrowUp at the start of the draft, meanwhile, recalls the last message once the chunk arrives", async () => {
      const key = `chunks-history-${name}`;
      const first = await composerOn(name);
      first.composer.draftKey = key;
      await type("sent before");
      await press("Enter");
      await waitFor(() => first.composer.history.length === 1, "the send to join the history");
      document.querySelectorAll("iframe").forEach((frame) => frame.remove());
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      composer.draftKey = key;
      expect(composer.history.map(({ text }) => text)).to.deep.equal(["sent before"]); // the list answers at once
      await press("ArrowUp");
      await frames(SETTLE_FRAMES, win);
      expect(composer.value).to.deep.equal({ text: "" });
      await release();
      await composer.updateComplete;
      expect(composer.value).to.deep.equal({ text: "sent before" });
      await press("End");
      await press("ArrowDown"); // the session goes on: back to the unsent draft
      expect(composer.value).to.deep.equal({ text: "" });
      localStorage.removeItem(`t3-composer:history:${key}`);
      localStorage.removeItem(`t3-composer:draft:${key}`);
    });

    it("Expand on a restored pasted block, meanwhile, expands it once the chunk arrives", async () => {
      const key = `chunks-pasted-${name}`;
      const first = await composerOn(name);
      first.composer.draftKey = key;
      paste(first.win, first.composer, LARGE_TEXT);
      await waitFor(() => first.composer.value.text === LARGE_TEXT, "the large paste");
      first.composer.blur(); // saved now
      document.querySelectorAll("iframe").forEach((frame) => frame.remove());
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      composer.draftKey = key; // restored at once, its block collapsed
      await composer.updateComplete;
      expect(editorOf(composer).querySelectorAll(".pasted")).to.have.length(1);
      editorOf(composer).querySelector<HTMLButtonElement>('[part="pasted-expand"]')!.click();
      await frames(SETTLE_FRAMES, win);
      expect(editorOf(composer).querySelectorAll(".pasted")).to.have.length(1);
      await release();
      await waitFor(() => editorOf(composer).querySelectorAll(".pasted").length === 0, "the block to expand");
      expect(composer.value).to.deep.equal({ text: LARGE_TEXT });
      expect(editorOf(composer).querySelectorAll(".t3-chip")).to.have.length(1200);
      localStorage.removeItem(`t3-composer:draft:${key}`);
    });

    it("send() while busy with the chunk blocked rejects with load-failed and keeps the draft", async () => {
      await executeServerCommand("block-urls", { patterns: [`*${chunk}`] });
      const { composer, errors } = await composerOn(name);
      composer.busy = true;
      composer.value = { text: "keep me" };
      const failure = await composer.send().then(() => null, (error: { code: string }) => error);
      expect(failure?.code).to.equal("load-failed");
      expect([composer.queue, composer.value]).to.deep.equal([[], { text: "keep me" }]);
      expect(errors.map(({ code }) => code)).to.include("load-failed");
    });

    it("a paste with the chunk blocked is a load-failed t3-error, and its text goes in, its chip unresolved", async () => {
      await executeServerCommand("block-urls", { patterns: [`*${chunk}`] });
      const { win, composer, errors } = await composerOn(name);
      paste(win, composer, `keep ${T1}`, [TERMINAL]);
      await composer.updateComplete;
      expect(errors.map(({ code }) => code)).to.include("load-failed");
      expect(composer.value).to.deep.equal({ text: `keep ${T1}` });
      expect(chipStates(composer)).to.deep.equal([["terminal_t1", "true"]]);
    });

    it("typing works while the chunk is blocked; the block is a load-failed t3-error, and a send after it tries again", async () => {
      await executeServerCommand("block-urls", { patterns: [`*${chunk}`] });
      const { composer, errors } = await composerOn(name);
      const sends = sendsOf(composer);
      await type("still typing");
      await waitFor(() => errors.length > 0, "the t3-error of the idle fetch");
      expect(errors.map(({ code, message }) => ({ code, message }))).to.deep.equal([LOAD_FAILED]);
      expect(composer.value).to.deep.equal({ text: "still typing" });
      await press("Enter");
      await waitFor(() => errors.length > 1, "the t3-error of the send");
      expect(errors.map(({ code, message }) => ({ code, message }))).to.deep.equal([LOAD_FAILED, LOAD_FAILED]);
      expect([sends, composer.value]).to.deep.equal([[], { text: "still typing" }]);
      await executeServerCommand("block-urls", { patterns: [] });
      await press("Enter");
      await waitFor(() => sends.length > 0, "the send once the chunk can be fetched");
      expect(sends).to.deep.equal(["still typing"]);
    });

    it("Control+Z meanwhile keeps the text until the chunk arrives, then undoes the typing from before it", async () => {
      await hold(chunk);
      const { win, composer } = await composerOn(name);
      await inOneUndoStep(() => type("undo me"), win);
      await chord("Control", "z");
      await frames(SETTLE_FRAMES, win);
      expect(composer.value).to.deep.equal({ text: "undo me" });
      expect(await release()).to.be.greaterThan(0);
      await waitFor(() => composer.value.text === "", "the undo once the chunk is in");
      await chord("Control", "y");
      expect(composer.value).to.deep.equal({ text: "undo me" });
    });

    it("Control+Z with the chunk blocked is a load-failed t3-error and keeps the text; unblocked, the next one undoes it", async () => {
      await executeServerCommand("block-urls", { patterns: [`*${chunk}`] });
      const { win, composer, errors } = await composerOn(name);
      await inOneUndoStep(() => type("keep me"), win);
      await waitFor(() => errors.length > 0, "the t3-error of the idle fetch");
      await chord("Control", "z");
      await waitFor(() => errors.length > 1, "the t3-error of the undo");
      expect(errors.map(({ code, message }) => ({ code, message }))).to.deep.equal([LOAD_FAILED, LOAD_FAILED]);
      expect(composer.value).to.deep.equal({ text: "keep me" });
      await executeServerCommand("block-urls", { patterns: [] });
      await chord("Control", "z");
      await waitFor(() => composer.value.text === "", "the undo once the chunk can be fetched");
    });
  });
}
