// Copying from the transcript (docs/composer.md; docs/wire-format.md, "Clipboard fragment"): a selection writes canonical
// Markdown with chips as links and the fragment of the records it references; the per-message
// copy button writes both through the async clipboard.
import { expect } from "@esm-bundle/chai";
import { CONTEXT_FRAGMENT_MIME, decodeClipboardHtml } from "../../../src/codec/clipboard.js";
import type { TranscriptCopyDetail } from "../../../src/elements/transcript/events.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { mount as mountComposer, next, record, unmountAll } from "../composer/helpers.js";
import { article, chip, cleanup, image, link, mention, mount, rendered, review, terminal, userMessage } from "../transcript/fixtures.js";
import { attachmentsJoined, copyFrom, expectValue, pasteInto, sharedTransport, typesOf, uploadsDone } from "./helpers.js";

const shotAttachment = { id: "att-1", name: "shot.png", mimeType: "image/png", sizeBytes: 1234 };
const threeChips = `Before alpha ${link(terminal)} middle ${link(mention)} then ${link(image)} after omega`;

function withSource(el: T3TranscriptElement): void {
  el.setAttribute("environment-id", "env-t");
  el.setAttribute("thread-id", "thread-9");
}

/** Selects from `offset` in the first text node of `from` to `toOffset` in the last text node of `to`. */
function selectText(from: Node, fromOffset: number, to: Node, toOffset: number): void {
  document.getSelection()!.setBaseAndExtent(from, fromOffset, to, toOffset);
}

function bodyOf(el: T3TranscriptElement, id: string): HTMLElement {
  return article(el, id).querySelector<HTMLElement>(".body")!;
}

/**
 * Runs `body` with `navigator.clipboard`'s `write` replaced (own properties over the prototype's
 * methods, deleted afterwards); returns what `writeText` was given. The system clipboard itself is
 * the subject of system-clipboard.test.ts.
 */
async function withClipboard(replace: { write: Clipboard["write"] }, body: () => Promise<void>): Promise<string[]> {
  const api = navigator.clipboard as Partial<Pick<Clipboard, "write" | "writeText">>;
  const written: string[] = [];
  api.write = replace.write;
  api.writeText = (value: string) => {
    written.push(value);
    return Promise.resolve();
  };
  const warn = console.warn;
  console.warn = () => {};
  try {
    await body();
  } finally {
    delete api.write;
    delete api.writeText;
    console.warn = warn;
  }
  return written;
}


describe("transcript copy", () => {
  afterEach(() => {
    cleanup();
    unmountAll();
    document.getSelection()?.removeAllRanges();
  });

  it("copies a selection that starts and ends inside text around three chips", async () => {
    const message = userMessage("m1", threeChips, { context: { version: 1, records: [terminal, mention, image] }, attachments: [shotAttachment] });
    const el = await mount([message], withSource);
    const paragraph = bodyOf(el, "m1").querySelector("p")!;
    const first = paragraph.firstChild as Text; // "Before alpha "
    const last = paragraph.lastChild as Text; // " after omega"
    expect([first.data, last.data]).to.deep.equal(["Before alpha ", " after omega"]);
    const copies = record(el, "t3-copy");
    selectText(first, "Before al".length, last, " after om".length);
    const data = copyFrom(bodyOf(el, "m1"));

    const text = `pha ${link(terminal)} middle ${link(mention)} then ${link(image)} after om`;
    const fragment = { version: 1, source: { environmentId: "env-t", threadId: "thread-9", messageId: "m1" }, records: [terminal, mention, image] };
    expect(data.types).to.deep.equal(["text/plain", CONTEXT_FRAGMENT_MIME, "text/html"]);
    expect(data.getData("text/plain")).to.equal(text);
    expect(JSON.parse(data.getData(CONTEXT_FRAGMENT_MIME))).to.deep.equal(fragment);
    expect(decodeClipboardHtml(data.getData("text/html"))).to.deep.equal(fragment);
    expect(data.getData("text/html")).to.not.include("<button");
    expect(copies.map((event) => event.detail)).to.deep.equal([{ text, fragment }]);

    // Pasted into a composer of another environment: the image comes again through the host.
    const transport = sharedTransport();
    await transport.upload!(new Blob(["png"], { type: "image/png" }), { localId: "att-1", name: "shot.png", signal: new AbortController().signal });
    const composer = await mountComposer({ "environment-id": "env-c" });
    composer.transport = transport;
    pasteInto(composer, data);
    await attachmentsJoined(composer);
    await uploadsDone(composer);
    const local = composer.attachments[0]!.localId;
    const pasted = { ...image, contextId: `image_${local}`, attachmentId: local };
    expectValue(composer, {
      text: `pha ${link(terminal)} middle ${link(mention)} then ${link(pasted)} after om`,
      context: { version: 1, records: [terminal, mention, pasted] },
    });
    expect(transport.fetches).to.deep.equal([{ environmentId: "env-t", attachmentId: "att-1" }]);
  });

  it("copies a selection across two messages: blank line between, records of both, no message id", async () => {
    const el = await mount(
      [
        userMessage("m1", `one ${link(terminal)} tail`, { context: { version: 1, records: [terminal] } }),
        userMessage("m2", `head ${link(review)} two`, { context: { version: 1, records: [review] } }),
      ],
      withSource,
    );
    const start = bodyOf(el, "m1").querySelector("p")!.firstChild as Text;
    const end = bodyOf(el, "m2").querySelector("p")!.lastChild as Text;
    selectText(start, 0, end, end.data.length);
    const data = copyFrom(bodyOf(el, "m1"));
    expect(data.getData("text/plain")).to.equal(`one ${link(terminal)} tail\n\nhead ${link(review)} two`);
    expect(JSON.parse(data.getData(CONTEXT_FRAGMENT_MIME))).to.deep.equal({
      version: 1, source: { environmentId: "env-t", threadId: "thread-9" }, records: [terminal, review],
    });
  });

  it("copies a selection without chips as text and HTML, with no fragment", async () => {
    const el = await mount([userMessage("m1", `plain words ${link(terminal)}`, { context: { version: 1, records: [terminal] } })], withSource);
    const words = bodyOf(el, "m1").querySelector("p")!.firstChild as Text;
    const copies = record(el, "t3-copy");
    selectText(words, 0, words, "plain words".length);
    const data = copyFrom(bodyOf(el, "m1"));
    expect(typesOf(data)).to.deep.equal({ "text/plain": "plain words", "text/html": "plain words" });
    expect(copies.map((event) => event.detail)).to.deep.equal([{ text: "plain words", fragment: null }]);
  });

  it("writes the Markdown of headings, emphasis, links, lists, quotes, code and tables back", async () => {
    const markdown = [
      "# Title",
      "Some **bold**, *em*, ~~gone~~, `a `` b` and [a link](https://example.com/).",
      `- one\n- two ${link(terminal)}`,
      "3. third\n4. fourth",
      "> quoted\n> still",
      "```ts\nconst x = `y`;\n```",
      "| a | b |\n| --- | --- |\n| 1 | 2 |",
      "---",
    ].join("\n\n");
    const el = await mount([{ id: "a1", role: "assistant", text: markdown, context: { version: 1, records: [terminal] } }], withSource);
    const body = bodyOf(el, "a1");
    document.getSelection()!.setBaseAndExtent(body, 0, body, body.childNodes.length);
    expect(copyFrom(body).getData("text/plain")).to.equal(markdown);
  });

  it("writes a partly selected list as list items", async () => {
    const el = await mount([{ id: "a1", role: "assistant", text: "- first item\n- second item\n- third item" }], withSource);
    const items = bodyOf(el, "a1").querySelectorAll("li");
    selectText(items[0]!.firstChild!, "first ".length, items[1]!.firstChild!, "second".length);
    expect(copyFrom(bodyOf(el, "a1")).getData("text/plain")).to.equal("- item\n- second");
  });

  it("falls back to plain text when the clipboard takes no ClipboardItem", async () => {
    const el = await mount([userMessage("m1", `Fix ${link(terminal)}`, { context: { version: 1, records: [terminal] } })], withSource);
    const written = await withClipboard({ write: () => Promise.reject(new DOMException("denied", "NotAllowedError")) }, async () => {
      const copied = next(el, "t3-copy");
      article(el, "m1").querySelector<HTMLButtonElement>('[part="copy-button"]')!.click();
      await copied;
    });
    expect(written).to.deep.equal([`Fix ${link(terminal)}`]);
    expect(article(el, "m1").querySelector<HTMLButtonElement>('[part="copy-button"]')!.dataset.copyState).to.equal("copied");
  });

  it("copies the records of a legacy message, upgraded in memory, with the copy button", async () => {
    const legacy = "Please look\n\n<terminal_context>\n- build lines 1-2:\n  1 | npm test\n  2 | ok\n</terminal_context>";
    const el = await mount([userMessage("m1", legacy)], withSource);
    let detail: TranscriptCopyDetail | undefined;
    await withClipboard({ write: () => Promise.resolve() }, async () => {
      const copied = next(el, "t3-copy");
      article(el, "m1").querySelector<HTMLButtonElement>('[part="copy-button"]')!.click();
      detail = (await copied).detail;
    });
    expect(detail!.text).to.equal("Please look\n\n[build lines 1-2](t3-context://v1/terminal/legacy_terminal_1)");
    expect(detail!.fragment?.records).to.deep.equal([
      { version: 1, contextId: "legacy_terminal_1", kind: "terminal", label: "build lines 1-2", terminalId: "build", terminalLabel: "build", lineStart: 1, lineEnd: 2, text: "npm test\nok" },
    ]);
    expect(el.messages[0]!.text).to.equal(legacy);
  });

  it("never changes the rendered transcript", async () => {
    const message = userMessage("m1", threeChips, { context: { version: 1, records: [terminal, mention, image] }, attachments: [shotAttachment] });
    const snapshot = structuredClone(message);
    const el = await mount([message], withSource);
    const before = bodyOf(el, "m1").innerHTML;
    const body = bodyOf(el, "m1");
    document.getSelection()!.setBaseAndExtent(body, 0, body, body.childNodes.length);
    const composer = await mountComposer();
    composer.value = { text: link({ ...terminal, label: "x" }), context: { version: 1, records: [{ ...terminal, text: "collides" }] } };
    pasteInto(composer, copyFrom(body));
    await rendered();
    expect(el.messages).to.deep.equal([snapshot]);
    expect(bodyOf(el, "m1").innerHTML).to.equal(before);
    expect(chip(bodyOf(el, "m1"), "terminal_t1").dataset.markdownCopy).to.equal(link(terminal));
  });
});
