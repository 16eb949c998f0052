import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mintReferenceId, randomToken } from "../../../src/editor/random.js";

describe("random ids", () => {
  it("mints reference ids of ref_ and 16 characters of [a-z0-9]", () => {
    assert.match(mintReferenceId(), /^ref_[a-z0-9]{16}$/);
  });

  it("mints distinct ids across many pool refills", () => {
    const ids = new Set(Array.from({ length: 5000 }, () => randomToken(16)));
    assert.equal(ids.size, 5000);
  });

  it("uses all 36 characters about equally (no bias from the byte pool)", () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 2000 }, () => randomToken(18)).join("");
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
    assert.equal(counts.size, 36);
    const expected = text.length / 36;
    for (const [char, count] of counts) assert.ok(Math.abs(count - expected) < expected * 0.2, `${char}: ${count} vs ${expected}`);
  });
});
