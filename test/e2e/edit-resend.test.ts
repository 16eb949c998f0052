// Edit and resend end to end, on a real reference host, with real keys in Chromium: a person sends
// a message with an image, a file, a terminal excerpt and a mention; presses Edit on it in the
// transcript, changes one word and presses Enter. The host stores one new version whose records
// equal the old ones, with the same attachment ids and no upload request; the transcript shows the
// new version in the old one's place, marked edited.
import { expect } from "@esm-bundle/chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import "../../src/elements/define.js";
import type { T3ComposerElement } from "../../src/elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../../src/elements/transcript/t3-transcript.js";
import { createFetchTransport, type SentMessage } from "../../src/transport/index.js";
import { chipsOf, next, pngFile, terminal, type } from "../elements/composer/helpers.js";
import { startHost, type TestHost } from "../support/host.js";

const THREAD = "e2e-edit";

/** A row of `messages` with the versions columns. */
interface MessageRow {
  id: string;
  text: string;
  context_json: string;
  edit_of: string | null;
  replaced_by: string | null;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let frame = 0; frame < 600; frame++) {
    if (check()) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The frames `click` waits at most for its target to hold still. */
const STILL_FRAMES = 60;

/**
 * Clicks the middle of `node` with the real mouse, once it has held still for a frame: the
 * transcript may still be laying out what it drew last (a message's measured height replacing its
 * estimate), and a click aimed before that would land where the node was. This failed once in a
 * full CI run on a loaded machine (the click on Edit edited nothing); what moved it there is not
 * yet known.
 */
async function click(node: Element): Promise<void> {
  let box = node.getBoundingClientRect();
  for (let frame = 0; frame < STILL_FRAMES; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = node.getBoundingClientRect();
    if (now.top === box.top && now.left === box.left) break;
    box = now;
  }
  await sendMouse({ type: "click", position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

describe("edit and resend against the reference host", function () {
  this.timeout(30_000);
  let host: TestHost;
  let composer: T3ComposerElement;
  let transcript: T3TranscriptElement;
  /** Upload requests the page made (uploads go through this fetch: `XMLHttpRequest: null`). */
  let uploadRequests = 0;

  before(async () => {
    host = await startHost();
  });
  after(() => host.dispose());
  afterEach(() => {
    composer?.remove();
    transcript?.remove();
  });

  beforeEach(async () => {
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (init?.method === "POST" && String(input).endsWith("/attachments")) uploadRequests++;
      return globalThis.fetch(input, init);
    };
    const transport = createFetchTransport({ baseUrl: host.apiUrl, threadId: THREAD, fetch, XMLHttpRequest: null });
    transcript = document.createElement("t3-transcript");
    transcript.editable = true;
    transcript.transport = transport;
    composer = document.createElement("t3-composer") as T3ComposerElement;
    composer.transport = transport;
    transcript.composer = composer;
    composer.addEventListener("t3-trigger", (event) => {
      if (event.detail.trigger === "@") event.detail.provide(Promise.resolve([{ kind: "mention", value: "src/app.ts" }]));
    });
    // The host's stored copies go into the transcript: a new version replaces its old one in place.
    composer.addEventListener("t3-sent", (event) => transcript.appendMessage({ ...event.detail.result, role: "user" }));
    document.body.append(transcript, composer);
    await composer.updateComplete;
  });

  /** Types and attaches a message with an image, a file, a terminal excerpt and a mention, and sends it with Enter. */
  async function sendFirst(): Promise<SentMessage> {
    composer.focus();
    await type("Why does ");
    composer.attachFiles([pngFile("shot.png")]);
    await type("fail after ");
    composer.insertContext(terminal);
    await type("in @src");
    const listbox = composer.shadowRoot!.querySelector("[role=listbox]")!;
    await until(() => listbox.querySelectorAll("[role=option]").length === 1, "the mention suggestion");
    await sendKeys({ press: "Enter" });
    await type("with ");
    composer.attachFiles([new File(["line one\n"], "notes.txt", { type: "text/plain" })]);
    await type("today");
    await until(() => composer.attachments.length === 2 && composer.attachments.every((a) => a.status === "ready"), "both uploads");
    const sent = next(composer, "t3-sent");
    await sendKeys({ press: "Enter" });
    return (await sent).detail.result;
  }

  it("stores one new version: the records equal the old ones, the attachment ids unchanged, no upload", async () => {
    const first = await sendFirst();
    expect(uploadRequests).to.equal(2);
    expect(first.context!.records.map((r) => r.kind)).to.deep.equal(["image", "terminal", "mention", "file"]);
    await transcript.updateComplete;
    const article = transcript.shadowRoot!.querySelector<HTMLElement>(`article[data-message-id="${first.id}"]`)!;

    // Edit, by mouse, in the transcript: the message is back in the composer, every chip with it.
    await click(article.querySelector("[part=edit]")!);
    await composer.updateComplete;
    expect(composer.editing?.messageId).to.equal(first.id);
    expect(chipsOf(composer).map((chip) => chip.dataset.kind)).to.deep.equal(["image", "terminal", "mention", "file"]);
    expect(composer.shadowRoot!.querySelector("[part=editing]")).not.to.equal(null);
    // The image's thumbnail loads from the host.
    const thumbnail = composer.shadowRoot!.querySelector<HTMLImageElement>("[part~=thumbnail] img")!;
    expect(thumbnail.getAttribute("src")).to.equal(first.attachments!.find((a) => a.mimeType === "image/png")!.url);

    // Change one word with real keys: the last, "today".
    for (let i = 0; i < "today".length; i++) {
      await sendKeys({ down: "Shift" });
      await sendKeys({ press: "ArrowLeft" });
      await sendKeys({ up: "Shift" });
    }
    await type("again");
    const resent = next(composer, "t3-sent");
    await sendKeys({ press: "Enter" });
    const second = (await resent).detail.result;

    expect(uploadRequests, "no upload request for the edit").to.equal(2);
    expect(second.editOf).to.equal(first.id);
    expect(second.text).to.equal(first.text.replace(/today$/, "again"));
    expect(second.context).to.deep.equal(first.context);
    expect(second.attachments).to.deep.equal(first.attachments);

    const rows = await host.rows<MessageRow>("SELECT id, text, context_json, edit_of, replaced_by FROM messages WHERE thread_id = ? ORDER BY seq", THREAD);
    expect(rows.map((row) => [row.id, row.edit_of, row.replaced_by])).to.deep.equal([
      [first.id, null, second.id],
      [second.id, first.id, null],
    ]);
    expect(JSON.parse(rows[1]!.context_json)).to.deep.equal(JSON.parse(rows[0]!.context_json));
    const links = await host.rows<{ message_id: string; attachment_id: string }>(
      "SELECT message_id, attachment_id FROM message_attachments ORDER BY message_id = ?, position",
      second.id,
    );
    const of = (id: string) => links.filter((link) => link.message_id === id).map((link) => link.attachment_id);
    expect(of(second.id)).to.deep.equal(of(first.id));
    expect(of(first.id)).to.have.length(2);
    expect(await host.rows("SELECT pending_id FROM attachments")).to.have.length(2);

    // The transcript shows the new version in the old one's place, marked edited; the composer is empty again.
    await transcript.updateComplete;
    expect(transcript.messages.map((m) => m.id)).to.deep.equal([second.id]);
    expect(transcript.shadowRoot!.querySelector(`article[data-message-id="${second.id}"]`)).to.equal(article);
    expect(article.querySelector("[part=edited]")!.textContent).to.equal("edited");
    expect(composer.editing).to.equal(null);
    expect(composer.value).to.deep.equal({ text: "" });

    // The thread lists the newest version only.
    const listed = (await (await fetch(`${host.apiUrl}/threads/${THREAD}/messages`)).json()) as SentMessage[];
    expect(listed).to.deep.equal([second]);
  });
});
