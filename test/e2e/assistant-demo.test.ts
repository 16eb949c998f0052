// The demo with the reference host's simulated assistant on (demo/host/assistant.ts): a message
// with chips is answered by an assistant message that streams into the transcript (appended
// once, then updated in place) and names those chips; while it streams the composer is busy, so
// Enter queues a follow-up, which goes out when the reply ends. The host keeps each finished
// reply (demo/host/reply-store.ts), so a reload shows the thread with its replies.
import { expect } from "@esm-bundle/chai";
import type { SentMessage, TranscriptMessage, TranscriptMessagePatch } from "../../src/index.js";
import { replyText, REPLY_ID_PREFIX } from "../../demo/host/assistant.js";
import { DEMO_KINDS } from "../../demo/host/kinds.js";
import { articleOf, openDemo, reloadDemo, sampleButton, type DemoPage, useDemoHost } from "./support/demo-page.js";
import { click, nextEvent, press, type, waitFor } from "./support/frames.js";

const THREAD = "assistant-demo";
/** Slow enough that a follow-up can be typed while the reply streams. */
const WORD_MS = 100;

const host = useDemoHost(1, { assistant: { wordMs: WORD_MS } });

/** Every `updateMessage` the page makes on its transcript, in order (the real method still runs). */
function recordUpdates(page: DemoPage): { id: string; patch: TranscriptMessagePatch }[] {
  const updates: { id: string; patch: TranscriptMessagePatch }[] = [];
  const update = page.transcript.updateMessage.bind(page.transcript);
  page.transcript.updateMessage = (id, patch) => {
    updates.push({ id, patch });
    update(id, patch);
  };
  return updates;
}

const shownReply = (page: DemoPage, id: string): TranscriptMessage | undefined => page.transcript.messages.find((m) => m.id === id);

describe("the demo's simulated assistant", () => {
  it("streams a reply naming the message's chips, and the queued follow-up goes when it ends", async function () {
    // Two replies of about 35 words stream in full, a word every WORD_MS, on a busy machine.
    this.timeout(30_000);
    const page = await openDemo(host(), THREAD);
    const updates = recordUpdates(page);
    page.composer.focus();
    await type("Why does");
    await click(page.frame, sampleButton(page, "Terminal excerpt"));
    await type("break");
    await click(page.frame, sampleButton(page, "File mention"));
    const sent = nextEvent<{ result: SentMessage }>(page.composer, "t3-sent");
    await press("Enter");
    const { result: stored } = await sent;
    const replyId = `${REPLY_ID_PREFIX}${stored.id}`;

    // The reply streams: the composer is busy, and Enter queues the follow-up.
    await waitFor(() => shownReply(page, replyId)?.pending, "the reply to start");
    expect(page.composer.busy).to.equal(true);
    page.composer.focus();
    await type("and then?");
    await press("Enter");
    await waitFor(() => page.composer.queue.length === 1, "the follow-up to be queued");
    expect(shownReply(page, replyId)!.pending, "queued while the reply still streams").to.equal(true);
    expect(await host().rows("SELECT text FROM messages WHERE thread_id = ? ORDER BY seq", THREAD)).to.deep.equal([{ text: stored.text }]);

    // The reply ends: it names the chips, it was drawn in several steps, and the follow-up goes.
    await waitFor(() => shownReply(page, replyId)?.pending === false, "the reply to end");
    const expected = replyText({ text: stored.text, context: stored.context, attachments: [] }, DEMO_KINDS);
    expect(expected).to.match(/^I got a terminal excerpt \(`build lines 12-14`\) and a file mention \(`src\/app\.ts`\)\. /);
    expect(shownReply(page, replyId)).to.deep.include({ role: "assistant", text: expected, pending: false });
    const texts = updates.filter((u) => u.id === replyId).map((u) => u.patch.text!);
    expect(texts.length, "updated more than once while it streamed").to.be.greaterThan(1);
    texts.slice(1).forEach((text, i) => expect(text.startsWith(texts[i]!) && text.length > texts[i]!.length, `${texts[i]} grows into ${text}`).to.equal(true));
    expect(articleOf(page.transcript, replyId)!.textContent).to.contain("build lines 12-14").and.contain("src/app.ts");

    await waitFor(() => page.composer.queue.length === 0, "the queue to empty");
    const follow = await waitFor(() => page.transcript.messages.find((m) => m.text === "and then?" && !m.pending), "the stored follow-up");
    expect(await host().rows("SELECT text FROM messages WHERE thread_id = ? ORDER BY seq", THREAD)).to.deep.equal([{ text: stored.text }, { text: "and then?" }]);
    // The follow-up gets its own reply, after the first one in the thread.
    await waitFor(() => shownReply(page, `${REPLY_ID_PREFIX}${follow.id}`), "the follow-up's reply");
    expect(page.transcript.messages.map((m) => m.id)).to.deep.equal([stored.id, replyId, follow.id, `${REPLY_ID_PREFIX}${follow.id}`]);
  });

  it("keeps each finished reply: after a reload the thread shows it after the message it answers", async function () {
    this.timeout(30_000);
    let page = await openDemo(host(), `${THREAD}-reload`);
    page.composer.focus();
    await type("Hello there");
    const sent = nextEvent<{ result: SentMessage }>(page.composer, "t3-sent");
    await press("Enter");
    const { result: stored } = await sent;
    const replyId = `${REPLY_ID_PREFIX}${stored.id}`;
    await waitFor(() => shownReply(page, replyId)?.pending === false, "the reply to end");
    const expected = replyText({ text: stored.text, context: stored.context, attachments: [] }, DEMO_KINDS);

    page = await reloadDemo(page);
    await waitFor(() => shownReply(page, replyId), "the kept reply after the reload");
    expect(page.transcript.messages.map((m) => [m.id, m.role, m.text])).to.deep.equal([
      [stored.id, "user", "Hello there"],
      [replyId, "assistant", expected],
    ]);
    expect(shownReply(page, replyId)!.pending).to.not.equal(true);
    const article = await waitFor(() => articleOf(page.transcript, replyId), "the kept reply drawn");
    expect(article.textContent).to.contain("I got your message, with no context attached.");
  });
});
