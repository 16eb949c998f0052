// The demo host's simulated assistant (demo/host/assistant.ts): what it says about a message, and
// how its reply streams over the live socket as `reply` frames.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, it } from "node:test";
import WebSocket from "ws";
import { measureComposerContext, type ComposerContextRecord } from "../../../src/codec/index.js";
import { replyText, REPLY_ID_PREFIX } from "../../../demo/host/assistant.js";
import { DEMO_KINDS } from "../../../demo/host/kinds.js";
import { jiraIssue } from "../../../demo/app/jira-kind.js";
import { REVIEW_RECORD, TERMINAL_RECORD, imageRecord, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";
import { waitFor } from "../support/wait.js";

const TERMINAL_LINK = "[build lines 3-4](t3-context://v1/terminal/terminal_t1)";
const REVIEW_LINK = "[main.ts L4](t3-context://v1/review-comment/review-comment_r1)";
const CLOSING = "(I am the demo's simulated assistant: I only say what I was given.)";

const mention = (path: string): ComposerContextRecord => ({ version: 1, kind: "mention", contextId: `mention_${path.replace(/\W/g, "-")}`, label: path, path });
const mentionLink = (path: string) => `[${path}](t3-context://v1/mention/mention_${path.replace(/\W/g, "-")})`;
/** The token estimate the reply quotes, as the projection's measure gives it. */
const tokens = (text: string, records: ComposerContextRecord[], kinds = DEMO_KINDS) => measureComposerContext({ text, records }, { kinds }).tokens;

describe("replyText", () => {
  it("names each kind of context with its labels, in first-reference order", () => {
    const records = [TERMINAL_RECORD, REVIEW_RECORD, mention("src/app.ts"), mention("README.md")];
    const text = `Why ${TERMINAL_LINK} and ${mentionLink("src/app.ts")}, ${mentionLink("README.md")}? See ${REVIEW_LINK}.`;
    assert.equal(
      replyText({ text, context: { version: 1, records }, attachments: [] }, DEMO_KINDS),
      "I got a terminal excerpt (`build lines 3-4`), 2 file mentions (`src/app.ts`, `README.md`) and a review comment (`main.ts L4`). " +
        `A model would read about ${tokens(text, records)} tokens for this message. ${CLOSING}`,
    );
  });

  it("says when there is no context", () => {
    assert.equal(replyText({ text: "just words", context: undefined, attachments: [] }), `I got your message, with no context attached. A model would read about 3 tokens for this message. ${CLOSING}`);
  });

  it("counts references with no record as unavailable, as the projection does", () => {
    const text = `Look at ${TERMINAL_LINK} and ${REVIEW_LINK}`;
    assert.equal(
      replyText({ text, context: undefined, attachments: [] }),
      `I got your message, with no context attached. 2 references had no record, so a model would see them as unavailable. A model would read about ${tokens(text, [])} tokens for this message. ${CLOSING}`,
    );
  });

  it("names at most three labels of a kind, the custom kinds by their label, and attachments", () => {
    const paths = ["a.ts", "b.ts", "c.ts", "d.ts"];
    const records = [...paths.map(mention), jiraIssue("PROJ-7", "Login fails", "Open")];
    const text = `${paths.map(mentionLink).join(" ")} [PROJ-7](t3-context://v1/jira-issue/jira-issue_proj-7)`;
    const attachments = [{ id: "attachment_1", name: "notes.txt", mimeType: "text/plain" }];
    assert.equal(
      replyText({ text, context: { version: 1, records }, attachments }, DEMO_KINDS),
      "I got 4 file mentions (`a.ts`, `b.ts`, `c.ts`, 1 more), a Jira issue (`PROJ-7`) and an attachment (`notes.txt`). " +
        `A model would read about ${tokens(text, records)} tokens for this message. ${CLOSING}`,
    );
  });

  it("names an upload once: the attachment an image chip is bound to is that chip", () => {
    const text = "![shot.png](t3-context://v1/image/image_att_1)";
    const attachments = [{ id: "attachment_9", name: "shot.png", mimeType: "image/png" }];
    const reply = replyText({ text, context: { version: 1, records: [imageRecord("attachment_9")] }, attachments });
    assert.match(reply, /^I got an image \(`shot\.png`\)\. A model/);
  });

  it("keeps a label's backticks from closing its code span", () => {
    const records = [mention("a`b.ts")];
    const text = mentionLink("a`b.ts");
    assert.match(replyText({ text, context: { version: 1, records }, attachments: [] }), /^I got a file mention \(`a'b\.ts`\)\./);
  });
});

describe("the simulated assistant on the reference host", () => {
  let host: TestHost;
  let quiet: TestHost;
  const sockets: WebSocket[] = [];
  before(async () => {
    host = await startTestHost(undefined, undefined, { assistant: { wordMs: 0 } });
    quiet = await startTestHost();
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.terminate()));
  after(async () => {
    await host.stop();
    await quiet.stop();
  });

  async function listen(on: TestHost, threadId: string) {
    const socket = new WebSocket(`${on.apiUrl.replace("http", "ws")}/threads/${threadId}/live`);
    sockets.push(socket);
    const frames: { type: string; message?: { id: string }; reply?: { id: string; inReplyTo: string; text: string; done: boolean } }[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return frames;
  }

  const post = (on: TestHost, threadId: string, body: object) =>
    fetch(`${on.apiUrl}/threads/${threadId}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(
      (response) => response.json() as Promise<{ id: string }>,
    );

  it("streams one reply per message, word by word, each frame the whole text so far", async () => {
    const frames = await listen(host, "assistant-1");
    const text = `Why ${TERMINAL_LINK}?`;
    const stored = await post(host, "assistant-1", { ...textMessage(text), context: { version: 1, records: [TERMINAL_RECORD] } });
    await waitFor(() => frames.some((f) => f.reply?.done), "the reply's last frame");
    const replies = frames.filter((f) => f.type === "reply").map((f) => f.reply!);
    const expected = replyText({ text, context: { version: 1, records: [TERMINAL_RECORD] }, attachments: [] }, DEMO_KINDS);
    assert.equal(replies.length, expected.split(" ").length, "one frame per word");
    assert.deepEqual(replies.at(-1), { id: `${REPLY_ID_PREFIX}${stored.id}`, inReplyTo: stored.id, text: expected, done: true });
    for (const [index, reply] of replies.entries()) {
      assert.equal(reply.done, index === replies.length - 1);
      assert.equal(reply.text, expected.split(" ").slice(0, index + 1).join(" "));
    }
    assert.equal(frames[0]!.type, "message", "the stored message is pushed before its reply");
  });

  it("answers the messages of a thread one after another", async () => {
    const frames = await listen(host, "assistant-2");
    const first = await post(host, "assistant-2", textMessage("one"));
    const second = await post(host, "assistant-2", textMessage("two"));
    await waitFor(() => frames.filter((f) => f.reply?.done).length === 2, "both replies");
    const order = frames.filter((f) => f.type === "reply").map((f) => f.reply!.inReplyTo);
    const firstEnds = order.lastIndexOf(first.id);
    assert.ok(firstEnds < order.indexOf(second.id), `the second reply starts after the first ends: ${order.join(" ")}`);
  });

  it("does not answer a repeated post, and is off unless asked for", async () => {
    const frames = await listen(host, "assistant-3");
    const message = textMessage("once");
    await post(host, "assistant-3", message);
    await post(host, "assistant-3", message);
    const marker = await post(host, "assistant-3", textMessage("marker"));
    await waitFor(() => frames.filter((f) => f.reply?.done).length === 2, "two replies");
    await waitFor(() => frames.some((f) => f.reply?.inReplyTo === marker.id && f.reply.done), "the marker's reply");
    assert.equal(new Set(frames.filter((f) => f.type === "reply").map((f) => f.reply!.inReplyTo)).size, 2);

    const silent = await listen(quiet, "assistant-3");
    const stored = await post(quiet, "assistant-3", textMessage("nobody answers"));
    await waitFor(() => silent.some((f) => f.message?.id === stored.id), "the push");
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(silent.map((f) => f.type), ["message"]);
  });
});
