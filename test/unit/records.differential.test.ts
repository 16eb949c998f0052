// Differential tests: our valibot decoders against the same contract written with Effect Schema 4
// (bench/effect-records.ts), the library T3 Code's contract uses, and against the hand-written
// decoder the benchmark uses as its floor. On JSON input (what the wire carries) all three must
// accept exactly the same values and produce exactly the same output.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { decodeComposerContextRecord, decodeMessageContext } from "../../src/codec/index.js";
import { decodeMessageContextWithEffect, decodeRecordWithEffect } from "../../bench/effect-records.js";
import { decodeMessageContextByHand, decodeRecordByHand } from "../../bench/hand-written-records.js";
import { mutated, validRecord } from "../support/record-arbitraries.js";

/** JSON-only values for mutations: the wire never carries anything else. */
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("", " ", "  x  ", -1, 0, 1.5, 2 ** 53, 2 ** 60, "1", null, true, [], {}, "x".repeat(2049), "x".repeat(256)),
);

/** Re-parsed, so every input is plain JSON data (no -0, no undefined). */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function ours(input: unknown): unknown {
  const result = decodeComposerContextRecord(input);
  return result.success ? result.output : undefined;
}

describe("records: valibot, Effect Schema and hand-written decoders agree", () => {
  it("on valid and mutated records", () => {
    fc.assert(
      fc.property(fc.oneof(validRecord, mutated(jsonish)), (raw) => {
        const input = asJson(raw);
        const expected = ours(input);
        assert.deepEqual(decodeRecordWithEffect(input), expected, "Effect Schema");
        assert.deepEqual(decodeRecordByHand(input), expected, "hand-written");
      }),
      { numRuns: 1000 },
    );
  });

  it("on message contexts, including duplicate ids", () => {
    const record = fc.oneof(validRecord, mutated(jsonish));
    const context = fc
      .tuple(fc.array(record, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 3 }))
      .map(([records, copies]) => {
        // Repeat some records so that duplicate ids occur often.
        const all = [...records];
        for (const pick of copies) if (records.length > 0) all.push({ ...records[pick % records.length]! });
        return asJson({ version: 1, records: all });
      });
    fc.assert(
      fc.property(context, (input) => {
        const result = decodeMessageContext(input);
        const expected = result.success ? result.output : undefined;
        assert.deepEqual(decodeMessageContextWithEffect(input), expected, "Effect Schema");
        assert.deepEqual(decodeMessageContextByHand(input), expected, "hand-written");
      }),
      { numRuns: 500 },
    );
  });
});
