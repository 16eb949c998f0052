import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseServerFrame } from "../../../src/transport/frames.js";
import { TERMINAL_RECORD } from "../support/fixtures.js";

const frame = (value: unknown) => JSON.stringify(value);
const message = { id: "m1", clientMessageId: "msg_1", text: "x" };

describe("parseServerFrame", () => {
  it("reads a pushed message with its context decoded by the contract", () => {
    const result = parseServerFrame(frame({ type: "message", message: { ...message, context: { version: 1, records: [TERMINAL_RECORD] } } }));
    assert.deepEqual(result, { success: true, output: { type: "message", message: { ...message, context: { version: 1, records: [TERMINAL_RECORD] } } } });
  });

  it("drops a record that does not decode, as every v1 reader does", () => {
    const result = parseServerFrame(frame({ type: "message", message: { ...message, context: { version: 1, records: [{ kind: "image" }, TERMINAL_RECORD] } } }));
    assert.deepEqual(result.success && result.output, { type: "message", message: { ...message, context: { version: 1, records: [TERMINAL_RECORD] } } });
  });

  it("fails a message whose context is not v1, with the issue's path", () => {
    const result = parseServerFrame(frame({ type: "message", message: { ...message, context: { version: 2, records: [] } } }));
    assert.deepEqual(result.success ? [] : result.issues.map((i) => i.path), ["message.context.version"]);
  });

  it("fails two records with one contextId", () => {
    const result = parseServerFrame(frame({ type: "ack", id: "s1", message: { ...message, context: { version: 1, records: [TERMINAL_RECORD, TERMINAL_RECORD] } } }));
    assert.equal(result.success, false);
  });

  it("fails a frame of an unknown type", () => {
    const result = parseServerFrame(frame({ type: "typing", id: "s1" }));
    assert.deepEqual(result.success ? [] : result.issues.map((i) => i.path), ["type"]);
  });

  it("reads an error frame without an id", () => {
    assert.deepEqual(parseServerFrame(frame({ type: "error", error: { code: "invalid-frame", message: "no" } })), {
      success: true,
      output: { type: "error", error: { code: "invalid-frame", message: "no" } },
    });
  });

  it("fails JSON null and a frame that is not text", () => {
    assert.deepEqual(parseServerFrame("null").success, false);
    assert.deepEqual(parseServerFrame(new Uint8Array([1])), { success: false, issues: [{ path: "", message: "Expected a text frame" }] });
  });
});

describe("parseServerFrame: reply frames", () => {
  it("reads a reply frame", () => {
    const reply = { id: "reply_m1", inReplyTo: "m1", text: "I got", done: false };
    assert.deepEqual(parseServerFrame(frame({ type: "reply", reply })), { success: true, output: { type: "reply", reply } });
  });

  it("fails a reply frame without done, at its path", () => {
    const result = parseServerFrame(frame({ type: "reply", reply: { id: "r", inReplyTo: "m1", text: "x" } }));
    assert.deepEqual(result.success ? [] : result.issues.map((i) => i.path), ["reply.done"]);
  });
});
