// Compact JSON of an untrusted value, refused as soon as it cannot fit a limit (docs/wire-format.md, "Records": the
// unknown-kind payload bound and the message context's aggregate bound).

/** Thrown from inside `JSON.stringify` to stop it; never escapes this module. */
const TOO_LONG = Symbol();

/**
 * `JSON.stringify(value)` when that succeeds and is at most `max` characters long, otherwise
 * `undefined` (no JSON at all, a cycle, a BigInt, a throwing getter, Proxy trap or `toJSON`).
 *
 * Arrays are measured before they are walked. An array of length `n` writes at least its two
 * brackets and `n - 1` commas, and no two arrays share those, so the sum of `n + 1` over the
 * arrays met so far never exceeds the output. Once it exceeds `max` the walk stops: a sparse
 * array of length 2 ** 32 - 1 costs nothing to build (structured clone delivers one through
 * `postMessage`) but hours to serialize, one hole at a time.
 * @internal
 */
export function boundedJson(value: unknown, max: number): string | undefined {
  // A string can be measured without serializing it: its JSON is at least length + 2.
  if (typeof value === "string" && value.length > max) return undefined;
  let budget = max;
  try {
    const json: string | undefined = JSON.stringify(value, (_key, item: unknown) => {
      if (Array.isArray(item)) {
        budget -= item.length + 1;
        if (budget < 0) throw TOO_LONG;
      }
      return item;
    });
    return json !== undefined && json.length <= max ? json : undefined;
  } catch {
    return undefined;
  }
}
