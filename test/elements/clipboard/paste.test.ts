// Paste into the composer (docs/composer.md; docs/wire-format.md, "Clipboard fragment"): the fragment type first, then
// the HTML flavor, then plain text; records imported, re-fetched, renamed or left unresolved.
import { expect } from "@esm-bundle/chai";
import { sendKeys } from "@web/test-runner-commands";
import { CONTEXT_FRAGMENT_MIME, encodeClipboardFragment, encodeClipboardHtml } from "../../../src/codec/clipboard.js";
import type { ClipboardFragment, ComposerContextRecord, ImageContextRecord, PreviewAnnotationContextRecord, TerminalContextRecord } from "../../../src/contract/types.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { ComposerError } from "../../../src/transport/errors.js";
import type { ComposerTransport } from "../../../src/transport/types.js";
import { chipsOf, chord, deferred, editorOf, focusEnd, frame, mount, next, press, record, unmountAll } from "../composer/helpers.js";
import { element, review } from "../transcript/fixtures.js";
import { BARE_FRAGMENT_TYPE } from "../../../src/elements/clipboard-payload.js";
import { clipboard, expectValue, pasteInto, sharedTransport, uploadsDone } from "./helpers.js";

const link = (record: { kind: string; contextId: string; label: string }) =>
  `${record.kind === "image" ? "!" : ""}[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`;

const terminal: TerminalContextRecord = {
  version: 1, contextId: "terminal_t1", kind: "terminal", label: "build lines 3-4",
  terminalId: "t1", terminalLabel: "build", lineStart: 3, lineEnd: 4, text: "npm run build\nerror TS2345",
};
const shot: ImageContextRecord = {
  version: 1, contextId: "image_att_src", kind: "image", label: "shot.png", attachmentId: "up_shot", name: "shot.png", mimeType: "image/png", sizeBytes: 5,
};

function fragment(records: ComposerContextRecord[], environmentId = "env-src"): ClipboardFragment {
  return { version: 1, source: { environmentId }, records };
}

/** What copying `text` with `records` in another composer or tab puts on the clipboard. */
function copied(text: string, records: ComposerContextRecord[], environmentId?: string): DataTransfer {
  const json = encodeClipboardFragment(fragment(records, environmentId))!;
  return clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: json, "text/html": encodeClipboardHtml(json, { text }) });
}

/** The local id of the one attachment a composer holds, once it has one. */
function onlyLocalId(composer: T3ComposerElement): string {
  expect(composer.attachments).to.have.length(1);
  return composer.attachments[0]!.localId;
}


describe("paste into the composer", () => {
  afterEach(unmountAll);

  it("pastes HTML produced by another browser tab (the HTML flavor only)", async () => {
    const text = `Look at ${link(terminal)} and ${link(review)}.`;
    const json = encodeClipboardFragment(fragment([terminal, review]))!;
    // Chromium hands a cross-tab HTML paste over with a charset prefix; no custom type survives.
    const composer = await mount();
    pasteInto(composer, clipboard({ "text/plain": text, "text/html": `<meta charset='utf-8'>${encodeClipboardHtml(json, { html: "<p>Look at …</p>" })}` }));
    expectValue(composer, { text, context: { version: 1, records: [terminal, review] } });
  });

  describe("a fragment holding ', <, & and non-ASCII text", () => {
    const tricky: TerminalContextRecord = {
      ...terminal, contextId: "terminal_q1", label: "l'œuvre <x> & co", terminalLabel: "café ☕", text: "don't <b>&amp; naïve 日本語 🚀",
    };
    const text = `« ${link(tricky)} » c'est <ok> & 好`;
    const json = encodeClipboardFragment(fragment([tricky]))!;
    const expected = { text, context: { version: 1 as const, records: [tricky] } };

    it("from the custom type", async () => {
      const composer = await mount();
      pasteInto(composer, clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: json }));
      expectValue(composer, expected);
    });

    it("from the HTML flavor, apostrophes written %27", async () => {
      const composer = await mount();
      pasteInto(composer, clipboard({ "text/plain": text, "text/html": encodeClipboardHtml(json, { text }) }));
      expectValue(composer, expected);
    });

    it("from the HTML flavor as T3 Code writes it, apostrophes raw inside double quotes", async () => {
      const composer = await mount();
      pasteInto(composer, clipboard({ "text/plain": text, "text/html": `<pre data-t3-context-fragment="${encodeURIComponent(json)}">x</pre>` }));
      expectValue(composer, expected);
    });
  });

  describe("long plain text", () => {
    // 20,000 characters over two lines.
    const long = "0123456789".repeat(1999) + "\n" + "012345678";

    it("becomes a text file chip, uploaded like any attachment", async () => {
      const transport = sharedTransport();
      const composer = await mount();
      composer.transport = transport;
      pasteInto(composer, clipboard({ "text/plain": long }));
      await uploadsDone(composer);
      const local = onlyLocalId(composer);
      const file = {
        version: 1, contextId: `file_${local}`, kind: "file", label: "Pasted text.txt", attachmentId: local, name: "Pasted text.txt", mimeType: "text/plain", sizeBytes: 20000,
      } as const;
      expectValue(composer, { text: `${link(file)} `, context: { version: 1, records: [file] } });
      const uploaded = await transport.fetchAttachment!({ environmentId: "any", attachmentId: local }, { signal: new AbortController().signal });
      expect(await uploaded.text()).to.equal(long);
    });

    it("is pasted inline with Ctrl+Shift+V", async () => {
      const composer = await mount();
      await focusEnd(composer);
      await sendKeys({ down: "Control" });
      await sendKeys({ down: "Shift" });
      try {
        pasteInto(composer, clipboard({ "text/plain": long }));
      } finally {
        await sendKeys({ up: "Shift" });
        await sendKeys({ up: "Control" });
      }
      expectValue(composer, { text: long });
      expect(composer.attachments).to.deep.equal([]);
    });

    it("follows long-paste-threshold: longer than it is a file, up to it inline", async () => {
      const composer = await mount({ "long-paste-threshold": "10" });
      pasteInto(composer, clipboard({ "text/plain": "1234567890" }));
      expectValue(composer, { text: "1234567890" });
      pasteInto(composer, clipboard({ "text/plain": "12345678901" }));
      const local = onlyLocalId(composer);
      expect(composer.value.text).to.equal(`1234567890 [Pasted text.txt](t3-context://v1/file/file_${local}) `);
    });

    it("stays inline when it comes with a fragment", async () => {
      const text = `${long} ${link(terminal)}`;
      const composer = await mount();
      pasteInto(composer, copied(text, [terminal]));
      expectValue(composer, { text, context: { version: 1, records: [terminal] } });
    });
  });

  describe("ids", () => {
    it("gives a record whose id the draft holds with another payload a new id, and rewrites its links", async () => {
      const changed = { ...terminal, text: "another excerpt" };
      const composer = await mount();
      composer.value = { text: link(terminal), context: { version: 1, records: [terminal] } };
      pasteInto(composer, copied(` ${link(changed)} and ${link(changed)}`, [changed]));
      const moved = { ...changed, contextId: "terminal_t1-2" };
      expectValue(composer, {
        text: `${link(terminal)} ${link(moved)} and ${link(moved)}`,
        context: { version: 1, records: [terminal, moved] },
      });
    });

    it("reuses a record the draft holds with the same payload (a true duplicate)", async () => {
      const composer = await mount();
      composer.value = { text: link(terminal), context: { version: 1, records: [terminal] } };
      const added = record(composer, "t3-context-add");
      pasteInto(composer, copied(` ${link({ ...terminal, label: "other label" })}`, [{ ...terminal, label: "other label" }]));
      expectValue(composer, {
        text: `${link(terminal)} [other label](t3-context://v1/terminal/terminal_t1)`,
        context: { version: 1, records: [terminal] },
      });
      expect(added).to.have.length(0);
    });

    it("re-scopes a legacy terminal id, as a draft imports it", async () => {
      const legacy = { ...terminal, contextId: "legacy_terminal_1" };
      const composer = await mount();
      pasteInto(composer, copied(link(legacy), [legacy]));
      const scoped = { ...terminal, contextId: "terminal_legacy_terminal_1" };
      expectValue(composer, { text: link(scoped), context: { version: 1, records: [scoped] } });
    });

    it("rewrites an element link as a preview annotation", async () => {
      const composer = await mount();
      pasteInto(composer, copied(`fix ${link(element)}`, [element]));
      const { version: _v, contextId: _c, kind: _k, label: _l, ...details } = element;
      const annotation: PreviewAnnotationContextRecord = {
        version: 1, contextId: "preview-annotation_e1", kind: "preview-annotation", label: "<Button>", annotationId: "e1",
        pageUrl: element.pageUrl, pageTitle: element.pageTitle, comment: "", targetSummary: "1 selected element", styleChanges: [],
        elements: [details], elementIds: ["e1"],
      };
      expectValue(composer, { text: `fix ${link(annotation)}`, context: { version: 1, records: [annotation] } });
    });
  });

  describe("unresolved chips", () => {
    it("pastes links without records as unresolved chips", async () => {
      const composer = await mount();
      const text = "see [gone](t3-context://v1/terminal/terminal_zz) ok";
      pasteInto(composer, clipboard({ "text/plain": text }));
      expectValue(composer, { text });
      expect(chipsOf(composer).map((chip) => [chip.dataset.contextUnresolved, chip.getAttribute("aria-label")])).to.deep.equal([["true", "Unavailable context, gone"]]);
    });

    it("keeps only the records the pasted text links to", async () => {
      const composer = await mount();
      pasteInto(composer, copied(`just ${link(review)}`, [terminal, review, shot]));
      expectValue(composer, { text: `just ${link(review)}`, context: { version: 1, records: [review] } });
    });

    it("leaves a binary from an unreachable source unresolved and says so in t3-error", async () => {
      const composer = await mount();
      composer.transport = sharedTransport(); // it holds no attachment up_shot
      const failed = next(composer, "t3-error");
      pasteInto(composer, copied(`see ${link(shot)}`, [shot], "env-x"));
      const error = (await failed).detail;
      const local = onlyFetchedId(composer.value.text);
      expectValue(composer, { text: `see ![shot.png](t3-context://v1/image/image_${local})` });
      expect([error.code, error.message]).to.deep.equal([
        "attachment-unreachable",
        "shot.png could not be brought into this message: environment env-x cannot be reached. Remove the chip or attach the file again.",
      ]);
      expect(error.cause).to.be.instanceOf(ComposerError);
      expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal(["true"]);
      expect(composer.attachments).to.deep.equal([]);
    });

    it("fires attachment-unreachable when there is no transport to fetch with", async () => {
      const composer = await mount();
      const errors = record(composer, "t3-error");
      pasteInto(composer, copied(link(shot), [shot]));
      await composer.updateComplete;
      expect(errors.map((event) => event.detail.code)).to.deep.equal(["attachment-unreachable"]);
      expectValue(composer, { text: `![shot.png](t3-context://v1/image/image_${onlyFetchedId(composer.value.text)})` });
    });

    it("shows a pasted binary unresolved until its bytes arrive", async () => {
      const { transport, fetched } = slowTransport();
      const composer = await mount();
      composer.transport = transport;
      pasteInto(composer, copied(link(shot), [shot]));
      expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal(["true"]);
      expectValue(composer, { text: `![shot.png](t3-context://v1/image/image_${onlyFetchedId(composer.value.text)})` });
      const joined = next(composer, "t3-context-add");
      fetched.resolve(new Blob(["bytes"], { type: "image/png" }));
      await joined;
      await uploadsDone(composer);
      const local = onlyLocalId(composer);
      const pasted = { ...shot, contextId: `image_${local}`, attachmentId: local };
      expectValue(composer, { text: link(pasted), context: { version: 1, records: [pasted] } });
      expect(chipsOf(composer).map((chip) => chip.dataset.contextUnresolved)).to.deep.equal([undefined]);
    });

    it("does not attach bytes whose chip was removed meanwhile; undo brings chip and attachment back", async () => {
      const { transport, fetched } = slowTransport();
      const composer = await mount();
      composer.transport = transport;
      await focusEnd(composer);
      pasteInto(composer, copied(link(shot), [shot]));
      const text = composer.value.text;
      await press("Backspace");
      await frame();
      expectValue(composer, { text: "" });
      fetched.resolve(new Blob(["bytes"], { type: "image/png" }));
      await frame(); // the fetch's promise callbacks have run
      expect(composer.attachments).to.deep.equal([]);
      await chord("Control", "z");
      await frame();
      await uploadsDone(composer);
      const local = onlyLocalId(composer);
      const pasted = { ...shot, contextId: `image_${local}`, attachmentId: local };
      expectValue(composer, { text, context: { version: 1, records: [pasted] } });
    });

    it("makes send wait for a pasted attachment's bytes", async () => {
      const { transport, fetched } = slowTransport();
      const composer = await mount();
      composer.transport = transport;
      pasteInto(composer, copied(`here ${link(shot)}`, [shot]));
      const sent = composer.send();
      fetched.resolve(new Blob(["bytes"], { type: "image/png" }));
      const result = await sent;
      const local = transport.uploads[0]!;
      expect(result?.context?.records).to.deep.equal([{ ...shot, contextId: `image_${local}`, attachmentId: local }]);
    });
  });

  describe("untrusted HTML", () => {
    it("pastes rich HTML without a fragment as its plain text, never as HTML", async () => {
      const composer = await mount();
      const html = `<b>Hello</b> <img src="data:," onerror="window.__pasted = 1"><script>window.__pasted = 2</script> <a href="javascript:alert(1)">world</a>`;
      pasteInto(composer, clipboard({ "text/plain": "Hello world", "text/html": html }));
      await frame();
      expectValue(composer, { text: "Hello world" });
      expect(editorOf(composer).querySelector("b, img, script, a")).to.equal(null);
      expect((window as { __pasted?: unknown }).__pasted).to.equal(undefined);
    });

    it("ignores a clipboard that holds HTML only", async () => {
      const composer = await mount();
      const event = pasteInto(composer, clipboard({ "text/html": "<p>only html</p>" }));
      expectValue(composer, { text: "" });
      expect(event.defaultPrevented).to.equal(true);
    });

    it("degrades a broken fragment to plain text", async () => {
      const composer = await mount();
      const text = link(terminal);
      pasteInto(composer, clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: "{not json", "text/html": '<div data-t3-context-fragment="%E0%A4%A">' }));
      expectValue(composer, { text });
    });

    it("reads the fragment type without Chromium's web prefix", async () => {
      const composer = await mount();
      const text = link(terminal);
      pasteInto(composer, clipboard({ "text/plain": text, "application/x-t3-context-fragment+json": encodeClipboardFragment(fragment([terminal]))! }));
      expectValue(composer, { text, context: { version: 1, records: [terminal] } });
    });
  });

  // docs/wire-format.md, "Clipboard fragment": the custom type, then the HTML flavor's attribute, then plain text. A copy puts
  // the same fragment in both, so only a clipboard whose flavors disagree shows which is read.
  describe("which fragment a paste reads", () => {
    const text = `See ${link(terminal)}`;
    const fromCustom: TerminalContextRecord = { ...terminal, text: "read from the custom type" };
    const fromBare: TerminalContextRecord = { ...terminal, text: "read from the unprefixed type" };
    const fromHtml: TerminalContextRecord = { ...terminal, text: "read from the HTML flavor" };
    const json = (record: TerminalContextRecord, environmentId: string) => encodeClipboardFragment(fragment([record], environmentId))!;
    const html = (fragmentJson: string) => encodeClipboardHtml(fragmentJson, { text });
    /** Parses as JSON, fails the fragment schema (records must be an array). */
    const invalidJson = JSON.stringify({ version: 1, source: { environmentId: "env-bad" }, records: "terminal_t1" });

    it("takes the custom type's fragment over a different valid one in the HTML flavor", async () => {
      const composer = await mount();
      pasteInto(composer, clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: json(fromCustom, "env-custom"), "text/html": html(json(fromHtml, "env-html")) }));
      expectValue(composer, { text, context: { version: 1, records: [fromCustom] } });
    });

    it("takes the unprefixed type's fragment over a different valid one in the HTML flavor", async () => {
      const composer = await mount();
      pasteInto(composer, clipboard({ "text/plain": text, [BARE_FRAGMENT_TYPE]: json(fromBare, "env-bare"), "text/html": html(json(fromHtml, "env-html")) }));
      expectValue(composer, { text, context: { version: 1, records: [fromBare] } });
    });

    it("falls back to the HTML flavor's fragment when the custom type's is corrupt", async () => {
      for (const corrupt of ["{not json", invalidJson]) {
        const composer = await mount();
        pasteInto(composer, clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: corrupt, "text/html": html(json(fromHtml, "env-html")) }));
        expectValue(composer, { text, context: { version: 1, records: [fromHtml] } });
      }
    });

    it("pastes the plain text, its chip unresolved, when both fragments are corrupt", async () => {
      const composer = await mount();
      pasteInto(composer, clipboard({ "text/plain": text, [CONTEXT_FRAGMENT_MIME]: "{not json", "text/html": html(invalidJson) }));
      expectValue(composer, { text });
      expect(chipsOf(composer).map((chip) => [chip.dataset.contextUnresolved, chip.getAttribute("aria-label")])).to.deep.equal([["true", "Unavailable context, build lines 3-4"]]);
    });
  });

  it("attaches pasted files", async () => {
    const composer = await mount();
    const data = new DataTransfer();
    data.items.add(new File(["abc"], "notes.md", { type: "text/markdown" }));
    pasteInto(composer, data);
    const local = onlyLocalId(composer);
    expect(composer.value.text).to.equal(`[notes.md](t3-context://v1/file/file_${local}) `);
  });

  it("leaves a read-only composer as it is", async () => {
    const composer = await mount({ readonly: "" });
    pasteInto(composer, clipboard({ "text/plain": "nope" }));
    expectValue(composer, { text: "" });
  });
});

/** The local id in the one rewritten image link of `text`. */
function onlyFetchedId(text: string): string {
  const match = /image\/image_(att_[a-z0-9]{16})\)/.exec(text);
  expect(match, text).to.not.equal(null);
  return match![1]!;
}

/** A transport whose one attachment fetch the test answers; it records upload ids. */
function slowTransport() {
  const fetched = deferred<Blob>();
  const uploads: string[] = [];
  const transport: ComposerTransport & { uploads: string[] } = {
    uploads,
    async send(message) {
      return { id: "m1", clientMessageId: message.clientMessageId, text: message.text, ...(message.context ? { context: message.context } : {}) };
    },
    async upload(_file, { localId }) {
      uploads.push(localId);
      return { attachmentId: localId };
    },
    fetchAttachment: () => fetched.promise,
  };
  return { transport, fetched };
}
