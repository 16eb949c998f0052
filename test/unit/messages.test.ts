// The message schemas of the contract (src/contract/messages.ts) and the decoded brand: a value a
// decoder returned is known as decoded, and readers behind the boundary take it as it is.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  decodeMessageContext,
  decodeOutgoingMessage,
  decodeSentMessage,
  isDecoded,
  type DecodeResult,
} from "../../src/codec/index.js";
import { resolveMessageContext } from "../../src/elements/transcript/message-context.js";
import type { MessageContext } from "../../src/contract/types.js";

const skill = (contextId: string, name = "x") => ({ version: 1, contextId, kind: "skill", label: "", name });
const outgoing = (fields: Record<string, unknown> = {}) => ({ clientMessageId: "msg_abc", text: "hi", attachments: [], ...fields });

function output<T>(result: DecodeResult<T>): T {
  assert.ok(result.success, `expected success, got ${JSON.stringify(!result.success && result.issues)}`);
  return result.output;
}

function paths(result: DecodeResult<unknown>): string[] {
  assert.equal(result.success, false);
  return result.success ? [] : result.issues.map((issue) => issue.path);
}

describe("decodeOutgoingMessage", () => {
  it("decodes a message with context, trimming ids and dropping records that do not decode", () => {
    const message = output(decodeOutgoingMessage(outgoing({ context: { version: 1, records: [skill(" s1 "), { kind: "skill" }] } })));
    assert.deepEqual(message, {
      clientMessageId: "msg_abc",
      text: "hi",
      attachments: [],
      context: { version: 1, records: [{ version: 1, contextId: "s1", kind: "skill", label: "", name: "x" }] },
    });
  });

  it("reads a missing attachments list as an empty one and leaves a missing context out", () => {
    const message = output(decodeOutgoingMessage({ clientMessageId: "m1", text: "hi" }));
    assert.deepEqual(message, { clientMessageId: "m1", text: "hi", attachments: [] });
    assert.equal("context" in message, false);
  });

  it("rejects a clientMessageId outside the id grammar, naming the field", () => {
    assert.deepEqual(paths(decodeOutgoingMessage(outgoing({ clientMessageId: "a b" }))), ["clientMessageId"]);
    assert.deepEqual(paths(decodeOutgoingMessage(outgoing({ clientMessageId: "x".repeat(129) }))), ["clientMessageId"]);
    assert.deepEqual(paths(decodeOutgoingMessage(outgoing({ clientMessageId: "" }))), ["clientMessageId"]);
  });

  it("fails on a duplicate contextId with the path of the surviving record", () => {
    const result = decodeOutgoingMessage(outgoing({ context: { version: 1, records: [skill("a"), skill("a", "y")] } }));
    assert.deepEqual(paths(result), ["context.records.1.contextId"]);
  });

  it("rejects an empty attachmentId and more than 200 attachments", () => {
    assert.deepEqual(paths(decodeOutgoingMessage(outgoing({ attachments: [{ localId: "l", attachmentId: "" }] }))), ["attachments.0.attachmentId"]);
    const many = Array.from({ length: 201 }, (_, i) => ({ localId: `l${i}`, attachmentId: `a${i}` }));
    assert.deepEqual(paths(decodeOutgoingMessage(outgoing({ attachments: many }))), ["attachments"]);
  });

  it("never throws on hostile input", () => {
    const hostile = new Proxy({}, { get() { throw new Error("trap"); } });
    for (const input of [undefined, null, 42, "x", [], hostile, { clientMessageId: hostile }]) {
      assert.equal(decodeOutgoingMessage(input).success, false);
    }
  });
});

describe("decodeSentMessage", () => {
  it("decodes the host's copy with its attachments and drops undeclared fields", () => {
    const message = output(
      decodeSentMessage({ id: "m1", clientMessageId: "c1", text: "t", createdAt: "2026-01-01T00:00:00.000Z", extra: 1, attachments: [{ id: "a", name: "n", mimeType: "image/png", secret: 2 }] }),
    );
    assert.deepEqual(message, { id: "m1", clientMessageId: "c1", text: "t", createdAt: "2026-01-01T00:00:00.000Z", attachments: [{ id: "a", name: "n", mimeType: "image/png" }] });
  });

  it("fails when the context fails as a whole", () => {
    assert.deepEqual(paths(decodeSentMessage({ id: "m", clientMessageId: "c", text: "", context: { version: 2, records: [] } })), ["context.version"]);
  });
});

describe("the decoded brand", () => {
  it("marks what a decoder returned: the message, its context and each record", () => {
    const message = output(decodeSentMessage({ id: "m", clientMessageId: "c", text: "", context: { version: 1, records: [skill("a")] } }));
    assert.equal(isDecoded(message), true);
    assert.equal(isDecoded(message.context!), true);
    assert.equal(isDecoded(message.context!.records[0]!), true);
    const context = output(decodeMessageContext({ version: 1, records: [skill("b")] }));
    assert.equal(isDecoded(context), true);
    assert.equal(isDecoded(context.records[0]!), true);
  });

  it("does not mark the input, a copy of the output, or a failed decode's input", () => {
    const input = { version: 1, records: [skill("a")] };
    const context = output(decodeMessageContext(input));
    assert.equal(isDecoded(input), false);
    assert.equal(isDecoded(input.records[0]!), false);
    assert.equal(isDecoded(structuredClone(context)), false);
    const bad = { version: 1, records: [skill("a"), skill("a")] };
    assert.equal(decodeMessageContext(bad).success, false);
    assert.equal(isDecoded(bad), false);
  });

  it("cannot be seen, copied or forged: spreads, JSON, symbols and Proxies do not carry it", () => {
    const context = output(decodeMessageContext({ version: 1, records: [skill("a")] }));
    const record = context.records[0]!;
    assert.equal(isDecoded({ ...record }), false, "a spread is a new object the decoder did not return");
    assert.equal(isDecoded(JSON.parse(JSON.stringify(context)) as object), false);
    assert.deepEqual(Reflect.ownKeys(record).filter((key) => typeof key === "symbol"), [], "no symbol-keyed property to read and copy");
    assert.deepEqual({ ...record }, record, "the mark is not an own property that comparisons see");
    const forged = new Proxy({ ...record }, { has: () => true, getOwnPropertyDescriptor: () => ({ value: true, configurable: true, enumerable: false }) });
    assert.equal(isDecoded(forged), false, "a Proxy that claims every property is still not decoded");
    assert.equal(isDecoded(new Proxy(record, {})), false, "nor is a Proxy around a decoded record");
  });

  it("lets the transcript take a decoded context as it is, and decode any other", () => {
    const context = output(decodeMessageContext({ version: 1, records: [skill("a")] }));
    const trusted = resolveMessageContext({ id: "m", role: "user", text: "[x](t3-context://v1/skill/a)", context });
    assert.equal(trusted.recordsById.get("a"), context.records[0], "the decoded record itself, not a new decode of it");
    const raw = { version: 1, records: [skill("a")] };
    const decodedAgain = resolveMessageContext({ id: "m2", role: "user", text: "[x](t3-context://v1/skill/a)", context: raw as unknown as MessageContext });
    assert.notEqual(decodedAgain.recordsById.get("a"), raw.records[0]);
    assert.deepEqual(decodedAgain.recordsById.get("a"), context.records[0]);
  });
});
