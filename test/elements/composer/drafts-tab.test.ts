// `draft-key` when the tab goes away abruptly: a composer in another tab of the same origin is
// typed into, given chips and uploads, then its tab is closed (Target.closeTarget: `pagehide`
// runs) or its renderer killed (Page.crash: nothing runs); a new tab with the same key must show
// the draft exactly. What each ending guarantees:
// - closing the tab, or the tab being hidden, saves the draft at once, whatever its size;
// - a draft of ordinary size (PROMPT_SAVE_MAX_CHARS) is saved in the task that changed it, so a
//   killed renderer keeps even the last keystroke;
// - a bigger draft is saved within 500 ms: a renderer killed sooner loses the changes since
//   (not asserted here: whether a save lands first is a matter of timing).
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import { PROMPT_SAVE_MAX_CHARS } from "../../../src/elements/composer/persistence.js";
import { T1, terminal } from "./helpers.js";
import type { DraftSnapshot } from "./snapshot.js";
import { describeIn, itIn } from "../../support/engine.js";

const PAGE = "/test/elements/composer/fixtures/draft-page.html";
/** Text past the prompt-save bound: a big draft, saved within 500 ms rather than at once. */
const BIG_TEXT = "x".repeat(PROMPT_SAVE_MAX_CHARS + 1);

/** What a test of this file waits for right now: a test that fails names it (`nameTheWait`). */
let waitingFor = "";

/** Awaits `promise`, which resolves once `what` has happened: a test that times out meanwhile says so. */
async function waitFor<T>(what: string, promise: Promise<T>): Promise<T> {
  waitingFor = what;
  const value = await promise;
  waitingFor = "";
  return value;
}

/** Appends what the test was waiting for to a failed test's error, so that a timeout says which state never came. */
function nameTheWait(this: Mocha.Context): void {
  const { currentTest } = this;
  if (currentTest?.state === "failed" && currentTest.err && waitingFor) currentTest.err.message += ` (waiting for ${waitingFor})`;
  waitingFor = "";
}

/** Runs a page command (test/support/page-commands.mjs) that answers once `what` is done. */
const command = <T>(what: string, name: string, payload: object) => waitFor(what, executeServerCommand(name, payload) as Promise<T>);

/** Another tab of this origin with a composer whose draft key is `key`. */
class Tab {
  private constructor(readonly pageId: string) {}

  static async open(key: string): Promise<Tab> {
    const { pageId } = await command<{ pageId: string }>(`a tab with draft-key ${key} to load`, "page-open", { path: `${PAGE}?key=${encodeURIComponent(key)}` });
    return new Tab(pageId);
  }

  /** Evaluates `expression` in the tab (its `t3` global: composer, snapshot, readyUploads, attach). */
  async run<T = unknown>(expression: string, what = `${this.pageId} to answer ${expression}`): Promise<T> {
    return (await command<{ value: T }>(what, "page-eval", { pageId: this.pageId, expression })).value;
  }

  async type(text: string): Promise<void> {
    await command(`${this.pageId} to be typed ${JSON.stringify(text)} into`, "page-type", { pageId: this.pageId, text });
  }

  /** Resolves once the tab's composer shows `text` (it follows another tab through the `storage` event). */
  async shows(text: string): Promise<void> {
    const expression = `new Promise((resolve) => {
      const check = () => (t3.composer.value.text === ${JSON.stringify(text)} ? resolve(true) : setTimeout(check, 20));
      check();
    })`;
    await this.run(expression, `${this.pageId} to show ${JSON.stringify(text)}`);
  }

  snapshot(): Promise<DraftSnapshot> {
    return this.run("t3.snapshot()");
  }

  /** Brings the test's own page to the front: this tab becomes hidden. */
  async hide(): Promise<void> {
    await command(`${this.pageId} to be hidden`, "page-hide", { pageId: this.pageId });
  }

  async end(how: "close" | "crash"): Promise<void> {
    await command(`${this.pageId} to ${how}`, "page-close", { pageId: this.pageId, how });
  }
}

/**
 * Resolves once `holds()` is true of this page's localStorage: at once, when a `storage` event
 * says another tab changed it, or at a check every 50 ms. The checks mean that a missed event
 * cannot hang the test: in full Firefox runs, a two-tab test here timed out now and then at its
 * bound (a state that never came, cause not found), and these waits listened for events only.
 */
function storageState(what: string, holds: () => boolean): Promise<void> {
  const state = new Promise<void>((resolve) => {
    const check = () => {
      if (!holds()) return;
      window.removeEventListener("storage", check);
      clearInterval(timer);
      resolve();
    };
    window.addEventListener("storage", check);
    const timer = setInterval(check, 50);
    check();
  });
  return waitFor(what, state);
}

/** Resolves once this page's localStorage shows a draft under `key` that `check` accepts: another tab's write has reached the browser. */
function savedDraft(key: string, check: (draft: { text: string }) => boolean): Promise<void> {
  const name = DRAFT_STORAGE_PREFIX + key;
  return storageState(`a saved draft under ${key} that ${String(check)}`, () => {
    const raw = localStorage.getItem(name);
    return raw !== null && check(JSON.parse(raw) as { text: string });
  });
}

/** Resolves once this page's localStorage has no draft under `key`. */
function removedDraft(key: string): Promise<void> {
  return storageState(`no saved draft under ${key}`, () => localStorage.getItem(DRAFT_STORAGE_PREFIX + key) === null);
}

/**
 * A bound for a test that opens tabs, not a wait: each tab loads the composer's modules one by one
 * through the test server, which takes Firefox several seconds per tab on a loaded machine (a
 * stress run went past 20 s). The tests wait for the states they need, never for a delay.
 */
const TABS_TIMEOUT_MS = 60_000;

let keys = 0;
const freshKey = () => `tab-${Date.now()}-${++keys}`;

// Chromium and Firefox only: the other tab is opened and driven through puppeteer
// (test/support/page-commands.mjs); the WebKit runner drives one WebDriver window, and its page
// commands for a second window are not written yet.
describeIn(["chromium", "firefox"], "<t3-composer> draft-key when the tab goes away", function () {
  this.timeout(TABS_TIMEOUT_MS);
  afterEach(nameTheWait);
  afterEach(() => localStorage.clear());

  // Chromium only: the renderer is killed through the DevTools protocol (Page.crash, the
  // `page-close` command's "crash"); no other engine's driver can kill a tab's process.
  itIn(["chromium"], "brings the whole draft back after the renderer is killed: text, chips, records, finished and unfinished uploads", async () => {
    const key = freshKey();
    const tab = await Tab.open(key);
    await tab.run("t3.composer.focus()");
    await tab.type("Why does");
    await tab.run(`t3.composer.insertContext(${JSON.stringify(terminal)})`);
    await tab.type("fail?");
    await tab.run(`t3.attach("done.png", "image/png", "png bytes"), t3.readyUploads(1)`);
    await tab.run(`t3.attach("unfinished.txt", "text/plain", "never arrives")`);
    const before = await tab.snapshot();
    const [done, unfinished] = before.attachments;
    expect(before.value.text).to.equal(
      `Why does ${T1} fail? ![done.png](t3-context://v1/image/image_${done!.localId}) [unfinished.txt](t3-context://v1/file/file_${unfinished!.localId}) `,
    );
    expect(before.chips).to.deep.equal(["build lines 3-4, Terminal", "done.png, Image (ready)", "unfinished.txt, 0%, File (uploading)"]);
    await savedDraft(key, (draft) => draft.text === before.value.text);
    await tab.end("crash");

    const again = await Tab.open(key);
    const after = await again.snapshot();
    // Only the upload that had not finished changes: it is failed, to be attached again.
    expect(after).to.deep.equal({
      ...before,
      attachments: [done, { localId: unfinished!.localId, name: "unfinished.txt", mimeType: "text/plain", sizeBytes: 13, status: "failed", referenced: true }],
      chips: ["build lines 3-4, Terminal", "done.png, Image (ready)", "unfinished.txt, upload failed, File (failed)"],
    });
    expect(after.value.context!.records.map((record) => record.kind)).to.deep.equal(["terminal", "image", "file"]);
    await again.run(`t3.composer.retryAttachment(${JSON.stringify(unfinished!.localId)}, new File(["arrives now"], "retried.txt", { type: "text/plain" })), t3.readyUploads(2)`);
    const retried = await again.snapshot();
    expect(retried.attachments.map(({ name, status }) => [name, status])).to.deep.equal([
      ["done.png", "ready"],
      ["retried.txt", "ready"],
    ]);
    await again.end("close");
  });

  // Chromium only: the renderer is killed through the DevTools protocol (Page.crash, the
  // `page-close` command's "crash"); no other engine's driver can kill a tab's process.
  itIn(["chromium"], "keeps the last keystroke of a draft of ordinary size when the renderer is killed right after it", async () => {
    const key = freshKey();
    const tab = await Tab.open(key);
    await tab.run("t3.composer.focus()");
    await tab.type("hello");
    await tab.end("crash");
    const again = await Tab.open(key);
    expect((await again.snapshot()).value).to.deep.equal({ text: "hello" });
    await again.end("close");
  });

  it("keeps what was typed just before the tab is closed, in a big draft too (pagehide)", async () => {
    const key = freshKey();
    const tab = await Tab.open(key);
    await tab.run(`t3.composer.value = { text: ${JSON.stringify(BIG_TEXT)} }, t3.composer.focus()`);
    await tab.type("!");
    await tab.end("close");
    const again = await Tab.open(key);
    expect((await again.snapshot()).value).to.deep.equal({ text: `${BIG_TEXT}!` });
    await again.end("close");
  });

  // Chromium only: the renderer is killed through the DevTools protocol (Page.crash, the
  // `page-close` command's "crash"); no other engine's driver can kill a tab's process.
  itIn(["chromium"], "saves a big draft as soon as its tab is hidden, so a renderer killed afterwards loses nothing", async () => {
    const key = freshKey();
    const tab = await Tab.open(key);
    await tab.run(`t3.composer.value = { text: ${JSON.stringify(BIG_TEXT)} }, t3.composer.focus()`);
    await tab.type("!");
    await tab.hide();
    await tab.end("crash");
    const again = await Tab.open(key);
    expect((await again.snapshot()).value).to.deep.equal({ text: `${BIG_TEXT}!` });
    await again.end("close");
  });
});

// Chromium and Firefox only: the other tab is opened and driven through puppeteer
// (test/support/page-commands.mjs); the WebKit runner drives one WebDriver window, and its page
// commands for a second window are not written yet.
describeIn(["chromium", "firefox"], "<t3-composer> draft-key in two tabs at once", function () {
  this.timeout(TABS_TIMEOUT_MS);
  afterEach(nameTheWait);
  afterEach(() => localStorage.clear());

  for (const ending of ["send", "clear"] as const) {
    it(`a tab showing a draft that the other tab ${ending === "send" ? "sent" : "cleared"} never writes it back, and a later tab opens empty`, async () => {
      const key = freshKey();
      const a = await Tab.open(key);
      const b = await Tab.open(key);
      await a.run("t3.composer.focus()");
      await a.type("hello");
      await savedDraft(key, (draft) => draft.text === "hello");
      await b.shows("hello"); // b has no edits of its own: it follows a
      await a.run(ending === "send" ? "t3.composer.send().then(() => true)" : "t3.composer.clear()");
      await removedDraft(key);
      await b.shows("");
      // What used to write the old draft back: b's editor losing focus, b's page going away.
      await b.run("t3.composer.focus(), document.activeElement.blur(), window.dispatchEvent(new PageTransitionEvent('pagehide'))");
      await b.end("close");
      expect(localStorage.getItem(DRAFT_STORAGE_PREFIX + key)).to.equal(null);
      const c = await Tab.open(key);
      expect((await c.snapshot()).value).to.deep.equal({ text: "" });
      await Promise.all([a.end("close"), c.end("close")]);
    });
  }

  it("what a tab typed while the other tab's send of the old draft ran is kept, in both tabs and for a later one", async () => {
    const key = freshKey();
    const a = await Tab.open(key);
    const b = await Tab.open(key);
    await a.run("t3.composer.focus()");
    await a.type("hello");
    await b.shows("hello");
    await a.run("t3.holdSends(), void t3.composer.send(), true");
    await b.run("t3.composer.focus()");
    await b.type(" world");
    await savedDraft(key, (draft) => draft.text === "hello world");
    await a.run("t3.releaseSends(), new Promise((resolve) => t3.composer.addEventListener('t3-sent', () => resolve(true), { once: true }))");
    expect((await a.snapshot()).value).to.deep.equal({ text: "hello world" }); // newer than what a sent
    expect((await b.snapshot()).value).to.deep.equal({ text: "hello world" });
    expect((JSON.parse(localStorage.getItem(DRAFT_STORAGE_PREFIX + key)!) as { text: string }).text).to.equal("hello world");
    await Promise.all([a.end("close"), b.end("close")]);
    const c = await Tab.open(key);
    expect((await c.snapshot()).value).to.deep.equal({ text: "hello world" });
    await c.end("close");
  });

  it("a tab with edits of its own keeps them, and the other tab follows once they are saved", async () => {
    const key = freshKey();
    const a = await Tab.open(key);
    const b = await Tab.open(key);
    await a.run("t3.composer.focus()");
    await a.type("from a");
    await b.shows("from a");
    await b.run("t3.composer.focus()");
    await b.type(" and b");
    await savedDraft(key, (draft) => draft.text === "from a and b");
    await a.shows("from a and b");
    expect((await b.snapshot()).value).to.deep.equal({ text: "from a and b" });
    await Promise.all([a.end("close"), b.end("close")]);
  });
});

