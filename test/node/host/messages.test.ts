import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { OutgoingMessage, SentMessage } from "../../../src/transport/index.js";
import { PNG_BYTES, REVIEW_RECORD, TERMINAL_RECORD, contextMessage, imageRecord, newClientMessageId, textMessage } from "../support/fixtures.js";
import { startTestHost, type TestHost } from "../support/host.js";

const BODY_LIMIT = 4096;
let host: TestHost;
let thread = 0;
before(async () => {
  host = await startTestHost({ messageBodyBytes: BODY_LIMIT });
});
after(() => host.stop());

const newThread = () => `thread-${++thread}`;

function post(threadId: string, body: unknown, contentType = "application/json") {
  return fetch(`${host.apiUrl}/threads/${threadId}/messages`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function uploadPng(threadId: string): Promise<string> {
  const response = await fetch(`${host.apiUrl}/attachments`, { method: "POST", body: PNG_BYTES, headers: { "x-file-name": "shot.png", "x-t3-thread-id": threadId } });
  return ((await response.json()) as { attachmentId: string }).attachmentId;
}

/** Everything the database holds about a thread: what "nothing stored" is checked against. */
function snapshot(threadId: string) {
  return {
    threads: host.rows("SELECT id FROM threads WHERE id = ?", threadId),
    messages: host.rows("SELECT id FROM messages WHERE thread_id = ?", threadId),
  };
}

describe("POST /api/threads/{threadId}/messages", () => {
  it("creates the thread on first post and answers 201 with the stored message", async () => {
    const threadId = newThread();
    const message = textMessage("first");
    const response = await post(threadId, message);
    assert.equal(response.status, 201);
    const sent = (await response.json()) as SentMessage;
    assert.match(sent.id, /^message_[a-z0-9]{16}$/);
    assert.deepEqual(sent, { id: sent.id, clientMessageId: message.clientMessageId, text: "first", createdAt: sent.createdAt });
    assert.deepEqual(host.rows("SELECT id FROM threads WHERE id = ?", threadId), [{ id: threadId }]);
    assert.deepEqual(host.rows("SELECT id, client_message_id, role, text, context_json, created_at FROM messages WHERE thread_id = ?", threadId), [
      { id: sent.id, client_message_id: message.clientMessageId, role: "user", text: "first", context_json: null, created_at: sent.createdAt },
    ]);
  });

  it("persists the uploads the message references and rewrites their ids in context_json", async () => {
    const threadId = newThread();
    const pendingId = await uploadPng(threadId);
    const message = contextMessage(pendingId);
    const response = await post(threadId, message);
    assert.equal(response.status, 201);
    const [attachment] = host.rows<{ persisted_id: string; state: string }>("SELECT persisted_id, state FROM attachments WHERE pending_id = ?", pendingId);
    assert.equal(attachment!.state, "persisted");
    assert.match(attachment!.persisted_id, /^attachment_[a-z0-9]{16}$/);
    const [row] = host.rows<{ id: string; text: string; context_json: string }>("SELECT id, text, context_json FROM messages WHERE thread_id = ?", threadId);
    assert.equal(row!.text, message.text);
    assert.deepEqual(JSON.parse(row!.context_json), { version: 1, records: [imageRecord(attachment!.persisted_id), TERMINAL_RECORD, REVIEW_RECORD] });
    assert.deepEqual(host.rows("SELECT attachment_id, position FROM message_attachments WHERE message_id = ?", row!.id), [
      { attachment_id: pendingId, position: 0 },
    ]);
    const sent = (await response.json()) as SentMessage;
    assert.deepEqual(sent.context, JSON.parse(row!.context_json));
    assert.deepEqual(sent.attachments, [
      { id: attachment!.persisted_id, name: "shot.png", mimeType: "image/png", sizeBytes: PNG_BYTES.length, url: `${host.apiUrl}/attachments/${attachment!.persisted_id}` },
    ]);
  });

  it("keeps an already persisted id and links the attachment to the new message too", async () => {
    const threadId = newThread();
    const pendingId = await uploadPng(threadId);
    await post(threadId, contextMessage(pendingId));
    const [{ persisted_id: persistedId }] = host.rows<{ persisted_id: string }>("SELECT persisted_id FROM attachments WHERE pending_id = ?", pendingId) as [
      { persisted_id: string },
    ];
    const again = (await (await post(threadId, contextMessage(persistedId))).json()) as SentMessage;
    assert.equal((again.context!.records[0] as { attachmentId: string }).attachmentId, persistedId);
    assert.deepEqual(again.attachments?.map((a) => a.id), [persistedId]);
  });

  it("answers 200 with the stored copy when the clientMessageId was stored before, storing it once", async () => {
    const threadId = newThread();
    const message = textMessage("once");
    const first = await post(threadId, message);
    const second = await post(threadId, { ...message, text: "a retry that changed" });
    assert.deepEqual([first.status, second.status], [201, 200]);
    assert.deepEqual(await second.json(), await first.json());
    assert.equal(host.rows("SELECT id FROM messages WHERE thread_id = ?", threadId).length, 1);
  });

  it("answers 400 for a body that is not JSON, storing nothing", async () => {
    const threadId = newThread();
    const response = await post(threadId, "{ not json");
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: { code: string } };
    assert.equal(body.error.code, "invalid-json");
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
  });

  it("answers 400 with the issue paths of a malformed message, storing nothing", async () => {
    const threadId = newThread();
    const response = await post(threadId, { clientMessageId: "", text: 7, attachments: [{ localId: "a" }] });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), {
      error: {
        code: "invalid-message",
        message: "The message is not valid",
        issues: [
          { path: "clientMessageId", message: "Expected 1 to 128 characters of [A-Za-z0-9_-]" },
          { path: "text", message: "Invalid type: Expected string but received 7" },
          { path: "attachments.0.attachmentId", message: 'Invalid key: Expected "attachmentId" but received undefined' },
        ],
      },
    });
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
  });

  it("answers 400 for a context that does not decode, storing nothing", async () => {
    const threadId = newThread();
    const response = await post(threadId, { ...textMessage(), context: "records" });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    assert.equal(body.error.code, "invalid-message");
    assert.deepEqual(body.error.issues.map((i) => i.path), ["context"]);
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
  });

  it("answers 400 with the decoder's issue path for two records with one contextId", async () => {
    const threadId = newThread();
    const response = await post(threadId, { ...textMessage(), context: { version: 1, records: [TERMINAL_RECORD, TERMINAL_RECORD] } });
    assert.equal(response.status, 400);
    assert.deepEqual(((await response.json()) as { error: { issues: unknown } }).error.issues, [
      { path: "context.records.1.contextId", message: 'Duplicate contextId "terminal_t1" (first used by records.0)' },
    ]);
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
  });

  it("stores the records that decode and drops the others, as every v1 reader does", async () => {
    const threadId = newThread();
    const response = await post(threadId, {
      ...textMessage("[build lines 3-4](t3-context://v1/terminal/terminal_t1)"),
      context: { version: 1, records: [{ version: 1, kind: "image", contextId: "broken", label: "x" }, { ...TERMINAL_RECORD, extra: "dropped" }] },
    });
    assert.equal(response.status, 201);
    assert.deepEqual(
      host.rows<{ context_json: string }>("SELECT context_json FROM messages WHERE thread_id = ?", threadId).map((r) => JSON.parse(r.context_json)),
      [{ version: 1, records: [TERMINAL_RECORD] }],
    );
  });

  it("answers 400 for attachment ids that name no upload, and rolls back the uploads it had persisted", async () => {
    const threadId = newThread();
    const pendingId = await uploadPng(threadId);
    const message: OutgoingMessage = {
      ...contextMessage("upload_unknown"),
      attachments: [{ localId: "att_0", attachmentId: pendingId }, { localId: "att_1", attachmentId: "upload_unknown" }],
    };
    const response = await post(threadId, message);
    assert.equal(response.status, 400);
    assert.deepEqual(((await response.json()) as { error: { issues: unknown } }).error.issues, [
      { path: "attachments.1.attachmentId", message: "No uploaded attachment upload_unknown" },
      { path: "context.records.0.attachmentId", message: "No uploaded attachment upload_unknown" },
    ]);
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
    assert.deepEqual(host.rows("SELECT state, persisted_id FROM attachments WHERE pending_id = ?", pendingId), [{ state: "pending", persisted_id: null }]);
  });

  it("answers 400 for a message with nothing in it", async () => {
    const threadId = newThread();
    const response = await post(threadId, textMessage("  "));
    assert.equal(response.status, 400);
    assert.deepEqual(((await response.json()) as { error: { issues: unknown } }).error.issues, [
      { path: "text", message: "A message needs text, context or attachments" },
    ]);
  });

  it("answers 400 for a thread id outside the grammar", async () => {
    const response = await post("bad%20thread", textMessage());
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, "invalid-thread-id");
  });

  it("answers 415 for a body that is not declared JSON", async () => {
    const threadId = newThread();
    const response = await post(threadId, textMessage(), "text/plain");
    assert.equal(response.status, 415);
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
  });

  it("answers 413 for a body over the limit, storing nothing", async () => {
    const threadId = newThread();
    const response = await post(threadId, textMessage("x".repeat(BODY_LIMIT)));
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { error: { code: "too-large", message: `The body is larger than ${BODY_LIMIT} bytes` } });
    assert.deepEqual(snapshot(threadId), { threads: [], messages: [] });
  });
});

describe("GET /api/threads/{threadId}/messages", () => {
  it("lists the thread's messages oldest first, as they were answered", async () => {
    const threadId = newThread();
    const answers = [];
    for (const text of ["one", "two", "three"]) answers.push(await (await post(threadId, textMessage(text, newClientMessageId()))).json());
    const response = await fetch(`${host.apiUrl}/threads/${threadId}/messages`);
    assert.deepEqual(await response.json(), answers);
  });

  it("lists nothing for a thread that does not exist", async () => {
    assert.deepEqual(await (await fetch(`${host.apiUrl}/threads/${newThread()}/messages`)).json(), []);
  });
});

describe("GET /api/threads/{threadId}/messages/{id}/provider", () => {
  it("answers the projection as text/plain", async () => {
    const threadId = newThread();
    const sent = (await (await post(threadId, textMessage("no references here"))).json()) as SentMessage;
    const response = await fetch(`${host.apiUrl}/threads/${threadId}/messages/${sent.id}/provider`);
    assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.equal(await response.text(), "no references here");
  });

  it("answers 404 for a message of another thread", async () => {
    const threadId = newThread();
    const sent = (await (await post(threadId, textMessage())).json()) as SentMessage;
    const response = await fetch(`${host.apiUrl}/threads/${newThread()}/messages/${sent.id}/provider`);
    assert.equal(response.status, 404);
  });
});

describe("routing", () => {
  it("answers 404 JSON for an unknown API path", async () => {
    const response = await fetch(`${host.apiUrl}/nothing`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: { code: "not-found", message: "No route /api/nothing" } });
  });
});

describe("GET /api/threads/{threadId}/messages/{id}/provider (projection)", () => {
  it("answers exactly the text a model is given: markers in place, one envelope with the persisted attachment id", async () => {
    const threadId = newThread();
    const pendingId = await uploadPng(threadId);
    const sent = (await (await post(threadId, contextMessage(pendingId))).json()) as SentMessage;
    const persistedId = sent.attachments![0]!.id;
    const response = await fetch(`${host.apiUrl}/threads/${threadId}/messages/${sent.id}/provider`);
    assert.equal(response.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.equal(
      await response.text(),
      [
        "Why does [Image: shot.png; ref=image_att_1] fail after [Terminal: build lines 3-4; ref=terminal_t1]? " +
          "See [Review comment: main.ts L4; ref=review-comment_r1].",
        "",
        '<t3_context version="1">',
        '<context kind="image" id="image_att_1">',
        "name: shot.png",
        "mimeType: image/png",
        `sizeBytes: ${PNG_BYTES.length}`,
        `attachmentId: ${persistedId}`,
        "</context>",
        '<context kind="terminal" id="terminal_t1">',
        "terminal: build",
        "3 | error: boom",
        "4 | at main.ts:4",
        "</context>",
        '<context kind="review-comment" id="review-comment_r1">',
        "file: src/main.ts",
        "range: L4 (4-4)",
        "section: main.ts",
        "comment:",
        "  Why is this here?",
        "diff:",
        "  +console.log(1)",
        "</context>",
        "</t3_context>",
      ].join("\n"),
    );
  });
});
