// normalizeMessageAttachments: pending upload ids become persisted ids on image and file records.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  normalizeMessageAttachments,
  type ComposerContextRecord,
  type FileContextRecord,
  type ImageContextRecord,
  type MessageContext,
} from "../../src/codec/index.js";

const image = (contextId: string, attachmentId: string): ImageContextRecord => ({
  version: 1,
  contextId,
  kind: "image",
  label: "shot.png",
  attachmentId,
  name: "shot.png",
  mimeType: "image/png",
  sizeBytes: 10,
});
const file = (contextId: string, attachmentId: string): FileContextRecord => ({
  ...image(contextId, attachmentId),
  kind: "file",
  label: "a.pdf",
  name: "a.pdf",
  mimeType: "application/pdf",
});
const skill: ComposerContextRecord = { version: 1, contextId: "s", kind: "skill", label: "$x", name: "x" };
const custom: ComposerContextRecord = {
  version: 1,
  contextId: "c",
  kind: "upload-ref",
  label: "u",
  payload: { attachmentId: "pending_1" },
};

/** Freezes the context and every record in it, so a mutation would throw. */
function frozen(context: MessageContext): MessageContext {
  for (const record of context.records) Object.freeze(record);
  Object.freeze(context.records);
  return Object.freeze(context);
}

describe("normalizeMessageAttachments", () => {
  const persisted = new Map([
    ["pending_1", "att_stored_1"],
    ["pending_2", "att_stored_2"],
  ]);

  it("rebinds image and file records whose attachment id is pending", () => {
    const context = frozen({ version: 1, records: [image("image_a", "pending_1"), file("file_b", "pending_2")] });
    assert.deepEqual(normalizeMessageAttachments(context, persisted), {
      version: 1,
      records: [image("image_a", "att_stored_1"), file("file_b", "att_stored_2")],
    });
  });

  it("keeps ids that are not in the map, and every other record, as they are", () => {
    const records = [image("image_a", "already_final"), skill, custom, file("file_b", "pending_2")];
    const output = normalizeMessageAttachments(frozen({ version: 1, records }), persisted);
    assert.deepEqual(output.records, [image("image_a", "already_final"), skill, custom, file("file_b", "att_stored_2")]);
    assert.equal(output.records[0], records[0]);
    assert.equal(output.records[1], records[1]);
    assert.equal(output.records[2], records[2], "an unknown-kind payload is never rewritten");
  });

  it("returns a new context and new record objects, leaving the input untouched", () => {
    const input = frozen({ version: 1, records: [image("image_a", "pending_1")] });
    const output = normalizeMessageAttachments(input, persisted);
    assert.notEqual(output, input);
    assert.notEqual(output.records, input.records);
    assert.notEqual(output.records[0], input.records[0]);
    assert.deepEqual(input.records[0], image("image_a", "pending_1"));
  });

  it("does nothing with an empty map (a host without a pending stage)", () => {
    const records = [image("image_a", "att_1"), file("file_b", "att_2")];
    assert.deepEqual(normalizeMessageAttachments(frozen({ version: 1, records }), new Map()), { version: 1, records });
  });

  it("treats `__proto__` and `constructor` as ordinary pending ids", () => {
    const ids = new Map([
      ["__proto__", "att_p"],
      ["constructor", "att_c"],
    ]);
    const context = frozen({ version: 1, records: [image("i", "__proto__"), file("f", "constructor"), image("j", "toString")] });
    assert.deepEqual(
      normalizeMessageAttachments(context, ids).records.map((record) => ("attachmentId" in record ? record.attachmentId : null)),
      ["att_p", "att_c", "toString"],
    );
  });
});
