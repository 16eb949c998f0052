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

/** What one UTF-16 code unit of a string can take in JSON: `\u001f`, or a lone surrogate's `\udc00`. */
const ESCAPED_UNIT_MAX = 6;
/** The longest `String(number)`: `-0.0000012345678901234567` (a sign, `0.`, five zeros, 17 digits). */
const NUMBER_JSON_MAX = 25;
/** The shortest number (`0`), and the JSON of `null` or `true`, `false`'s. */
const NUMBER_JSON_MIN = 1;
const NULL_JSON = 4;
const BOOLEAN_JSON_MIN = 4;
const BOOLEAN_JSON_MAX = 5;
/** Two quotes around a string; an object member's key adds them and a colon (and maybe a comma). */
const QUOTES = 2;
const MEMBER_PUNCTUATION_MAX = QUOTES + 2;
/**
 * Nesting deeper than this is left to {@link boundedJson}. Real records nest four or five levels;
 * a cycle nests without end, so it is met here instead of being looked for at every level.
 */
const DEPTH_MAX = 64;

/** Bounds of the JSON written so far: the least and the most it can be, in characters. */
interface Tally {
  least: number;
  most: number;
  /** Something was met whose JSON cannot be bounded by reading it: `toJSON`, a BigInt, a cycle, a class instance. */
  unsure: boolean;
}

/** Whether `JSON.stringify` leaves `value` out of an object (writes `null` for it in an array). */
const isOmitted = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

/** Adds the bounds of the JSON of `value` to `tally`; stops as soon as the answer is known. */
function tallyJson(value: unknown, tally: Tally, max: number, depth: number): void {
  switch (typeof value) {
    case "string":
      tally.least += value.length + QUOTES;
      tally.most += value.length * ESCAPED_UNIT_MAX + QUOTES;
      return;
    case "number":
      tally.least += NUMBER_JSON_MIN;
      tally.most += NUMBER_JSON_MAX;
      return;
    case "boolean":
      tally.least += BOOLEAN_JSON_MIN;
      tally.most += BOOLEAN_JSON_MAX;
      return;
    case "object":
      break;
    default:
      tally.unsure = true; // a BigInt (`JSON.stringify` throws unless someone gave BigInt a toJSON)
      return;
  }
  if (value === null) {
    tally.least += NULL_JSON;
    tally.most += NULL_JSON;
    return;
  }
  if (depth > DEPTH_MAX || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    tally.unsure = true;
    return;
  }
  if (Array.isArray(value)) tallyArray(value, tally, max, depth);
  else tallyObject(value, tally, max, depth);
}

/**
 * An array's brackets and commas are counted from its length before any item is read: a sparse
 * array of length 2 ** 32 - 1 fails at once.
 */
function tallyArray(array: readonly unknown[], tally: Tally, max: number, depth: number): void {
  const { length } = array;
  const punctuation = length === 0 ? QUOTES : length + 1;
  tally.least += punctuation;
  tally.most += punctuation;
  for (let index = 0; index < length && tally.least <= max && !tally.unsure; index++) {
    const item: unknown = array[index];
    if (isOmitted(item)) {
      tally.least += NULL_JSON;
      tally.most += NULL_JSON;
    } else tallyJson(item, tally, max, depth + 1);
  }
}

/** A plain object's members, as `JSON.stringify` lists them (own enumerable string keys). */
function tallyObject(object: object, tally: Tally, max: number, depth: number): void {
  // Boxed primitives, dates and class instances serialize in ways of their own: not bounded here.
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) {
    tally.unsure = true;
    return;
  }
  tally.least += QUOTES;
  tally.most += QUOTES;
  const record = object as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (isOmitted(item)) continue;
    tally.least += key.length + QUOTES + 1;
    tally.most += key.length * ESCAPED_UNIT_MAX + MEMBER_PUNCTUATION_MAX;
    tallyJson(item, tally, max, depth + 1);
    if (tally.least > max || tally.unsure) return;
  }
}

/**
 * Whether `JSON.stringify(value)` is at most `max` characters, told without serializing: it
 * reads `value` once and adds up the least and the most each part can write (a string of n code
 * units writes n + 2 to 6n + 2). `true` or `false` when the bounds decide it; `undefined` when
 * they do not, or when the value holds what only serializing can measure (`toJSON`, a BigInt, a
 * cycle, a boxed primitive, nesting past 64 levels): then ask {@link boundedJson}.
 *
 * For the message context's 16,000,000-character bound this answers almost every real context
 * at a fraction of `JSON.stringify`'s cost: it reads lengths, never characters. Like
 * `boundedJson`, it stops as soon as the least exceeds `max` (an array's length counts before
 * its items, so a huge sparse array fails at once).
 * @internal
 */
export function jsonFits(value: unknown, max: number): boolean | undefined {
  if (isOmitted(value)) return undefined; // no JSON at all: boundedJson says so
  const tally: Tally = { least: 0, most: 0, unsure: false };
  try {
    tallyJson(value, tally, max, 0);
  } catch {
    return undefined; // a getter or Proxy trap threw: boundedJson fails it the same way
  }
  if (tally.unsure) return undefined;
  if (tally.least > max) return false;
  return tally.most <= max ? true : undefined;
}
