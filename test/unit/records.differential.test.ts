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

/** Values at and around every bound and rule of docs/wire-format.md, "Records". */
const EDGE_VALUES: unknown[] = [
  ...[0, 1, 63, 64, 65, 99, 100, 101, 127, 128, 129, 199, 200, 201, 254, 255, 256, 2047, 2048, 2049]
    .flatMap((length) => ["x".repeat(length), ` ${"x".repeat(length)} `]),
  ...[7999, 8000, 8001, 15_999, 16_000, 16_001, 31_999, 32_000, 32_001, 63_999, 64_000, 64_001].map((length) => "y".repeat(length)),
  "", " ", "\u00a0", "\ufeff", "\n", " a ", "A", "a b", "a.b", "ctx_1", "CTX-1", "image", " image ", "future-x", "Future", "1",
  "open", "draft", "closed", "merged",
  0, 1, -1, 1.5, 2 ** 53 - 1, 2 ** 53, 1e300, null, true, false, [], {}, ["a"], [null], { a: 1 },
];

/** Every record shape once, as valid JSON. */
function samples(): Record<string, unknown>[] {
  const element = {
    pageUrl: "http://x/",
    pageTitle: "T",
    tagName: "div",
    selector: "#a",
    htmlPreview: "<div>",
    componentName: "A",
    source: { functionName: "f", fileName: "a.ts", lineNumber: 1, columnNumber: 2 },
    styles: "",
  };
  const base = (kind: string) => ({ version: 1, contextId: "ctx_1", kind, label: "L" });
  const attachment = { attachmentId: "att_1", name: "n", mimeType: "m/t", sizeBytes: 1 };
  return [
    { ...base("image"), ...attachment },
    { ...base("file"), ...attachment },
    { ...base("terminal"), terminalId: "t", terminalLabel: "T", lineStart: 1, lineEnd: 1, text: "x" },
    { ...base("element"), ...element },
    {
      ...base("preview-annotation"),
      annotationId: "a",
      pageUrl: "u",
      pageTitle: null,
      comment: "c",
      targetSummary: "s",
      styleChanges: ["x"],
      elements: [element],
      elementIds: ["e"],
      styleChangeDetails: [{ targetId: "t", selector: null, property: "p", previousValue: "a", value: "b" }],
      screenshotContextId: "image_a",
      regionCount: 1,
      strokeCount: 0,
    },
    {
      ...base("review-comment"),
      sectionId: "s",
      sectionTitle: "S",
      filePath: "f",
      startIndex: 1,
      endIndex: 2,
      rangeLabel: "r",
      text: "t",
      diff: "d",
      fenceLanguage: "ts",
      pullRequest: { number: 1, title: "t", url: "u", headBranch: "h", baseBranch: "b", state: "open", isDraft: true },
    },
    { ...base("mention"), path: "p" },
    { ...base("skill"), name: "n" },
    { ...base("future-x"), payload: { a: [1] } },
  ];
}

/** Every way to put `value` at one key of `node`, at any depth (array entries included). */
function* placements(node: unknown, value: unknown): Generator<unknown> {
  if (node === null || typeof node !== "object") return;
  for (const key of Object.keys(node)) {
    const inner = (node as Record<string, unknown>)[key];
    for (const replacement of [value, ...placements(inner, value)]) {
      const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>;
      copy[key] = replacement;
      yield copy;
    }
  }
}

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
  it("on every edge value at every key of every record shape", () => {
    let compared = 0;
    for (const record of samples()) {
      assert.notEqual(ours(record), undefined, `the sample ${String(record.kind)} must be valid`);
      for (const value of EDGE_VALUES) {
        for (const input of placements(record, value)) {
          const expected = ours(input);
          assert.deepEqual(decodeRecordWithEffect(input), expected, `Effect Schema on ${JSON.stringify(input).slice(0, 300)}`);
          assert.deepEqual(decodeRecordByHand(input), expected, `hand-written on ${JSON.stringify(input).slice(0, 300)}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 10_000, `only ${compared} comparisons`);
  });

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
