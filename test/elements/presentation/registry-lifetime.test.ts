// A derived registry lets go of itself: once nothing listens to it, its base keeps no reference to
// it, so per-element registries over the shared one are collected (src/presentation/registry.ts).
// Collection is forced through the DevTools protocol (the `heap-after-gc` server command of
// test/support/server-commands.mjs), as the lifecycle suite does.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { createChipRegistry, type ChipRegistry } from "../../../src/presentation/index.js";
import { jiraKind, jiraLooks } from "../../support/jira-kind.js";
import { itIn } from "../../support/engine.js";

const REGISTRIES = 1000;
/** Forced collections before giving up on finalizers that have not run yet. */
const FINALIZATION_ROUNDS = 20;
/**
 * The heap after dropping them may exceed the baseline by this much at most. The object a
 * derived registry returns is not what a base's listener holds: the listener holds its state (the
 * maps and listener set, about 460 B each), so the finalizer count alone cannot see the leak and
 * the heap must. Measured on Chromium 156: 460 KB above the baseline when the base kept each
 * registry's listener, 12 to 15 KB when it lets go.
 */
const HEAP_SLACK_BYTES = 128 * 1024;

interface HeapReading {
  usedSize: number;
}
const heapAfterGc = async () => (await executeServerCommand("heap-after-gc")) as HeapReading;

/** Makes `count` derived registries that each had a listener (an element connected, then gone), and drops them. */
function createAndDrop(base: ChipRegistry, count: number, collected: FinalizationRegistry<number>): void {
  for (let index = 0; index < count; index++) {
    const derived = createChipRegistry({ base });
    derived.override(jiraKind, jiraLooks);
    const unsubscribe = derived.subscribe(() => {});
    unsubscribe();
    collected.register(derived, index);
  }
}

describe("derived registries", () => {
  // Chromium only: the heap is read and collected through the DevTools protocol (heap-after-gc);
  // Firefox over WebDriver BiDi and WebKit over WebDriver can neither force a collection nor count
  // the heap.
  itIn(["chromium"], "are collected after 1,000 are created, listened to and dropped, and the heap returns to its baseline", async () => {
    const base = createChipRegistry();
    let finalized = 0;
    const collected = new FinalizationRegistry<number>(() => finalized++);
    // Warm-up: code paths compiled and caches filled before the baseline is read.
    createAndDrop(base, REGISTRIES / 10, new FinalizationRegistry(() => {}));
    const baseline = await heapAfterGc();
    createAndDrop(base, REGISTRIES, collected);
    let after = await heapAfterGc();
    for (let round = 0; round < FINALIZATION_ROUNDS && finalized < REGISTRIES; round++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await heapAfterGc();
    }
    expect(finalized).to.equal(REGISTRIES);
    expect(after.usedSize - baseline.usedSize).to.be.below(HEAP_SLACK_BYTES);
    // The base still works for the listeners it has.
    let calls = 0;
    base.subscribe(() => calls++);
    base.define("thing", {});
    expect(calls).to.equal(1);
  });

  it("still tells its own listeners about the base while it has some, and stops after", () => {
    const base = createChipRegistry();
    const derived = createChipRegistry({ base });
    let calls = 0;
    const unsubscribe = derived.subscribe(() => calls++);
    base.define("one", {});
    unsubscribe();
    base.define("two", {});
    expect(calls).to.equal(1);
    derived.subscribe(() => calls++);
    base.define("three", {});
    expect(calls).to.equal(2);
    expect(derived.get("two")).to.equal(base.get("two"));
  });
});
