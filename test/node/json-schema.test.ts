// The JSON Schema of the wire contract (scripts/json-schema.ts, shipped as
// `t3-composer/schema/*.json`) against the valibot decoders: on every conformance vector and on
// messages written here, what one accepts the other accepts, except where a rule JSON Schema
// cannot express is named below, and then only in one direction (the schema is looser).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { Ajv2020, type AnySchemaObject, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import {
  decodeClipboardFragment,
  decodeComposerContextRecord,
  decodeMessageContext,
  decodeOutgoingMessage,
  decodeSentMessage,
} from "../../src/codec/index.js";
import { contractJsonSchema, NOT_CHECKED, SCHEMA_FILES, type SchemaFileName } from "../../scripts/json-schema.js";
import { mutated, validRecord } from "../support/record-arbitraries.js";
import { loadVectors } from "../support/vectors.js";

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validators = Object.fromEntries(
  (Object.keys(SCHEMA_FILES) as SchemaFileName[]).map((name) => [name, ajv.compile(contractJsonSchema(name) as AnySchemaObject)]),
) as Record<SchemaFileName, ValidateFunction>;

const decoders: Record<SchemaFileName, (input: unknown) => boolean> = {
  record: (input) => decodeComposerContextRecord(input).success,
  "message-context": (input) => decodeMessageContext(input).success,
  "outgoing-message": (input) => decodeOutgoingMessage(input).success,
  "sent-message": (input) => decodeSentMessage(input).success,
  "clipboard-fragment": (input) => decodeClipboardFragment(JSON.stringify(input)) !== null,
};

/** Why the schema accepts what a decoder refuses: a `NOT_CHECKED` rule, or lengths in code points. */
type Gap = keyof typeof NOT_CHECKED | "code_points";

/** Checks that schema and decoder agree on `input`, or disagree exactly as `gap` says. */
function assertAgree(name: SchemaFileName, input: unknown, gap?: Gap): void {
  const decoded = decoders[name](input);
  const validated = validators[name](input);
  if (gap === undefined) {
    assert.equal(validated, decoded, `${name}: schema ${validated ? "accepts" : "refuses"} what the decoder ${decoded ? "accepts" : "refuses"} ${JSON.stringify(validators[name].errors)}`);
  } else {
    assert.deepEqual({ decoded, validated }, { decoded: false, validated: true }, `${name}: the gap "${gap}" should make only the decoder refuse`);
  }
}

/** The vectors whose rule the schema does not check (docs/wire-format.md, "JSON Schema"). */
const VECTOR_GAPS = new Map<string, Gap>([
  ["unknown payload serialized to 64001 chars fails", "json_payload"],
  ["escaping counts toward the payload bound", "json_payload"],
  ["terminal lineEnd before lineStart rejected", "ordered_range"],
]);

describe("the JSON Schema of the contract", () => {
  it("compiles under ajv's strict mode, draft 2020-12", () => {
    for (const name of Object.keys(SCHEMA_FILES) as SchemaFileName[]) {
      assert.equal(contractJsonSchema(name).$schema, "https://json-schema.org/draft/2020-12/schema");
      assert.equal(typeof validators[name], "function");
    }
  });

  it("says at the spot what it does not check", () => {
    const text = (Object.keys(SCHEMA_FILES) as SchemaFileName[]).map((name) => JSON.stringify(contractJsonSchema(name))).join("\n");
    for (const comment of Object.values(NOT_CHECKED)) assert.ok(text.includes(JSON.stringify(comment).slice(1, -1)), comment);
  });

  it("is what the build shipped in dist/schema/", { skip: !existsSync("dist/schema") && "dist/ is not built" }, () => {
    for (const name of Object.keys(SCHEMA_FILES) as SchemaFileName[]) {
      assert.deepEqual(JSON.parse(readFileSync(`dist/schema/${name}.json`, "utf8")), contractJsonSchema(name), name);
    }
  });

  describe("records.json → decodeRecord", () => {
    for (const v of loadVectors("records.json", "decodeRecord")) {
      it(v.name, () => assertAgree("record", v.input, VECTOR_GAPS.get(v.name)));
    }
  });

  describe("records.json → decodeMessageContext", () => {
    for (const v of loadVectors("records.json", "decodeMessageContext")) {
      it(v.name, () => {
        assertAgree("message-context", v.input, VECTOR_GAPS.get(v.name));
        // The same context inside a message, sent and stored.
        assertAgree("outgoing-message", { clientMessageId: "msg_1", text: "x", context: v.input });
        assertAgree("sent-message", { id: "m1", clientMessageId: "msg_1", text: "x", context: v.input });
      });
    }
  });

  describe("records.json → clipboardFragment (the JSON flavor)", () => {
    const cases = loadVectors("records.json", "clipboardFragment").filter((v) => v.op === "decodeFragment");
    it("has exactly one input that is not JSON (outside what a JSON Schema reads)", () => {
      assert.deepEqual(cases.filter((v) => !isJson(v.input as string)).map((v) => v.name), ["not JSON"]);
    });
    for (const v of cases.filter((entry) => isJson(entry.input as string))) {
      it(v.name, () => {
        const fragment: unknown = JSON.parse(v.input as string);
        assertAgree("clipboard-fragment", fragment);
        assert.equal(validators["clipboard-fragment"](fragment), v.expected !== null);
      });
    }
  });

  it("accepts every record the projection and legacy vectors carry", () => {
    const records = [
      ...loadVectors("projection.json", "vectors").flatMap((v) => (v.input as { records: unknown[] }).records),
      ...loadVectors("legacy.json", "serializeLegacy").flatMap((v) => (v.input as { records: unknown[] }).records),
      ...loadVectors("legacy.json", "upgrade").flatMap((v) => (v.expected as { records: unknown[] }).records),
    ];
    assert.ok(records.length > 30, `only ${records.length} records`);
    for (const record of records) {
      assert.equal(decoders.record(record), true, JSON.stringify(record));
      assertAgree("record", record);
    }
  });

  describe("messages written for it", () => {
    const skill = { version: 1, contextId: "skill_x", kind: "skill", label: "$x", name: "x" };
    const cases: [string, SchemaFileName, unknown, Gap?][] = [
      ["a minimal outgoing message", "outgoing-message", { clientMessageId: "msg_1", text: "" }],
      ["an outgoing message with attachments", "outgoing-message", { clientMessageId: "a-B_9", text: "hi", attachments: [{ localId: "l", attachmentId: "att" }] }],
      ["no clientMessageId", "outgoing-message", { text: "hi" }],
      ["a clientMessageId with a space", "outgoing-message", { clientMessageId: "msg 1", text: "hi" }],
      ["a clientMessageId of 129 characters", "outgoing-message", { clientMessageId: "m".repeat(129), text: "hi" }],
      ["text that is a number", "outgoing-message", { clientMessageId: "msg_1", text: 1 }],
      ["an empty attachmentId", "outgoing-message", { clientMessageId: "msg_1", text: "", attachments: [{ localId: "l", attachmentId: "" }] }],
      ["201 attachments", "outgoing-message", { clientMessageId: "msg_1", text: "", attachments: Array.from({ length: 201 }, () => ({ localId: "l", attachmentId: "a" })) }],
      ["two records with one contextId", "outgoing-message", { clientMessageId: "msg_1", text: "", context: { version: 1, records: [skill, { ...skill, contextId: " skill_x " }] } }, "unique_ids"],
      ["a stored message", "sent-message", { id: "m1", clientMessageId: "c", text: "t", attachments: [{ id: "a", name: "n", mimeType: "text/plain", sizeBytes: 3 }], createdAt: "2026-01-01T00:00:00Z" }],
      ["a stored message without id", "sent-message", { clientMessageId: "c", text: "t" }],
      ["a stored attachment with a string size", "sent-message", { id: "m1", clientMessageId: "c", text: "t", attachments: [{ id: "a", name: "n", mimeType: "x", sizeBytes: "3" }] }],
      ["a blank contextId", "record", { ...skill, contextId: "   " }],
      ["a padded contextId of 128 characters", "record", { ...skill, contextId: ` ${"a".repeat(128)}\n` }],
      ["a skill name of 255 characters, padded", "record", { ...skill, name: `\t${"n".repeat(255)} ` }],
      ["a skill name of 256 characters", "record", { ...skill, name: "n".repeat(256) }],
      ["a padded custom kind", "record", { version: 1, contextId: "c", kind: " jira-issue ", label: "J", payload: { key: "J-1" } }],
      ["a padded known kind in the open form", "record", { version: 1, contextId: "c", kind: " image ", label: "J", payload: null }],
      ["an upper-case kind", "record", { version: 1, contextId: "c", kind: "Jira", label: "J", payload: null }],
      ["a pull request in the draft state", "record", { version: 1, contextId: "r", kind: "review-comment", label: "r", sectionId: "s", sectionTitle: "S", filePath: "a.ts", startIndex: 1, endIndex: 2, rangeLabel: "L1", text: "t", diff: "d", pullRequest: { number: 1, title: "t", url: "u", headBranch: "h", baseBranch: "b", state: "draft", isDraft: true } }],
      ["a review range that ends before it starts", "record", { version: 1, contextId: "r", kind: "review-comment", label: "r", sectionId: "s", sectionTitle: "S", filePath: "a.ts", startIndex: 2, endIndex: 1, rangeLabel: "L1", text: "t", diff: "d" }, "ordered_range"],
      ["a label of 101 emoji (202 UTF-16 code units)", "record", { ...skill, label: "😀".repeat(101) }, "code_points"],
      ["a sizeBytes beyond the safe integers", "record", { version: 1, contextId: "i", kind: "image", label: "i", attachmentId: "a", name: "n", mimeType: "image/png", sizeBytes: 2 ** 60 }],
      ["a fragment with a blank environmentId", "clipboard-fragment", { version: 1, source: { environmentId: " " }, records: [] }],
      ["a fragment with 201 records", "clipboard-fragment", { version: 1, source: { environmentId: "e" }, records: Array.from({ length: 201 }, () => skill) }],
    ];
    for (const [name, file, input, gap] of cases) it(name, () => assertAgree(file, input, gap));
  });

  it("accepts every record the decoder accepts (fast-check, valid and mutated records)", () => {
    fc.assert(
      fc.property(mutated(validRecord), (record) => {
        if (decodeComposerContextRecord(record).success) assert.equal(validators.record(record), true, JSON.stringify(validators.record.errors));
      }),
      { numRuns: 2000 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
