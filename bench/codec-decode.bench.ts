// Decode throughput of the contract: `decodeComposerContextRecord` and `decodeMessageContext`
// beside a hand-written decoder of the same records (the floor) and Effect Schema 4 (the library
// T3 Code's own contract uses). Run with `npx tsx bench/codec-decode.bench.ts`.
//
// Each row times one pass over the same parsed JSON with each decoder, after warm-up, and reports
// the median of several passes in milliseconds. Before timing, every decoder must agree with ours
// on every input, so the comparison is between equivalent decoders.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { decodeComposerContextRecord, decodeMessageContext } from "t3-composer/codec";
import { decodeMessageContextWithEffect, decodeRecordWithEffect } from "./effect-records.js";
import { decodeMessageContextByHand, decodeRecordByHand } from "./hand-written-records.js";
import { median, type BenchRow } from "./lib/row.js";
import { makeMessageContexts, makeRecords } from "./record-fixtures.js";

const WARMUP_PASSES = 3;
const TIMED_PASSES = 9;
/** Effect ÷ ours must be at least this: a margin above parity, so noise does not flip the row. */
const EFFECT_RATIO_MIN = 1.1;

type Decoder = (input: unknown) => unknown;

/** Ours, as a value-or-undefined decoder like the other two. */
const ours =
  (decode: typeof decodeComposerContextRecord | typeof decodeMessageContext): Decoder =>
  (input) => {
    const result = decode(input);
    return result.success ? result.output : undefined;
  };

// Results go here so that no pass can be optimized away.
let sink = 0;

function pass(decode: Decoder, inputs: readonly unknown[]): number {
  const started = performance.now();
  for (const input of inputs) if (decode(input) !== undefined) sink++;
  return performance.now() - started;
}

/** The rows whose decoders were found to agree: the check is slow and its answer cannot change. */
const agreed = new Set<string>();

/** Every decoder must give ours' result on every input, so that equivalent decoders are timed. */
function checkAgreement(name: string, inputs: readonly unknown[], decoders: { ours: Decoder; floor: Decoder; effect: Decoder }): void {
  if (agreed.has(name)) return;
  for (const input of inputs) {
    const expected = decoders.ours(input);
    assert.deepEqual(decoders.floor(input), expected, `hand-written disagrees on ${JSON.stringify(input).slice(0, 200)}`);
    assert.deepEqual(decoders.effect(input), expected, `Effect disagrees on ${JSON.stringify(input).slice(0, 200)}`);
  }
  agreed.add(name);
}

/** Times the three decoders on `inputs`, interleaved so drift affects them alike. */
function compare(name: string, inputs: readonly unknown[], decoders: { ours: Decoder; floor: Decoder; effect: Decoder }): BenchRow {
  checkAgreement(name, inputs, decoders);
  const times = { ours: [] as number[], floor: [] as number[], effect: [] as number[] };
  const order = ["ours", "floor", "effect"] as const;
  for (let round = 0; round < WARMUP_PASSES + TIMED_PASSES; round++) {
    for (let i = 0; i < order.length; i++) {
      const key = order[(round + i) % order.length]!;
      const elapsed = pass(decoders[key], inputs);
      if (round >= WARMUP_PASSES) times[key].push(elapsed);
    }
  }
  const [mine, floor, effect] = [median(times.ours), median(times.floor), median(times.effect)];
  return {
    name: `decode ${name}`,
    ours: mine,
    ratio: effect / mine,
    peer: effect,
    peerName: "Effect Schema 4",
    unit: "ms",
    target: `≥ ${EFFECT_RATIO_MIN} (Effect ÷ ours)`,
    pass: effect / mine >= EFFECT_RATIO_MIN,
    note: `ours / Effect ${(mine / effect).toFixed(2)}×, hand-written floor ${floor.toFixed(1)} ms (ours / floor ${(mine / floor).toFixed(2)}×)`,
  };
}

/** Mutates every tenth record so that it fails (a wrong type, a bound, a missing key). */
function withFailures(records: Record<string, unknown>[]): Record<string, unknown>[] {
  const breakers: ((record: Record<string, unknown>) => void)[] = [
    (record) => (record.version = "1"),
    (record) => (record.contextId = "has space"),
    (record) => (record.label = "x".repeat(201)),
    (record) => delete record.kind,
    (record) => (record.kind = "Image"),
  ];
  return records.map((record, index) => {
    if (index % 10 !== 0) return record;
    const broken = { ...record };
    breakers[(index / 10) % breakers.length]!(broken);
    return broken;
  });
}

/** Runs every row and returns it. */
export async function run(): Promise<BenchRow[]> {
  const records = makeRecords(100_000);
  const contexts = makeMessageContexts(1_000, 100);
  const mixed = withFailures(makeRecords(100_000, 3));
  const recordDecoders = { ours: ours(decodeComposerContextRecord), floor: decodeRecordByHand, effect: decodeRecordWithEffect };
  const rows = [
    compare("100,000 records, 9 forms", records, recordDecoders),
    compare("100,000 records, 10% failing", mixed, recordDecoders),
    compare("1,000 message contexts × 100 records", contexts, {
      ours: ours(decodeMessageContext),
      floor: decodeMessageContextByHand,
      effect: decodeMessageContextWithEffect,
    }),
  ];
  if (sink < 0) console.log(sink);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rows = await run();
  const ms = (value: number) => value.toFixed(1).padStart(8);
  console.log(`${"median ms per pass".padEnd(47)} ${"ours".padStart(8)} ${"effect".padStart(8)}  note`);
  for (const row of rows) console.log(`${row.name.padEnd(47)} ${ms(row.ours)} ${ms(row.peer)}  ${row.note ?? ""}`);
}
