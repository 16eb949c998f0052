// decodeMessageContext: the raw-array checks, their order, and duplicate ids.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeMessageContext, type DecodeResult, type MessageContext } from "../../src/codec/index.js";

const skill = (contextId: string, name = "x") => ({ version: 1, contextId, kind: "skill", label: "", name });
const context = (records: unknown) => ({ version: 1, records });

function ids(result: DecodeResult<MessageContext>): string[] {
  assert.ok(result.success, `expected success, got ${JSON.stringify(!result.success && result.issues)}`);
  return result.output.records.map((record) => record.contextId);
}

function issues(result: DecodeResult<MessageContext>) {
  assert.equal(result.success, false);
  return result.success ? [] : result.issues;
}

/**
 * 200 raw entries whose `JSON.stringify` is exactly `length` characters: strings, which are not
 * records, so every entry is dropped if the size check passes. 199 strings of 80,000 characters
 * plus one of the rest: 2 brackets + 199 commas + 200 × 2 quotes = 601 characters of punctuation.
 */
function rawRecordsOfJsonLength(length: number): string[] {
  const filler = 80_000;
  const first = length - 601 - 199 * filler;
  return ["a".repeat(first), ...Array.from({ length: 199 }, () => "b".repeat(filler))];
}

describe("decodeMessageContext: raw array checks", () => {
  it("200 raw entries pass, 201 fail at records before any is decoded", () => {
    assert.deepEqual(ids(decodeMessageContext(context(Array.from({ length: 200 }, (_, i) => skill(`s${i}`))))).length, 200);
    assert.deepEqual(issues(decodeMessageContext(context(Array.from({ length: 201 }, () => "not a record")))), [
      { path: "records", message: "Invalid length: Expected <=200 but received 201" },
    ]);
  });

  it("a raw record holding a sparse array of length 2 ** 32 - 1 fails the size check without being walked", () => {
    const styleChanges: string[] = [];
    styleChanges.length = 2 ** 32 - 1;
    assert.deepEqual(issues(decodeMessageContext(context([{ ...skill("s1"), styleChanges }]))), [
      { path: "records", message: "The records must serialize to at most 16000000 JSON characters" },
    ]);
  });

  it("16,000,000 characters of raw JSON pass, 16,000,001 fail", () => {
    const exact = rawRecordsOfJsonLength(16_000_000);
    assert.equal(JSON.stringify(exact).length, 16_000_000);
    assert.deepEqual(ids(decodeMessageContext(context(exact))), []);
    assert.deepEqual(issues(decodeMessageContext(context(rawRecordsOfJsonLength(16_000_001)))), [
      { path: "records", message: "The records must serialize to at most 16000000 JSON characters" },
    ]);
  });

  it("measures the raw array, so an undeclared property that cannot be serialized fails the whole context", () => {
    // The record alone decodes (its extra key is dropped); the raw array cannot be serialized.
    const withBigInt = { ...skill("a"), extra: 1n };
    assert.deepEqual(issues(decodeMessageContext(context([withBigInt]))).map((issue) => issue.path), ["records"]);
    const cyclic: Record<string, unknown> = skill("b");
    cyclic.self = cyclic;
    assert.deepEqual(issues(decodeMessageContext(context([cyclic]))).map((issue) => issue.path), ["records"]);
  });

  it("rejects a context that is not `{version: 1, records: []}`", () => {
    assert.deepEqual(issues(decodeMessageContext({ version: 2, records: [] })).map((issue) => issue.path), ["version"]);
    assert.deepEqual(issues(decodeMessageContext({ version: 1, records: {} })), [
      { path: "records", message: "Invalid type: Expected Array but received Object" },
    ]);
    assert.deepEqual(issues(decodeMessageContext({ version: 1 })).map((issue) => issue.path), ["records"]);
    assert.deepEqual(issues(decodeMessageContext([])).map((issue) => issue.path), ["version", "records"]);
    assert.deepEqual(issues(decodeMessageContext(null)).map((issue) => issue.path), [""]);
  });

  it("drops undeclared properties of the context itself", () => {
    const result = decodeMessageContext({ version: 1, records: [skill("a")], extra: true });
    assert.deepEqual(result, { success: true, output: { version: 1, records: [skill("a")] } });
  });
});

describe("decodeMessageContext: forward-compatible records", () => {
  it("drops what does not decode and keeps the order of the rest", () => {
    const records = [skill("a"), { kind: "thread" }, 7, null, skill("b"), { ...skill("c"), version: 2 }, skill("d")];
    assert.deepEqual(ids(decodeMessageContext(context(records))), ["a", "b", "d"]);
  });

  it("drops a record whose getter throws (one the JSON check cannot see) and keeps its siblings", () => {
    const hostile = skill("bad");
    Object.defineProperty(hostile, "name", {
      enumerable: false,
      get() {
        throw new Error("boom");
      },
    });
    assert.deepEqual(ids(decodeMessageContext(context([skill("a"), hostile, skill("b")]))), ["a", "b"]);
  });

  it("returns normalized records: trimmed ids, no undeclared keys", () => {
    const result = decodeMessageContext(context([{ ...skill(" a "), extra: 1, name: " n " }]));
    assert.deepEqual(result, { success: true, output: { version: 1, records: [skill("a", "n")] } });
  });
});

describe("decodeMessageContext: duplicate ids", () => {
  it("fails the whole context, pointing at the second record", () => {
    assert.deepEqual(issues(decodeMessageContext(context([skill("a"), skill("b"), skill("a", "y")]))), [
      { path: "records.2.contextId", message: 'Duplicate contextId "a" (first used by records.0)' },
    ]);
  });

  it("compares ids after trimming", () => {
    assert.deepEqual(issues(decodeMessageContext(context([skill("a"), skill("  a\t")]))).map((issue) => issue.path), [
      "records.1.contextId",
    ]);
  });

  it("compares ids exactly otherwise: case matters", () => {
    assert.deepEqual(ids(decodeMessageContext(context([skill("a"), skill("A")]))), ["a", "A"]);
  });

  it("indexes the surviving records when an earlier one was dropped", () => {
    assert.deepEqual(issues(decodeMessageContext(context(["dropped", skill("a"), skill("a")]))).map((issue) => issue.path), [
      "records.1.contextId",
    ]);
  });

  it("treats `__proto__`, `constructor` and `toString` as ordinary ids", () => {
    const special = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    assert.deepEqual(ids(decodeMessageContext(context(special.map((id) => skill(id))))), special);
    assert.deepEqual(
      issues(decodeMessageContext(context([skill("__proto__"), skill("__proto__")]))).map((issue) => issue.path),
      ["records.1.contextId"],
    );
  });
});
