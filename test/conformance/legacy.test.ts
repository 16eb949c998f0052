import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ComposerContextRecord } from "../../src/codec/index.js";
import { serializeLegacyContextMessage, upgradeLegacyContextMessage } from "../../src/codec/legacy/index.js";
import { loadVectors } from "../support/vectors.js";

const file = "legacy.json";

describe("legacy.json → upgrade", () => {
  for (const v of loadVectors(file, "upgrade")) {
    it(v.name, () => assert.deepEqual(upgradeLegacyContextMessage(v.input as string), v.expected));
  }
});

describe("legacy.json → serializeLegacy", () => {
  for (const v of loadVectors(file, "serializeLegacy")) {
    const input = v.input as { text: string; records: ComposerContextRecord[] };
    it(v.name, () => {
      const serialized = serializeLegacyContextMessage(input);
      assert.equal(serialized, v.expected);
      if (v.upgradedBack !== undefined) assert.deepEqual(upgradeLegacyContextMessage(serialized), v.upgradedBack);
    });
  }
});
