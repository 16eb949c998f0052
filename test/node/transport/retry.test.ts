import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { backoffDelay, resolveRetryPolicy, withRetry } from "../../../src/transport/retry.js";
import { InstantClock, ManualClock } from "../support/clock.js";
import { waitFor } from "../support/wait.js";
import { abortReason } from "../support/fixtures.js";

const policy = resolveRetryPolicy({ attempts: 5, baseDelayMs: 100, maxDelayMs: 1000, maxElapsedMs: 10_000 });
const failing = (times: number) => {
  let calls = 0;
  const attempt = async () => {
    calls++;
    if (calls <= times) throw new TypeError(`failure ${calls}`);
    return `ok after ${calls}`;
  };
  return { attempt, calls: () => calls };
};

describe("resolveRetryPolicy", () => {
  it("fills in the defaults", () => {
    assert.deepEqual(resolveRetryPolicy(undefined), { attempts: Infinity, baseDelayMs: 250, maxDelayMs: 8000, maxElapsedMs: 60_000 });
  });
  it("keeps given values and ignores undefined ones", () => {
    assert.deepEqual(resolveRetryPolicy({ attempts: 2, baseDelayMs: undefined }), { attempts: 2, baseDelayMs: 250, maxDelayMs: 8000, maxElapsedMs: 60_000 });
  });
  it("throws for attempts below 1", () => {
    assert.throws(() => resolveRetryPolicy({ attempts: 0 }), { name: "TypeError", message: "retry.attempts must be an integer ≥ 1 or Infinity, got 0" });
  });
  it("throws for a negative delay", () => {
    assert.throws(() => resolveRetryPolicy({ baseDelayMs: -1 }), { name: "TypeError", message: "retry.baseDelayMs must be a finite number ≥ 0, got -1" });
  });
});

describe("backoffDelay", () => {
  it("keeps half of each exponential step when the jitter is 0", () => {
    assert.deepEqual([1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 0)), [50, 100, 200, 400]);
  });
  it("reaches the whole step when the jitter is 1", () => {
    assert.deepEqual([1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 1)), [100, 200, 400, 800]);
  });
  it("never exceeds maxDelayMs", () => {
    assert.equal(backoffDelay(20, policy, () => 1), 1000);
  });
});

describe("withRetry", () => {
  it("returns the first success and waits the backoff between attempts", async () => {
    const clock = new InstantClock(0);
    const { attempt, calls } = failing(2);
    assert.equal(await withRetry(attempt, () => true, policy, new AbortController().signal, clock), "ok after 3");
    assert.equal(calls(), 3);
    assert.deepEqual(clock.delays, [50, 100]);
  });

  it("gives up after `attempts` attempts with the last error", async () => {
    const clock = new InstantClock(0);
    const { attempt, calls } = failing(99);
    await assert.rejects(withRetry(attempt, () => true, policy, new AbortController().signal, clock), { message: "failure 5" });
    assert.equal(calls(), 5);
  });

  it("by default keeps retrying for the whole of maxElapsedMs (60 s), not a few attempts", async () => {
    const clock = new InstantClock(1);
    const { attempt, calls } = failing(99);
    await assert.rejects(withRetry(attempt, () => true, resolveRetryPolicy(undefined), new AbortController().signal, clock));
    const waited = clock.delays.reduce((sum, delay) => sum + delay, 0);
    // Full steps (jitter 1): 250 + 500 + 1000 + 2000 + 4000, then 8000 six times = 55,750 ms in 11
    // delays; a twelfth would end past 60 s. The old default of 5 attempts stopped after 3.75 s.
    assert.equal(calls(), 12);
    assert.ok(waited <= 60_000 && waited + 8000 > 60_000, `waited ${waited}`);
  });

  it("does not retry an error the predicate refuses", async () => {
    const { attempt, calls } = failing(99);
    await assert.rejects(withRetry(attempt, () => false, policy, new AbortController().signal, new InstantClock()), { message: "failure 1" });
    assert.equal(calls(), 1);
  });

  it("starts no retry past maxElapsedMs", async () => {
    const clock = new InstantClock(1);
    const short = resolveRetryPolicy({ attempts: 10, baseDelayMs: 100, maxDelayMs: 1000, maxElapsedMs: 350 });
    const { attempt, calls } = failing(99);
    await assert.rejects(withRetry(attempt, () => true, short, new AbortController().signal, clock), { message: "failure 3" });
    // 100 + 200 = 300 waited; the next delay (400) would end past 350.
    assert.equal(calls(), 3);
    assert.deepEqual(clock.delays, [100, 200]);
  });

  it("rejects with the abort reason when aborted during a delay", async () => {
    const controller = new AbortController();
    const reason = abortReason();
    const clock = new InstantClock();
    const attempt = async () => {
      controller.abort(reason);
      throw new TypeError("network");
    };
    await assert.rejects(withRetry(attempt, () => true, policy, controller.signal, clock), (error) => error === reason);
    assert.deepEqual(clock.delays, []);
  });

  it("stops waiting and rejects with the abort reason when aborted between attempts", async () => {
    const controller = new AbortController();
    const reason = abortReason();
    const clock = new ManualClock(0);
    const { attempt, calls } = failing(99);
    const running = withRetry(attempt, () => true, policy, controller.signal, clock);
    await waitFor(() => clock.pending.length === 1, "the first delay");
    controller.abort(reason);
    await assert.rejects(running, (error) => error === reason);
    assert.deepEqual(clock.pending, []);
    assert.equal(calls(), 1);
  });

  it("makes no attempt when the signal is already aborted", async () => {
    const controller = new AbortController();
    const reason = abortReason();
    controller.abort(reason);
    const { attempt, calls } = failing(0);
    await assert.rejects(withRetry(attempt, () => true, policy, controller.signal, new InstantClock()), (error) => error === reason);
    assert.equal(calls(), 0);
  });
});
