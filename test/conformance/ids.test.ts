import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  producerIdFromComposerContextId,
  toComposerContextId,
  toKindScopedComposerContextId,
} from "../../src/codec/index.js";
import { loadVectors } from "../support/vectors.js";

describe("ids.json → toComposerContextId", () => {
  for (const v of loadVectors("ids.json", "toComposerContextId")) {
    it(v.name, () => assert.equal(toComposerContextId(v.input as string), v.expected));
  }
});

describe("ids.json → toKindScopedComposerContextId", () => {
  for (const v of loadVectors("ids.json", "toKindScopedComposerContextId")) {
    const input = v.input as { kind: string; producerId: string };
    it(v.name, () => assert.equal(toKindScopedComposerContextId(input.kind, input.producerId), v.expected));
  }
});

describe("ids.json → producerIdFromComposerContextId", () => {
  for (const v of loadVectors("ids.json", "producerIdFromComposerContextId")) {
    const input = v.input as { kind: string; contextId: string };
    it(v.name, () => assert.equal(producerIdFromComposerContextId(input.kind, input.contextId), v.expected));
  }
});
