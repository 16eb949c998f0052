import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  formatComposerContextReference,
  projectComposerContextForProvider,
  type ComposerContextRecord,
} from "../../src/codec/index.js";
import { loadVectors } from "../support/vectors.js";

const file = "projection.json";
const ENVELOPE_SEPARATOR = "\n\n<t3_context";

describe("projection.json → markers", () => {
  for (const v of loadVectors(file, "markers")) {
    const input = v.input as { kind: string; contextId: string; label: string };
    it(v.name, () => {
      const projected = projectComposerContextForProvider({ text: formatComposerContextReference(input), records: [] });
      assert.equal(projected.slice(0, projected.indexOf(ENVELOPE_SEPARATOR)), v.expected);
    });
  }
});

describe("projection.json → vectors", () => {
  for (const v of loadVectors(file, "vectors")) {
    const input = v.input as { text: string; records: ComposerContextRecord[] };
    it(v.name, () => assert.equal(projectComposerContextForProvider(input), v.expected));
  }
});
