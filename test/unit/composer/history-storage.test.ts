// The saved form of the prompt history (docs/composer.md, "Prompt history"): bounded by count and
// size with the oldest dropped first, and read from untrusted storage without a throw.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  HISTORY_MAX_CHARS,
  HISTORY_MAX_ENTRIES,
  boundHistory,
  historyEntry,
  parseHistory,
  serializeHistory,
} from "../../../src/elements/composer/history-storage.js";

const SENT_AT = "2026-12-01T12:00:00.000Z";
const mention = { version: 1, contextId: "mention_a", kind: "mention", label: "a.ts", path: "a.ts" } as const;

describe("prompt history storage", () => {
  it("round-trips entries, with context only when there are records", () => {
    const entries = [historyEntry("plain", [], SENT_AT), historyEntry("[a.ts](t3-context://v1/mention/mention_a)", [mention], SENT_AT)];
    assert.deepEqual(entries[0], { text: "plain", sentAt: SENT_AT });
    assert.deepEqual(parseHistory(serializeHistory(entries)), entries);
    assert.equal(serializeHistory([]), null);
  });

  it("keeps the newest 100 entries", () => {
    const entries = Array.from({ length: HISTORY_MAX_ENTRIES + 1 }, (_, i) => historyEntry(`m${i}`, [], SENT_AT));
    const kept = boundHistory(entries);
    assert.equal(kept.length, HISTORY_MAX_ENTRIES);
    assert.deepEqual([kept[0]!.text, kept.at(-1)!.text], ["m1", `m${HISTORY_MAX_ENTRIES}`]);
  });

  it("keeps at most 1 MiB of JSON, dropping the oldest, and never an entry bigger than that", () => {
    const half = Math.floor(HISTORY_MAX_CHARS / 2);
    const entries = ["a", "b", "c"].map((letter) => historyEntry(letter.repeat(half - 100), [], SENT_AT));
    const json = serializeHistory(entries)!;
    assert.ok(json.length <= HISTORY_MAX_CHARS);
    assert.deepEqual(parseHistory(json).map((entry) => entry.text[0]), ["b", "c"]);
    assert.equal(serializeHistory([historyEntry("x".repeat(HISTORY_MAX_CHARS), [], SENT_AT)]), null);
  });

  it("reads hostile storage as nothing, entry by entry and record by record", () => {
    for (const raw of [null, "", "not json", "null", "7", '"x"', "[]", '{"version":2,"entries":[]}', '{"version":1}', '{"version":1,"entries":{"length":1,"0":{}}}']) {
      assert.deepEqual(parseHistory(raw), [], String(raw));
    }
    const raw = JSON.stringify({
      version: 1,
      entries: [null, 1, "x", { text: 1, sentAt: SENT_AT }, { text: "no date" }, { text: "ok", sentAt: SENT_AT, context: { records: [mention, { kind: "mention" }, null] } }],
    });
    assert.deepEqual(parseHistory(raw), [historyEntry("ok", [mention], SENT_AT)]);
    const proto = '{"version":1,"entries":[{"__proto__":{"text":"inherited","sentAt":"x"}},{"text":"own","sentAt":"x","context":{"__proto__":{"records":[]}}}]}';
    assert.deepEqual(parseHistory(proto), [{ text: "own", sentAt: "x" }]);
  });
});
