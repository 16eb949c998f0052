import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ComposerError, createMemoryTransport } from "../../../src/transport/index.js";
import { PNG_BYTES, abortReason, contextMessage, textMessage } from "../support/fixtures.js";

const signal = () => new AbortController().signal;

describe("createMemoryTransport", () => {
  it("stores a sent message in `sent` and resolves with a SentMessage built from it", async () => {
    const transport = createMemoryTransport();
    const message = contextMessage("att_1");
    const result = await transport.send(message, { signal: signal() });
    assert.deepEqual(transport.sent, [message]);
    assert.deepEqual(result, {
      id: "mem_1",
      clientMessageId: message.clientMessageId,
      text: message.text,
      context: message.context,
      attachments: [{ id: "att_1", name: "shot.png", mimeType: "image/png", sizeBytes: PNG_BYTES.length }],
      createdAt: result.createdAt,
    });
    assert.match(result.createdAt!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("leaves context and attachments out of a text-only message", async () => {
    const transport = createMemoryTransport();
    const message = textMessage("plain");
    const result = await transport.send(message, { signal: signal() });
    assert.deepEqual(Object.keys(result).sort(), ["clientMessageId", "createdAt", "id", "text"]);
  });

  it("stores a repeated clientMessageId once and resolves with the first copy", async () => {
    const transport = createMemoryTransport();
    const message = textMessage("once");
    const first = await transport.send(message, { signal: signal() });
    const second = await transport.send({ ...message, text: "changed" }, { signal: signal() });
    assert.deepEqual(second, first);
    assert.equal(transport.sent.length, 1);
  });

  it("keeps its own copy of the message", async () => {
    const transport = createMemoryTransport();
    const message = textMessage("before");
    await transport.send(message, { signal: signal() });
    message.text = "after";
    assert.equal(transport.sent[0]!.text, "before");
  });

  it("numbers messages in the order they were sent", async () => {
    const transport = createMemoryTransport();
    const ids = [];
    for (const text of ["a", "b", "c"]) ids.push((await transport.send(textMessage(text), { signal: signal() })).id);
    assert.deepEqual(ids, ["mem_1", "mem_2", "mem_3"]);
  });

  it("rejects with the abort reason when the signal is already aborted, storing nothing", async () => {
    const transport = createMemoryTransport();
    const reason = abortReason();
    await assert.rejects(transport.send(textMessage(), { signal: AbortSignal.abort(reason) }), (e) => e === reason);
    assert.deepEqual(transport.sent, []);
  });

  it("uploads by returning the local id and reporting the whole file", async () => {
    const transport = createMemoryTransport();
    const progress: [number, number][] = [];
    const result = await transport.upload!(new Blob([PNG_BYTES]), {
      localId: "att_abc",
      name: "a.png",
      signal: signal(),
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    assert.deepEqual(result, { attachmentId: "att_abc" });
    assert.deepEqual(progress, [[PNG_BYTES.length, PNG_BYTES.length]]);
  });

  it("fetches back the bytes uploaded under an id", async () => {
    const transport = createMemoryTransport();
    const blob = new Blob([PNG_BYTES], { type: "image/png" });
    await transport.upload!(blob, { localId: "att_abc", name: "a.png", signal: signal() });
    assert.equal(await transport.fetchAttachment!({ environmentId: "any", attachmentId: "att_abc" }, { signal: signal() }), blob);
  });

  it("rejects an unknown attachment with attachment-unreachable", async () => {
    const transport = createMemoryTransport();
    const error = await transport.fetchAttachment!({ environmentId: "e", attachmentId: "nope" }, { signal: signal() }).catch((e: unknown) => e);
    assert.ok(error instanceof ComposerError);
    assert.equal(error.code, "attachment-unreachable");
    assert.equal(error.message, "No attachment nope in this memory transport");
  });

  it("advertises inline message context and edits unless told otherwise", () => {
    assert.deepEqual(createMemoryTransport().capabilities, { inlineMessageContext: true, edit: true });
    assert.deepEqual(createMemoryTransport({ inlineMessageContext: false, edit: false }).capabilities, { inlineMessageContext: false, edit: false });
  });

  it("keeps an edit's editOf in its stored copy", async () => {
    const transport = createMemoryTransport();
    const sent = await transport.send({ clientMessageId: "msg_edit", text: "again", attachments: [], editOf: "mem_1" }, { signal: signal() });
    assert.equal(sent.editOf, "mem_1");
    assert.equal(transport.sent[0]!.editOf, "mem_1");
  });
});
