// jsonFits: the message context's size bound told from the bounds of a value's parts, without
// serializing it. Whatever it answers must be what measuring `JSON.stringify` would answer.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { boundedJson, jsonFits } from "../../src/contract/json-bound.js";

/** What the bound must agree with: the length of `JSON.stringify`, when it serializes at all. */
const fitsByStringify = (value: unknown, max: number) => boundedJson(value, max) !== undefined;

describe("jsonFits", () => {
  it("agrees with JSON.stringify on any JSON value and bound (property)", () => {
    const value = fc.jsonValue({ maxDepth: 4, stringUnit: "binary" });
    fc.assert(
      fc.property(value, fc.double({ min: 0, max: 2, noNaN: true }), (json, scale) => {
        const length = JSON.stringify(json).length;
        // Bounds around the real length, where a wrong part bound would show.
        for (const max of [Math.floor(length * scale), length - 1, length, length + 1]) {
          const answer = jsonFits(json, max);
          if (answer !== undefined) assert.equal(answer, fitsByStringify(json, max), `max ${max} for ${JSON.stringify(json)}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("answers for real records of plain data far below the bound", () => {
    const record = { version: 1, contextId: "c1", kind: "terminal", label: "T", lineStart: 1, lineEnd: 2, text: "a\nb", extra: [null, true, 1.5] };
    assert.equal(jsonFits([record, record], 16_000_000), true);
    // Its strings alone are longer than 50 characters: that much is known without serializing.
    assert.equal(jsonFits([record], 50), false);
  });

  it("counts a control character as the six characters of its escape", () => {
    // 100 × `\u0001` serializes to 602 characters: a bound of n + 2 would pass it at 601.
    const controls = "\u0001".repeat(100);
    assert.equal(JSON.stringify(controls).length, 602);
    assert.notEqual(jsonFits(controls, 601), true);
    assert.equal(jsonFits(controls, 602), true);
  });

  it("counts a lone surrogate as the six characters of its escape", () => {
    const lone = "\udc00".repeat(10);
    assert.equal(JSON.stringify(lone).length, 62);
    assert.notEqual(jsonFits(lone, 61), true);
    assert.equal(jsonFits(lone, 62), true);
  });

  it("allows a number the 25 characters of its longest form", () => {
    const longest = -0.0000012345678901234567;
    assert.equal(JSON.stringify(longest), "-0.0000012345678901234567");
    assert.notEqual(jsonFits(longest, 24), true);
    assert.equal(jsonFits(longest, 25), true);
  });

  it("writes null for a hole, undefined or a function in an array, and leaves them out of an object", () => {
    const array = [undefined, () => 1, Symbol("s"), , null]; // eslint-disable-line no-sparse-arrays
    assert.equal(JSON.stringify(array), "[null,null,null,null,null]");
    assert.equal(jsonFits(array, 26), true);
    assert.equal(jsonFits(array, 25), false);
    const object = { a: undefined, b: () => 1, c: null };
    assert.equal(JSON.stringify(object), '{"c":null}');
    // `{"c":null}` is 10 characters; its key might have taken 6 per character: at most 16.
    assert.equal(jsonFits(object, 16), true);
    assert.equal(jsonFits(object, 9), false);
  });

  it("fails a sparse array of length 2 ** 32 - 1 from its length, without reading it", () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    assert.equal(jsonFits([{ styleChanges: sparse }], 16_000_000), false);
  });

  it("fails a tree of shared objects from what it has read, not after serializing it whole", () => {
    // Each level holds the one below twice: 2 ** 40 leaves, a few dozen objects in memory.
    let shared: unknown = { leaf: "x".repeat(100) };
    for (let level = 0; level < 40; level++) shared = { left: shared, right: shared };
    assert.equal(jsonFits([shared], 16_000_000), false);
  });

  it("leaves to serializing what only serializing can measure", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [
      [{ toJSON: () => "x" }],
      [new Date(0)],
      [Object("boxed")],
      [{ big: 1n }],
      [cyclic],
      undefined,
      () => 1,
    ]) {
      assert.equal(jsonFits(value, 16_000_000), undefined, String(value));
    }
  });

  it("leaves to serializing what is too close to call", () => {
    // 10 quotes serialize to 22 characters (each escaped) but might have taken 12 to 62.
    assert.equal(jsonFits('"'.repeat(10), 30), undefined);
    assert.equal(fitsByStringify('"'.repeat(10), 30), true);
  });

  it("gives no answer when a getter throws", () => {
    const hostile = {};
    Object.defineProperty(hostile, "x", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    assert.equal(jsonFits([hostile], 16_000_000), undefined);
  });
});
