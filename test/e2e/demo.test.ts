// The demo app end to end, on a real reference host: a person types, drops an image, inserts a
// terminal excerpt and a review comment, and presses Enter. What the transcript shows, what
// SQLite holds, what the provider projection says, what a second tab hears and what a reload
// shows are all checked exactly.
import { expect } from "@esm-bundle/chai";
import type { OutgoingMessage, SentMessage } from "../../src/index.js";
import { click, dropFiles, frameDocument, inFrame, nextEvent, press, type, waitFor } from "./support/frames.js";
import { articleOf, chipsOf, openDemo, reloadDemo, sampleButton, type DemoPage, useDemoHost } from "./support/demo-page.js";
import { PNG_BYTES } from "./support/files.js";

const THREAD = "e2e-chat";

const host = useDemoHost(2);

/** Drops `pixel.png` right after the last character of the composer's text. */
function dropImageAtEnd(page: DemoPage): void {
  const editor = page.composer.shadowRoot!.querySelector(".ProseMirror")!;
  const range = frameDocument(page.frame).createRange();
  range.selectNodeContents(editor);
  const lines = range.getClientRects();
  const last = lines[lines.length - 1]!;
  const point = { x: Math.round(last.right + 4), y: Math.round(last.top + last.height / 2) };
  dropFiles(page.frame, point, [{ name: "pixel.png", bytes: PNG_BYTES, type: "image/png" }]);
}

/** What a person does: type, drop an image, insert two samples, press Enter. */
async function composeAndSend(page: DemoPage): Promise<{ outgoing: OutgoingMessage; stored: SentMessage; pendingArticle: HTMLElement }> {
  page.composer.focus();
  await type("Why does");
  dropImageAtEnd(page);
  await waitFor(() => page.composer.attachments[0]?.status === "ready", "the image upload");
  await type("fail after");
  await click(page.frame, sampleButton(page, "Terminal excerpt"));
  await type("as in");
  await click(page.frame, sampleButton(page, "Review comment"));

  // Heard after the page's own listener: the optimistic copy is in the transcript by then.
  let pendingArticle: HTMLElement | null = null;
  let pendingMessage: unknown;
  const sending = nextEvent<{ message: OutgoingMessage }>(page.composer, "t3-send").then((detail) => {
    pendingMessage = page.transcript.messages.at(-1);
    pendingArticle = articleOf(page.transcript, `pending-${detail.message.clientMessageId}`);
    return detail.message;
  });
  const sent = nextEvent<{ result: SentMessage }>(page.composer, "t3-sent");
  await press("Enter");
  const outgoing = await sending;
  expect(pendingMessage).to.deep.include({ id: `pending-${outgoing.clientMessageId}`, pending: true, clientMessageId: outgoing.clientMessageId, text: outgoing.text });
  expect(pendingArticle !== null, "the optimistic message is shown at once").to.equal(true);
  const { result: stored } = await sent;
  return { outgoing, stored, pendingArticle: pendingArticle! };
}

describe("the demo app on the reference host", function () {
  // Each test opens the demo on a live host (two tabs, a reload) and types through the browser's
  // driver, one key after another in WebKit: more than mocha's 10 s on a busy machine.
  this.timeout(30_000);

  it("sends a message with an image, a terminal excerpt and a review comment, end to end", async () => {
    const page = await openDemo(host(), THREAD);
    const secondTab = await openDemo(host(), THREAD);
    const { outgoing, stored, pendingArticle } = await composeAndSend(page);

    const image = outgoing.context!.records[0]!;
    const imageId = image.contextId;
    const pendingId = outgoing.attachments[0]!.attachmentId;
    expect(outgoing.attachments).to.deep.equal([{ localId: imageId.slice("image_".length), attachmentId: pendingId }]);
    const text =
      `Why does ![pixel.png](t3-context://v1/image/${imageId}) fail after ` +
      "[build lines 12-14](t3-context://v1/terminal/terminal_build-1) as in " +
      "[app.ts L12 to L15](t3-context://v1/review-comment/review-comment_c42) ";
    expect(outgoing.text).to.equal(text);

    // SQLite: one upload, persisted under a new id; one message whose records bind to that id.
    const uploads = await host().rows("SELECT pending_id, persisted_id, state, name, mime_type, size_bytes FROM attachments");
    expect(uploads).to.have.length(1);
    const persistedId = uploads[0]!.persisted_id as string;
    expect(persistedId).to.be.a("string").and.not.equal(pendingId);
    expect(uploads).to.deep.equal([
      { pending_id: pendingId, persisted_id: persistedId, state: "persisted", name: "pixel.png", mime_type: "image/png", size_bytes: PNG_BYTES.length },
    ]);
    const rows = await host().rows<{ id: string; client_message_id: string; text: string; context_json: string }>(
      "SELECT id, client_message_id, text, context_json FROM messages WHERE thread_id = ?",
      THREAD,
    );
    expect(rows.map(({ context_json: _, ...row }) => row)).to.deep.equal([{ id: stored.id, client_message_id: outgoing.clientMessageId, text }]);
    const records = [
      { version: 1, kind: "image", contextId: imageId, label: "pixel.png", attachmentId: persistedId, name: "pixel.png", mimeType: "image/png", sizeBytes: PNG_BYTES.length },
      {
        version: 1, kind: "terminal", contextId: "terminal_build-1", label: "", terminalId: "build-1", terminalLabel: "build", lineStart: 12, lineEnd: 14,
        text: "error TS2322: Type 'string' is not assignable to type 'number'.\n  at src/app.ts:4:7\n",
      },
      {
        version: 1, kind: "review-comment", contextId: "review-comment_c42", label: "", sectionId: "s1", sectionTitle: "src/app.ts", filePath: "src/app.ts",
        startIndex: 3, endIndex: 5, rangeLabel: "+12 to +15", text: "Why not a Map here?", diff: "-const a = {}\n+const a = new Map()",
      },
    ];
    expect(JSON.parse(rows[0]!.context_json)).to.deep.equal({ version: 1, records });
    expect(stored.context).to.deep.equal({ version: 1, records });

    // The provider projection, exactly as docs/wire-format.md, "Provider projection" writes it.
    const projection =
      `Why does [Image: pixel.png; ref=${imageId}] fail after [Terminal: build lines 12-14; ref=terminal_build-1] ` +
      "as in [Review comment: app.ts L12 to L15; ref=review-comment_c42] \n\n" +
      '<t3_context version="1">\n' +
      `<context kind="image" id="${imageId}">\nname: pixel.png\nmimeType: image/png\nsizeBytes: ${PNG_BYTES.length}\nattachmentId: ${persistedId}\n</context>\n` +
      '<context kind="terminal" id="terminal_build-1">\nterminal: build\n' +
      "12 | error TS2322: Type 'string' is not assignable to type 'number'.\n13 |   at src/app.ts:4:7\n14 | \n</context>\n" +
      '<context kind="review-comment" id="review-comment_c42">\nfile: src/app.ts\nrange: +12 to +15 (3-5)\nsection: src/app.ts\n' +
      "comment:\n  Why not a Map here?\ndiff:\n  -const a = {}\n  +const a = new Map()\n</context>\n" +
      "</t3_context>";
    const provider = await fetch(`${host().apiUrl}/threads/${THREAD}/messages/${stored.id}/provider`);
    expect(provider.headers.get("content-type")).to.match(/^text\/plain/);
    expect(await provider.text()).to.equal(projection);
    const view = await waitFor(() => {
      const pre = inFrame(page.frame, "#provider");
      return pre.dataset.messageId === stored.id && pre;
    }, "the provider view of the stored message");
    expect(view.textContent).to.equal(projection);

    // The transcript: the optimistic article became the stored message, chips resolved.
    const chips = [
      { kind: "image", contextId: imageId, label: "pixel.png", resolved: true },
      { kind: "terminal", contextId: "terminal_build-1", label: "build lines 12-14", resolved: true },
      { kind: "review-comment", contextId: "review-comment_c42", label: "app.ts L12 to L15", resolved: true },
    ];
    await waitFor(() => pendingArticle.dataset.messageId === stored.id && pendingArticle.dataset.pending === undefined, "the stored copy in place");
    expect(articleOf(page.transcript, stored.id) === pendingArticle, "the same article").to.equal(true);
    expect(page.transcript.messages.map((m) => m.id)).to.deep.equal([stored.id]);
    const shown = await waitFor(() => chipsOf(pendingArticle).length === 3 && chipsOf(pendingArticle), "the chips");
    expect(shown).to.deep.equal(chips);
    expect(page.composer.value).to.deep.equal({ text: "" });

    // The second tab heard it live.
    const live = await waitFor(() => articleOf(secondTab.transcript, stored.id), "the message in the second tab");
    expect(await waitFor(() => chipsOf(live).length === 3 && chipsOf(live), "its chips")).to.deep.equal(chips);
    expect(secondTab.transcript.messages.map((m) => m.id)).to.deep.equal([stored.id]);

    // A reload lists the same thread.
    const before = structuredClone(page.transcript.messages);
    const reloaded = await reloadDemo(page);
    expect(reloaded.transcript.messages).to.deep.equal(before);
    const again = await waitFor(() => {
      const article = articleOf(reloaded.transcript, stored.id);
      return article && chipsOf(article).length === 3 && article;
    }, "the chips after the reload");
    expect(chipsOf(again)).to.deep.equal(chips);
  });

  it("says what to do while the thread is empty, and stops once a message is shown", async () => {
    const page = await openDemo(host(), "e2e-empty");
    const note = inFrame(page.frame, "#empty-thread");
    expect(note.hidden).to.equal(false);
    expect(note.textContent!.replace(/\s+/g, " ").trim()).to.match(/^How can I help with your code\? Ask a question and point at what you mean: add context below, type @ for a file or \$ for a skill/);

    page.composer.focus();
    await type("First message");
    const sent = nextEvent(page.composer, "t3-sent");
    await press("Enter");
    await sent;
    await waitFor(() => note.hidden, "the note to hide");
    expect(page.transcript.messages.length).to.equal(1);
  });

  it("lists what it missed while its live socket was down, once it reconnects", async () => {
    const thread = "e2e-reconnect";
    const page = await openDemo(host(), thread);
    // The host goes down; while it comes back, the page's live socket is refused, so a message
    // stored now reaches it only through the listing after its reconnect.
    await host().fault({ fault: "refuse", method: "GET", path: "/live$", times: 1000 });
    await host().stop();
    await waitFor(() => inFrame(page.frame, "#status").dataset.state === "offline", "the page to notice");
    await host().restart();
    const posted = await fetch(`${host().apiUrl}/threads/${thread}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientMessageId: "msg_reconnect000000001", text: "Posted while you were away", attachments: [] }),
    });
    const stored = (await posted.json()) as SentMessage;
    expect(page.transcript.messages).to.deep.equal([]);

    await host().clearFaults();
    await waitFor(() => inFrame(page.frame, "#status").dataset.state === "live", "the page to be live again");
    expect(page.transcript.messages).to.deep.equal([{ ...stored, role: "user" }]);
  });
});

describe("the demo app: edit and resend", function () {
  // Two tabs of the demo on a live host, typed into through the driver: see the suite above.
  this.timeout(30_000);

  it("edits a sent message from its Edit button: the new version replaces it in place, here and in a second tab", async () => {
    const thread = "e2e-edit-demo";
    const page = await openDemo(host(), thread);
    const secondTab = await openDemo(host(), thread);
    page.composer.focus();
    await type("Why does");
    await click(page.frame, sampleButton(page, "Terminal excerpt"));
    const sent = nextEvent<{ result: SentMessage }>(page.composer, "t3-sent");
    await press("Enter");
    const { result: first } = await sent;
    const article = await waitFor(() => articleOf(page.transcript, first.id), "the stored message");
    await waitFor(() => articleOf(secondTab.transcript, first.id), "the message in the second tab");

    // A draft in progress, then Edit: the message is in the composer, the draft waits.
    await type("unsent draft");
    await click(page.frame, await waitFor(() => article.querySelector("[part=edit]"), "the Edit button"));
    await waitFor(() => page.composer.editing?.messageId === first.id, "edit mode");
    expect(page.composer.value).to.deep.equal({ text: first.text, context: first.context });
    await type("fail?");
    const resent = nextEvent<{ result: SentMessage }>(page.composer, "t3-sent");
    await press("Enter");
    const { result: second } = await resent;
    expect(second.editOf).to.equal(first.id);
    expect(second.text).to.equal(`${first.text}fail?`);

    await waitFor(() => article.dataset.messageId === second.id && article.dataset.pending === undefined, "the new version in place");
    expect(page.transcript.messages.map((m) => m.id)).to.deep.equal([second.id]);
    expect(article.querySelector("[part=edited]")?.textContent).to.equal("edited");
    expect(page.composer.value).to.deep.equal({ text: "unsent draft" });
    const other = await waitFor(() => articleOf(secondTab.transcript, second.id), "the new version in the second tab");
    expect(secondTab.transcript.messages.map((m) => m.id)).to.deep.equal([second.id]);
    expect(other.querySelector("[part=edited]")?.textContent).to.equal("edited");
    const rows = await host().rows<{ id: string; edit_of: string | null }>("SELECT id, edit_of FROM messages WHERE thread_id = ? ORDER BY seq", thread);
    expect(rows).to.deep.equal([
      { id: first.id, edit_of: null },
      { id: second.id, edit_of: first.id },
    ]);
    page.composer.clear();
  });
});

describe("the demo app in a second language", () => {
  it("announces in French once the language picker says so, from the demo's French table", async () => {
    const page = await openDemo(host(), "e2e-french");
    const doc = frameDocument(page.frame);
    const picker = doc.querySelector<HTMLSelectElement>("#language")!;
    picker.value = "fr";
    picker.dispatchEvent(new Event("change", { bubbles: true }));
    expect(doc.documentElement.lang).to.equal("fr");
    const shadow = page.composer.shadowRoot!;
    await click(page.frame, sampleButton(page, "Terminal excerpt"));
    await waitFor(() => shadow.querySelector("[role=status]")!.textContent!.includes("inséré"), "a French announcement");
    expect(shadow.querySelector("[role=status]")!.textContent!.trim()).to.equal("build lines 12-14, Terminal inséré.");
    picker.value = "en";
    picker.dispatchEvent(new Event("change", { bubbles: true }));
    page.composer.clear();
  });
});
