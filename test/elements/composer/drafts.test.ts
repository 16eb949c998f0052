import { expect } from "@esm-bundle/chai";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import { PROMPT_SAVE_MAX_CHARS } from "../../../src/elements/composer/persistence.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { T1, chipsOf, focusEnd, frame, image, manualTransport, memoryTransport, mount, next, pngFile, record, saveWithStorageFull, terminal, type, unmountAll } from "./helpers.js";


function stored(key: string): unknown {
  const raw = localStorage.getItem(DRAFT_STORAGE_PREFIX + key);
  return raw === null ? null : JSON.parse(raw);
}

/** Resolves once `check` holds, testing after each task (the save timer runs in its own task). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("<t3-composer> draft-key", () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it("saves a draft of ordinary size in the task that changed it, without any other event", async () => {
    const el = await mount({ "draft-key": "soon" });
    await focusEnd(el);
    await type("hello");
    await frame(); // ProseMirror reads the typed text in a task of its own
    expect(stored("soon")).to.deep.include({ version: 1, text: "hello", records: [], attachments: [] });
    el.value = { text: "set by the host" };
    await Promise.resolve();
    expect(stored("soon")).to.deep.include({ text: "set by the host" });
  });

  it("saves a big draft within 500 ms of a change rather than in the same task", async () => {
    const big = "x".repeat(PROMPT_SAVE_MAX_CHARS + 1);
    const el = await mount({ "draft-key": "big" });
    el.value = { text: big }; // the first save is at once: the draft was small until then
    await Promise.resolve();
    expect(stored("big")).to.deep.include({ text: big });
    el.value = { text: `${big}!` };
    await Promise.resolve();
    expect(stored("big")).to.deep.include({ text: big });
    await until(() => (stored("big") as { text: string }).text === `${big}!`);
  });

  it("saves at once when the page is hidden", async () => {
    const big = "x".repeat(PROMPT_SAVE_MAX_CHARS + 1);
    const el = await mount({ "draft-key": "hidden" });
    el.value = { text: big };
    await Promise.resolve();
    el.value = { text: `${big}?` };
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    try {
      document.dispatchEvent(new Event("visibilitychange"));
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    expect(stored("hidden")).to.deep.include({ text: `${big}?` });
  });

  it("survives a reload: a new element with the key restores text and records synchronously on connect", async () => {
    const first = await mount({ "draft-key": "thread-1" });
    first.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    first.remove(); // disconnect saves
    const second = document.createElement("t3-composer") as T3ComposerElement;
    second.setAttribute("draft-key", "thread-1");
    expect(second.value).to.deep.equal({ text: `fix ${T1}`, context: { version: 1, records: [terminal] } });
    document.body.append(second);
    await second.updateComplete;
    expect(chipsOf(second).map((chip) => chip.getAttribute("aria-label"))).to.deep.equal(["build lines 3-4, Terminal"]);
    second.remove();
  });

  it("saves a big draft's latest change on disconnect, before its deferred save is due, and a new element restores it", async () => {
    // Lines, so that End reaches the end of the text and not of a wrapped line.
    const big = `${"x".repeat(79)}\n`.repeat(Math.ceil(PROMPT_SAVE_MAX_CHARS / 80) + 1);
    const first = await mount({ "draft-key": "big-gone" });
    first.value = { text: big }; // saved at once: the draft was small until then
    await Promise.resolve();
    await focusEnd(first);
    await type("go");
    await frame();
    // Leaving the editor saves, and so would removing it while focused (Chromium fires focusout
    // then): the disconnect save is what keeps a change made while the focus is elsewhere.
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    first.insertContext(terminal); // at the last known caret
    // What follows the big text, so that a failure prints a line and not 64 K characters.
    const after = (draft: unknown) => {
      const { text, records } = draft as { text: string; records: unknown[] };
      return { start: text.startsWith(big), rest: text.slice(big.length), records };
    };
    const latest = { start: true, rest: `go ${T1} `, records: [terminal] };
    expect(after({ text: first.value.text, records: first.value.context?.records })).to.deep.equal(latest);
    expect(after(stored("big-gone"))).to.deep.equal({ start: true, rest: "go", records: [] }); // the chip's save waits up to 500 ms
    first.remove();
    outside.remove();
    expect(after(stored("big-gone"))).to.deep.equal(latest);
    const second = document.createElement("t3-composer") as T3ComposerElement;
    second.setAttribute("draft-key", "big-gone");
    expect(after({ text: second.value.text, records: second.value.context?.records })).to.deep.equal(latest);
    document.body.append(second);
    await second.updateComplete;
    expect(chipsOf(second).map((chip) => chip.getAttribute("aria-label"))).to.deep.equal(["build lines 3-4, Terminal"]);
    second.remove();
  });

  it("saves on pagehide", async () => {
    const el = await mount({ "draft-key": "hide" });
    await focusEnd(el);
    await type("x");
    await frame();
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
    expect(stored("hide")).to.deep.include({ text: "x" });
  });

  it("restores when the attribute is set later, and a changed key saves the old draft first", async () => {
    localStorage.setItem(DRAFT_STORAGE_PREFIX + "b", JSON.stringify({ version: 1, text: "from b", records: [], attachments: [] }));
    const el = await mount();
    el.value = { text: "typed before a key" };
    el.setAttribute("draft-key", "a");
    expect(el.value).to.deep.equal({ text: "typed before a key" }); // nothing saved under a: kept
    el.setAttribute("draft-key", "b");
    expect(el.value).to.deep.equal({ text: "from b" });
    expect(stored("a")).to.deep.include({ text: "typed before a key" });
    el.setAttribute("draft-key", "c");
    expect(el.value).to.deep.equal({ text: "" }); // nothing under c
  });

  it("saves what was typed before the key was set once the editor loses focus", async () => {
    const el = await mount();
    await focusEnd(el);
    await type("typed first");
    await frame();
    el.setAttribute("draft-key", "later");
    expect(stored("later")).to.equal(null);
    (el.shadowRoot!.activeElement as HTMLElement).blur();
    expect(stored("later")).to.deep.include({ text: "typed first" });
  });

  it("keeps finished uploads ready and brings unfinished ones back failed, retryable by attaching the file again", async () => {
    const manual = manualTransport();
    const first = await mount({ "draft-key": "uploads" });
    first.transport = manual.transport;
    let started = manual.nextUpload();
    first.attachFiles([pngFile("done.png")]);
    (await started).finish("pending_done");
    started = manual.nextUpload();
    first.attachFiles([new File(["abc"], "half.txt", { type: "text/plain" })]);
    const half = await started;
    await frame();
    first.remove();
    await frame(); // uploads stop once the element stays disconnected past the task
    expect(half.options.signal.aborted).to.equal(true);

    const second = await mount({ "draft-key": "uploads" });
    second.transport = manual.transport;
    expect(second.attachments.map(({ name, status, attachmentId }) => ({ name, status, attachmentId }))).to.deep.equal([
      { name: "done.png", status: "ready", attachmentId: "pending_done" },
      { name: "half.txt", status: "failed", attachmentId: undefined },
    ]);
    expect(chipsOf(second).map((chip) => chip.dataset.status)).to.deep.equal(["ready", "failed"]);
    const localId = second.attachments[1]!.localId;
    started = manual.nextUpload();
    second.retryAttachment(localId, new File(["abc"], "half.txt", { type: "text/plain" }));
    const again = await started;
    expect(again.options.localId).to.equal(localId);
    again.finish("pending_half");
    await frame();
    expect(second.attachments[1]).to.deep.include({ status: "ready", attachmentId: "pending_half" });
  });

  it("keeps shelf images (unreferenced) in the saved draft", async () => {
    const first = await mount({ "draft-key": "shelf" });
    first.value = { text: "no chips", context: { version: 1, records: [image] } };
    first.remove();
    const second = await mount({ "draft-key": "shelf" });
    expect(second.value).to.deep.equal({ text: "no chips" });
    expect(second.attachments.map((attachment) => [attachment.name, attachment.referenced])).to.deep.equal([["shot.png", false]]);
  });

  it("removes the saved draft after a successful send", async () => {
    const el = await mount({ "draft-key": "sent" });
    el.transport = memoryTransport();
    el.value = { text: "bye" };
    el.remove();
    expect(stored("sent")).to.not.equal(null);
    document.body.append(el);
    await el.send();
    expect(stored("sent")).to.equal(null);
    el.remove();
  });

  it("reports storage failures as t3-error storage-failed and goes on", async () => {
    const el = await mount({ "draft-key": "full" });
    const errors = record(el, "t3-error");
    saveWithStorageFull(() => (el.value = { text: "too big" }));
    expect(errors.map((event) => [event.detail.code, (event.detail.cause as DOMException).name])).to.deep.equal([["storage-failed", "QuotaExceededError"]]);
    expect(el.value).to.deep.equal({ text: "too big" });
  });

  it("ignores a corrupt saved draft with storage-failed instead of throwing", async () => {
    localStorage.setItem(DRAFT_STORAGE_PREFIX + "bad", "{not json");
    const el = document.createElement("t3-composer") as T3ComposerElement;
    const error = next(el, "t3-error");
    el.setAttribute("draft-key", "bad");
    expect((await error).detail.code).to.equal("storage-failed");
    expect(el.value).to.deep.equal({ text: "" });
  });

  it("saves the clientMessageId of an unanswered send with the draft, and a send after the reload reuses it", async () => {
    const manual = manualTransport();
    const first = await mount({ "draft-key": "unanswered" });
    first.transport = manual.transport;
    first.value = { text: "did it arrive?" };
    void first.send().catch(() => {});
    await frame();
    const [attempt] = manual.sends;
    first.remove(); // saves, then aborts the send
    expect(stored("unanswered")).to.deep.include({ text: "did it arrive?", clientMessageId: attempt!.message.clientMessageId });
    const second = await mount({ "draft-key": "unanswered" });
    second.transport = manual.transport;
    void second.send();
    await frame();
    expect(manual.sends.map((send) => send.message.clientMessageId)).to.deep.equal([attempt!.message.clientMessageId, attempt!.message.clientMessageId]);
  });

  it("mints a new clientMessageId once a restored draft is edited, and ignores a malformed saved one", async () => {
    localStorage.setItem(DRAFT_STORAGE_PREFIX + "edited", JSON.stringify({ version: 1, text: "a", records: [], attachments: [], clientMessageId: "msg_aaaaaaaaaaaaaaaaaaaa" }));
    localStorage.setItem(DRAFT_STORAGE_PREFIX + "bad-id", JSON.stringify({ version: 1, text: "b", records: [], attachments: [], clientMessageId: "__proto__" }));
    const transport = memoryTransport();
    const edited = await mount({ "draft-key": "edited" });
    edited.transport = transport;
    await focusEnd(edited);
    await type("!");
    await frame();
    await edited.send();
    const badId = await mount({ "draft-key": "bad-id" });
    badId.transport = transport;
    await badId.send();
    const [one, two] = transport.sent.map((message) => message.clientMessageId);
    expect([one === "msg_aaaaaaaaaaaaaaaaaaaa", /^msg_[a-z0-9]{20}$/.test(one!), /^msg_[a-z0-9]{20}$/.test(two!)]).to.deep.equal([false, true, true]);
    expect(transport.sent.map((message) => message.text)).to.deep.equal(["a!", "b"]);
  });
});

