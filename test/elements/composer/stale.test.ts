// Stale context (docs/preview-and-stale.md): the host's `validateContext` hook, asked when a chip
// joins, when the draft is restored and just before a send; the stale badge and its Refresh by
// keyboard; the question a send asks about gone context. Real keys in Chromium throughout.
import { expect } from "@esm-bundle/chai";
import type { ComposerContextRecord, FileContextRecord } from "../../../src/contract/types.js";
import { DRAFT_STORAGE_PREFIX } from "../../../src/elements/composer/draft-storage.js";
import type { ContextStatus } from "../../../src/elements/composer/types.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { chipsOf, chord, file, focusEnd, frame, memoryTransport, mention, mount, press, record, type, unmountAll } from "./helpers.js";

/** Resolves once `check` holds, testing after each task. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * A host that knows which files changed or went away: its hook answers from `changed` and
 * `gone`, and records every record it was asked about.
 */
function fileHost() {
  const changed = new Set<string>();
  const gone = new Set<string>();
  const asked: ComposerContextRecord[] = [];
  const validate = async (record: ComposerContextRecord): Promise<ContextStatus> => {
    asked.push(record);
    if (gone.has(record.contextId)) return "gone";
    return changed.has(record.contextId) && (record as FileContextRecord).sizeBytes === file.sizeBytes ? "stale" : "current";
  };
  return { changed, gone, asked, validate };
}

/** A composer whose `validateContext` is a `fileHost()` (set up by `prepare` first), with a memory transport and its `t3-send` recorded. */
async function composerWithHost(prepare: (host: ReturnType<typeof fileHost>) => void = () => {}) {
  const el = await mount();
  const host = fileHost();
  prepare(host);
  el.validateContext = host.validate;
  const transport = memoryTransport();
  el.transport = transport;
  const sends = record(el, "t3-send");
  return { el, host, transport, sends };
}

/** A draft of a mention and a file that goes away after insertion, sent by Enter: resolves once the question is open. */
async function sendWithGoneFile() {
  const { el, host, transport, sends } = await composerWithHost();
  el.insertContext(mention);
  el.insertContext(file);
  await until(() => host.asked.length === 2);
  host.gone.add(file.contextId);
  await focusEnd(el);
  await press("Enter");
  const question = () => el.shadowRoot!.querySelector<HTMLDialogElement>('[part="confirm-gone"]');
  await until(() => question()?.open === true);
  return { el, transport, sends, dialog: question()! };
}

const chipOf = (el: T3ComposerElement) => chipsOf(el)[0]!;
const partsOf = (chip: HTMLElement) => chip.getAttribute("part")!.split(" ");

describe("<t3-composer> stale context", () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it("asks at insertion, stops a send at a changed file, refreshes it by keyboard, and sends the new record", async () => {
    const { el, host, transport, sends } = await composerWithHost();
    el.insertContext(file);
    await until(() => host.asked.length === 1);
    await frame();
    expect(host.asked[0]).to.deep.equal(file);
    expect(chipOf(el).hasAttribute("data-context-status")).to.equal(false);

    host.changed.add(file.contextId); // the file changed on disk after it was added
    await focusEnd(el);
    await type("see");
    await press("Enter");
    await until(() => chipOf(el).dataset.contextStatus === "stale");
    await el.updateComplete;
    expect(sends).to.have.length(0); // the person is shown the badge first
    const chip = chipOf(el);
    expect(partsOf(chip)).to.include("chip-stale");
    expect(chip.querySelector(".t3-chip-badge")!.textContent).to.equal("changed");
    expect(chip.getAttribute("aria-label")).to.equal("notes.txt, 42 B, File, changed");
    expect(chip.getAttribute("aria-description")).to.match(/^Changed since it was added/);
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain("notes.txt changed. Refresh it, or send again as it is.");

    const newer: FileContextRecord = { ...file, sizeBytes: 58 };
    const refreshes = record(el, "t3-context-refresh");
    el.addEventListener("t3-context-refresh", (event) => event.detail.provide(Promise.resolve(newer)));
    // The chip is just before " see": select it with Shift+ArrowLeft from after the space, then Enter.
    await press("End");
    for (let i = 0; i < " see".length; i++) await press("ArrowLeft");
    await chord("Shift", "ArrowLeft");
    await press("Enter");
    await until(() => !chipOf(el).hasAttribute("data-context-status"));
    expect(refreshes.map((event) => event.detail.record)).to.deep.equal([file]);
    expect(el.value.context!.records).to.deep.equal([newer]);
    expect(chipOf(el).getAttribute("aria-label")).to.equal("notes.txt, 58 B, File");

    await press("End");
    await press("Enter");
    await until(() => transport.sent.length === 1);
    expect(transport.sent[0]!.context!.records).to.deep.equal([newer]);
    expect(sends[0]!.detail.stale).to.deep.equal([]);
    expect(sends[0]!.detail.gone).to.deep.equal([]);
  });

  it("sends a stale record as it is on the second try, and lists it in t3-send", async () => {
    const { el, transport, sends } = await composerWithHost((h) => h.changed.add(file.contextId));
    el.insertContext(file);
    await until(() => chipOf(el).dataset.contextStatus === "stale"); // shown since it was inserted
    await focusEnd(el);
    await press("Enter");
    await until(() => transport.sent.length === 1);
    expect(sends[0]!.detail.stale).to.deep.equal([file]);
    expect(transport.sent[0]!.context!.records).to.deep.equal([file]);
  });

  it("asks about gone context at send: Keep sends it and t3-send lists it", async () => {
    const { el, transport, sends, dialog } = await sendWithGoneFile();
    expect(dialog.textContent!.replace(/\s+/g, " ")).to.contain("notes.txt is no longer available. Remove it or keep it?");
    expect(el.shadowRoot!.activeElement!.getAttribute("part")).to.equal("confirm-gone-keep");
    expect(partsOf(chipsOf(el)[1]!)).to.include("chip-gone");
    expect(chipsOf(el)[1]!.getAttribute("aria-label")).to.equal("notes.txt, 42 B, File, unavailable");
    await press("Enter"); // Keep, focused when the dialog opened
    await until(() => transport.sent.length === 1);
    expect(sends[0]!.detail.gone).to.deep.equal([file]);
    expect(transport.sent[0]!.context!.records).to.deep.equal([mention, file]);
  });

  it("asks about gone context at send: Remove takes it out of the message", async () => {
    const { el, transport, sends } = await sendWithGoneFile();
    await press("Tab");
    expect(el.shadowRoot!.activeElement!.getAttribute("part")).to.equal("confirm-gone-remove");
    await press("Enter");
    await until(() => transport.sent.length === 1);
    expect(sends[0]!.detail.gone).to.deep.equal([]);
    expect(transport.sent[0]!.context!.records).to.deep.equal([mention]);
    expect(transport.sent[0]!.text).to.not.contain("file_att_2");
  });

  it("Escape at the question cancels the send and keeps the draft", async () => {
    const el = await mount();
    const host = fileHost();
    host.gone.add(file.contextId);
    el.validateContext = host.validate;
    const transport = memoryTransport();
    el.transport = transport;
    el.insertContext(file);
    await focusEnd(el);
    const sending = el.send();
    await until(() => el.shadowRoot!.querySelector<HTMLDialogElement>('[part="confirm-gone"]')?.open === true);
    await press("Escape");
    expect(await sending).to.equal(undefined);
    expect(transport.sent).to.have.length(0);
    expect(el.value.context!.records).to.deep.equal([file]);
  });

  it("asks about every record of a draft restored from draft-key", async () => {
    const text = "[notes.txt](t3-context://v1/file/file_att_2) [src/a.ts](t3-context://v1/mention/mention_src-a-ts)";
    localStorage.setItem(DRAFT_STORAGE_PREFIX + "restored", JSON.stringify({ version: 1, text, records: [file, mention], attachments: [] }));
    const host = fileHost();
    host.gone.add(mention.contextId);
    const el = document.createElement("t3-composer") as T3ComposerElement;
    el.validateContext = host.validate;
    el.setAttribute("draft-key", "restored");
    document.body.append(el);
    try {
      await el.updateComplete;
      await until(() => chipsOf(el)[1]?.dataset.contextStatus === "gone");
      expect(host.asked.map((asked) => asked.contextId)).to.deep.equal([file.contextId, mention.contextId]);
      expect(chipsOf(el)[0]!.hasAttribute("data-context-status")).to.equal(false);
    } finally {
      el.remove();
    }
  });

  it("treats a hook that throws as current, and a slow one as current after the bound", async () => {
    const el = await mount();
    const transport = memoryTransport();
    el.transport = transport;
    el.validateContext = () => {
      throw new Error("host bug");
    };
    el.insertContext(file);
    await focusEnd(el);
    await el.send();
    expect(transport.sent).to.have.length(1);
    el.validateContext = () => new Promise<ContextStatus>(() => {}); // never answers
    el.insertContext(mention);
    await el.send();
    expect(transport.sent.map((message) => message.context!.records)).to.deep.equal([[file], [mention]]);
  });

  it("refuses a refreshed record of another id or kind, naming the id", async () => {
    const el = await mount();
    el.validateContext = async (): Promise<ContextStatus> => "stale";
    el.insertContext(file);
    await until(() => chipOf(el).dataset.contextStatus === "stale");
    const thrown: unknown[] = [];
    el.addEventListener("t3-context-refresh", (event) => {
      try {
        event.detail.provide({ ...file, contextId: "file_other" });
      } catch (error) {
        thrown.push(error);
      }
    });
    await focusEnd(el);
    await press("ArrowLeft"); // before the chip's trailing space
    await chord("Shift", "ArrowLeft");
    await press("Enter");
    await frame();
    expect(thrown).to.have.length(1);
    expect(String(thrown[0])).to.match(/TypeError: .*"file_att_2"/);
    expect(el.value.context!.records).to.deep.equal([file]);
  });

  it("throws a TypeError for a hook that is not a function", async () => {
    const el = await mount();
    expect(() => (el.validateContext = "yes" as never)).to.throw(TypeError, /validateContext: expected a function or null, got yes/);
  });
});
