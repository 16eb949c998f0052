// The arithmetic of a long thread's virtual window (message-window.ts): the heights summed in
// Fenwick trees, measured one at a time in any order, give the same tops, spans and ranges as
// adding every height up from the first message, the way the window placed messages before.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { MessageHeights, MessageOffsets, runsOf } from "../../../src/elements/transcript/message-window.js";

/** The tops of the messages and the end of the list, added up one by one: the reference. */
function naiveStarts(heights: readonly number[], estimate: number, gap: number): number[] {
  const starts = [0];
  for (const height of heights) starts.push(starts.at(-1)! + (Number.isNaN(height) ? estimate : height) + gap);
  return starts;
}

/** What the window's measurements look like: a multiple of 1/64 px (a layout unit), or not measured. */
const height = fc.oneof(
  fc.integer({ min: 0, max: 64 * 2000 }).map((units) => units / 64),
  fc.constant(NaN),
);

describe("message window arithmetic", () => {
  it("sums the heights as adding them up from the first message does, measured in any order", () => {
    fc.assert(
      fc.property(
        fc.array(height, { maxLength: 300 }),
        fc.array(fc.tuple(fc.nat(), height.filter((h) => !Number.isNaN(h))), { maxLength: 100 }),
        fc.integer({ min: 0, max: 64 }),
        (initial, measurements, gap) => {
          const heights = new MessageHeights(initial);
          const reference = [...initial];
          for (const [at, value] of measurements) {
            if (reference.length === 0) break;
            const index = at % reference.length;
            heights.set(index, value);
            reference[index] = value;
          }
          const measured = reference.filter((h) => !Number.isNaN(h));
          const estimate = measured.length ? measured.reduce((a, b) => a + b, 0) / measured.length : 80;
          assert.equal(heights.mean(80), estimate);
          const offsets = new MessageOffsets(heights, estimate, gap);
          const starts = naiveStarts(reference, estimate, gap);
          const close = (actual: number, expected: number, what: string) =>
            assert.ok(Math.abs(actual - expected) < 1e-6 * Math.max(1, Math.abs(expected)), `${what}: ${actual} vs ${expected}`);
          for (let i = 0; i <= reference.length; i++) close(offsets.top(i), starts[i]!, `top(${i})`);
          close(offsets.total, reference.length ? starts.at(-1)! - gap : 0, "total");
          for (let i = 0; i < reference.length; i++) {
            // One message's height, with an estimate of -1 telling a measured message from one that is not.
            assert.equal(heights.before(i + 1, -1) - heights.before(i, -1), Number.isNaN(reference[i]!) ? -1 : reference[i], `height of ${i}`);
            close(offsets.span(i, reference.length), starts.at(-1)! - starts[i]! - gap, `span(${i}, end)`);
          }
        },
      ),
    );
  });

  it("finds the first message whose box ends below a point, and the messages a stretch touches", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: -100, max: 60_000 }),
        fc.nat({ max: 5000 }),
        (list, gap, y, length) => {
          const offsets = new MessageOffsets(new MessageHeights(list), 80, gap);
          const starts = naiveStarts(list, 80, gap);
          const ends = list.map((_, i) => starts[i + 1]! - gap);
          /** The first message whose box ends below `at`, by a linear scan; the last one past the end. */
          const firstEndingBelow = (at: number) => {
            const found = ends.findIndex((end) => end > at);
            return found < 0 ? list.length - 1 : found;
          };
          assert.equal(offsets.indexAt(y), firstEndingBelow(y));
          // From the message the stretch's top is in to the one its bottom is in; a bottom in the
          // gap before a message counts that message in (one more drawn, never one missing).
          const first = firstEndingBelow(Math.max(0, y));
          const last = firstEndingBelow(Math.max(0, y + length));
          assert.deepEqual(offsets.range(y, y + length), [first, Math.min(list.length, Math.max(first + 1, last + 1))]);
          // Every message whose box overlaps the stretch is in it.
          const [from, to] = offsets.range(y, y + length);
          for (let i = 0; i < list.length; i++) {
            if (ends[i]! > Math.max(0, y) && starts[i]! <= Math.max(0, y + length)) assert.ok(i >= from && i < to, `message ${i} in [${from}, ${to})`);
          }
        },
      ),
    );
  });

  it("estimates the messages not measured yet from the mean of those that are", () => {
    const heights = new MessageHeights(10_000);
    assert.equal(heights.mean(80), 80);
    const none = new MessageOffsets(heights, heights.mean(80), 8);
    assert.equal(none.total, 10_000 * 88 - 8);
    heights.set(9_999, 100);
    heights.set(9_998, 50);
    assert.equal(heights.mean(80), 75);
    const some = new MessageOffsets(heights, heights.mean(80), 8);
    assert.equal(some.top(9_998), 9_998 * 83);
    assert.equal(some.span(9_998, 10_000), 50 + 8 + 100);
    heights.set(9_999, 60);
    assert.equal(heights.mean(80), 55);
    assert.equal(heights.before(10_000, 0), 110);
  });

  it("cuts sorted indices into runs of consecutive ones", () => {
    assert.deepEqual(runsOf([0, 1, 2, 7, 8]), [
      [0, 3],
      [7, 9],
    ]);
    assert.deepEqual(runsOf([]), []);
  });
});
