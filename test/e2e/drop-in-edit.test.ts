// Edit and resend while the composer's rest chunk, which holds edit mode, is on its way (held by
// the network: `hold-urls`, test/support/server-commands.mjs) or cannot be fetched, for both
// composer drop-ins on a plain page (test/e2e/drop-in/page.html). docs/composer.md ("Edit and
// resend") gives the rules: `edit()` applies once the chunk is in, `editing` is `null` until then,
// what is typed meanwhile is the draft from before, a send made meanwhile carries the edit, and a
// reload in edit mode under `draft-key` comes back in edit mode, `updateComplete` waiting for it,
// and an edit still waiting when `draft-key` changes is dropped (unless there was no key before).
import { expect } from "@esm-bundle/chai";
import type { ComposerErrorDetail, OutgoingMessage, T3ComposerElement } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, press, type, waitFor } from "./support/frames.js";
import { blockUrls, holdUrls, releaseUrls, resetNetwork } from "./support/network.js";

/** Frames to let pass while the chunk is held, so that what waits for it would have shown by then if it did not wait. */
const SETTLE_FRAMES = 10;
const KEY = "drop-in-edit";
/** Another thread's key, for a `draft-key` that changes while an edit waits. */
const OTHER_KEY = "drop-in-edit-other";
const MESSAGE = { id: "message_1", text: "the sent message" };
const LOAD_FAILED = { code: "load-failed", message: "A part of the composer could not be loaded." };

interface Opened {
  win: Window;
  composer: T3ComposerElement;
  errors: ComposerErrorDetail[];
  /** The `detail.message` of every `t3-send`. */
  sends: OutgoingMessage[];
}

/** A page with the drop-in `name` and a composer with `attributes` in it, focused once drawn; `await`s nothing of the composer's own. */
async function composerOn(name: string, attributes: Record<string, string> = {}): Promise<Opened> {
  const frame = await openFrame(`/test/e2e/drop-in/page.html?drop-in=${name}`);
  const doc = frameDocument(frame);
  await waitFor(() => doc.title === "loaded", `${name}.js to load`);
  const composer = doc.createElement("t3-composer") as T3ComposerElement;
  for (const [attribute, value] of Object.entries(attributes)) composer.setAttribute(attribute, value);
  const errors: ComposerErrorDetail[] = [];
  const sends: OutgoingMessage[] = [];
  composer.addEventListener("t3-error", (event) => errors.push((event as CustomEvent<ComposerErrorDetail>).detail));
  composer.addEventListener("t3-send", (event) => sends.push((event as CustomEvent<{ message: OutgoingMessage }>).detail.message));
  doc.body.append(composer);
  await waitFor(() => composer.shadowRoot?.querySelector("[part=editor]"), "the composer's first render");
  composer.focus();
  return { win: frame.contentWindow!, composer, errors, sends };
}

async function frames(count: number, win: Window): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

const bar = (composer: T3ComposerElement) => composer.shadowRoot!.querySelector("[part=editing]");
/** What a person sees of edit mode: `editing`, the draft, and whether the edit bar shows. */
const editState = (composer: T3ComposerElement) => [composer.editing, composer.value, bar(composer) !== null];


/** A page that edits `MESSAGE` under `KEY` after typing "typed before", and goes (the draft and the edit mode saved). */
async function editedThenGone(name: string): Promise<void> {
  const { composer } = await composerOn(name, { "draft-key": KEY });
  await type("typed before");
  composer.edit(MESSAGE);
  await composer.updateComplete;
  expect(composer.editing?.messageId).to.equal(MESSAGE.id);
  composer.remove(); // saves the draft, which is the edited message
  document.querySelectorAll("iframe").forEach((frame) => frame.remove());
}

before(() => fitFrames(1));
afterEach(async () => {
  await resetNetwork();
  for (const key of [KEY, OTHER_KEY]) {
    localStorage.removeItem(`t3-composer:draft:${key}`);
    localStorage.removeItem(`t3-composer:edit:${key}`);
  }
});

for (const [name, chunk] of [
  ["composer", "/dist/composer/composer-rest.js"],
  ["t3-composer", "/dist/drop-in/composer-rest.js"],
] as const) {
  describe(`${name}.js: edit and resend before its rest chunk is in`, () => {
    it("edit() applies once the chunk arrives; editing is null meanwhile, and what was typed meanwhile comes back on Escape", async () => {
      await holdUrls([`*${chunk}`]);
      const { win, composer } = await composerOn(name);
      await type("typed before");
      composer.edit(MESSAGE);
      expect(composer.editing).to.equal(null);
      await type(" and meanwhile");
      await frames(SETTLE_FRAMES, win);
      expect(editState(composer)).to.deep.equal([null, { text: "typed before and meanwhile" }, false]);
      expect(await releaseUrls(1)).to.be.greaterThan(0);
      await composer.updateComplete;
      expect(editState(composer)).to.deep.equal([{ messageId: MESSAGE.id, preview: MESSAGE.text }, { text: MESSAGE.text }, true]);
      composer.focus();
      await press("Escape");
      await composer.updateComplete;
      expect(editState(composer)).to.deep.equal([null, { text: "typed before and meanwhile" }, false]);
    });

    it("an Enter-send made after edit() waits for the chunk and carries editOf; the draft from before comes back", async () => {
      await holdUrls([`*${chunk}`]);
      const { win, composer, sends } = await composerOn(name);
      await type("typed before");
      composer.edit(MESSAGE);
      await press("Enter");
      await frames(SETTLE_FRAMES, win);
      expect(sends).to.deep.equal([]);
      await releaseUrls(1);
      await waitFor(() => sends.length > 0, "the send");
      expect(sends.map(({ text, editOf }) => ({ text, editOf }))).to.deep.equal([{ text: MESSAGE.text, editOf: MESSAGE.id }]);
      await waitFor(() => composer.editing === null, "edit mode to end");
      expect(composer.value).to.deep.equal({ text: "typed before" });
    });

    it("a reload in edit mode under draft-key loads the chunk on connect: updateComplete waits, and a send meanwhile carries editOf", async () => {
      await editedThenGone(name);
      await holdUrls([`*${chunk}`]);
      const { win, composer, sends } = await composerOn(name, { "draft-key": KEY });
      let complete = false;
      void composer.updateComplete.then(() => (complete = true));
      await frames(SETTLE_FRAMES, win);
      // The draft is the edited message (persistence.ts restored it); edit mode waits for the chunk.
      expect([complete, ...editState(composer)]).to.deep.equal([false, null, { text: MESSAGE.text }, false]);
      await type(" changed");
      await press("Enter");
      await frames(SETTLE_FRAMES, win);
      expect(sends).to.deep.equal([]);
      await releaseUrls(1);
      await waitFor(() => sends.length > 0, "the send");
      expect(sends.map(({ text, editOf }) => ({ text, editOf }))).to.deep.equal([{ text: `${MESSAGE.text} changed`, editOf: MESSAGE.id }]);
      await waitFor(() => complete, "updateComplete");
      await waitFor(() => composer.value.text === "typed before", "the draft from before the edit");
      expect(editState(composer)).to.deep.equal([null, { text: "typed before" }, false]);
    });

    it("an edit() still waiting when draft-key changes to another key is dropped: both drafts stay as they were", async () => {
      await holdUrls([`*${chunk}`]);
      const { composer } = await composerOn(name, { "draft-key": KEY });
      await type("typed under the key");
      composer.edit(MESSAGE);
      composer.draftKey = OTHER_KEY;
      await releaseUrls(1);
      await composer.updateComplete;
      expect(editState(composer)).to.deep.equal([null, { text: "" }, false]);
      expect([localStorage.getItem(`t3-composer:edit:${KEY}`), localStorage.getItem(`t3-composer:edit:${OTHER_KEY}`)]).to.deep.equal([null, null]);
      composer.draftKey = KEY;
      await composer.updateComplete;
      expect(editState(composer)).to.deep.equal([null, { text: "typed under the key" }, false]);
    });

    it("an edit() still waiting when a first draft-key is set becomes that key's, as the draft does", async () => {
      await holdUrls([`*${chunk}`]);
      const { composer } = await composerOn(name);
      composer.edit(MESSAGE);
      composer.draftKey = KEY;
      await releaseUrls(1);
      await composer.updateComplete;
      expect(editState(composer)).to.deep.equal([{ messageId: MESSAGE.id, preview: MESSAGE.text }, { text: MESSAGE.text }, true]);
      expect(JSON.parse(localStorage.getItem(`t3-composer:edit:${KEY}`)!)).to.deep.include({ messageId: MESSAGE.id });
    });

    it("a blocked chunk is a load-failed t3-error: the edit does not apply, the draft stays, and the next edit() tries again", async () => {
      await blockUrls([`*${chunk}`]);
      const { composer, errors } = await composerOn(name);
      await type("typed before");
      await waitFor(() => errors.length > 0, "the t3-error of the idle fetch");
      composer.edit(MESSAGE);
      await composer.updateComplete;
      expect(errors.map(({ code, message }) => ({ code, message }))).to.deep.equal([LOAD_FAILED, LOAD_FAILED]);
      expect(editState(composer)).to.deep.equal([null, { text: "typed before" }, false]);
      await blockUrls([]);
      composer.edit(MESSAGE);
      await composer.updateComplete;
      expect(editState(composer)).to.deep.equal([{ messageId: MESSAGE.id, preview: MESSAGE.text }, { text: MESSAGE.text }, true]);
      composer.cancelEdit();
      expect(composer.value).to.deep.equal({ text: "typed before" });
    });

    it("a reload in edit mode with the chunk blocked keeps the edited draft; the send once it can be fetched carries editOf", async () => {
      await editedThenGone(name);
      await blockUrls([`*${chunk}`]);
      const { composer, errors, sends } = await composerOn(name, { "draft-key": KEY });
      await waitFor(() => errors.length > 1, "the t3-errors of the load on connect and of the idle fetch");
      expect(errors.map(({ code, message }) => ({ code, message }))).to.deep.equal([LOAD_FAILED, LOAD_FAILED]);
      expect(editState(composer)).to.deep.equal([null, { text: MESSAGE.text }, false]);
      await blockUrls([]);
      await press("Enter");
      await waitFor(() => sends.length > 0, "the send once the chunk can be fetched");
      expect(sends.map(({ text, editOf }) => ({ text, editOf }))).to.deep.equal([{ text: MESSAGE.text, editOf: MESSAGE.id }]);
      await waitFor(() => composer.value.text === "typed before", "the draft from before the edit");
    });
  });
}
