// Hostile JavaScript values for the decoders that take `unknown`: cycles, throwing and flipping
// getters, Proxies with throwing traps, revoked Proxies, `toJSON` tricks, `__proto__` and
// `constructor` keys, null prototypes, deep nesting and huge sparse arrays.
//
// fast-check generates a *recipe* (plain data) and the property builds the value from it: a
// counterexample then prints and shrinks like any other, where a Proxy or a throwing getter
// would make fast-check's own printer throw.
import fc from "fast-check";
import { validRecord } from "../support/record-arbitraries.js";

export const TRAPS = [
  "cycle",
  "throwing-getter",
  "flipping-getter",
  "proxy-get",
  "proxy-has",
  "proxy-own-keys",
  "proxy-descriptor",
  "proxy-prototype",
  "revoked-proxy",
  "to-json-throws",
  "to-json-flips",
  "proto-key",
  "constructor-key",
  "null-prototype",
  "inherited",
  "deep-array",
  "deep-object",
  "sparse-array",
  "huge-string",
] as const;
export type Trap = (typeof TRAPS)[number];

/** Where a trap goes: `path` picks a child at each level (modulo its key count). */
export interface HostileRecipe {
  base: unknown;
  path: number[];
  trap: Trap;
  /** Nesting depth for the deep traps, length for the sparse and string ones. */
  size: number;
}

/** Values a decoder may be handed: records, contexts and fragments of valid records, and JSON. */
const hostileBase: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: validRecord },
  { weight: 2, arbitrary: fc.record({ version: fc.constant(1), records: fc.array(validRecord, { maxLength: 4 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      version: fc.constant(1),
      source: fc.record({ environmentId: fc.constant("env") }),
      records: fc.array(validRecord, { maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // fast-check's every kind of value (Map, Set, Date, BigInt, typed and sparse arrays, boxed
  // primitives, null prototypes), with a trap planted in it like any other base.
  {
    weight: 1,
    arbitrary: fc.anything({
      maxDepth: 3,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
  },
);

/** A recipe for one hostile value: a base with one trap planted somewhere in it. */
export const hostileRecipe: fc.Arbitrary<HostileRecipe> = fc.record({
  base: hostileBase,
  path: fc.array(fc.nat(), { maxLength: 4 }),
  trap: fc.constantFrom(...TRAPS),
  size: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.constantFrom(1_000, 100_000, 2 ** 32 - 1)),
});

const boom = (what: string) => (): never => {
  throw new Error(`hostile ${what}`);
};

type Container = Record<PropertyKey, unknown>;
const isObject = (value: unknown): value is Container => typeof value === "object" && value !== null;

function nested(kind: "deep-array" | "deep-object", depth: number): unknown {
  let value: unknown = "leaf";
  // Capped: a million-deep value costs a second to build and proves nothing more than 100,000.
  for (let level = 0; level < Math.min(depth, 100_000); level++) value = kind === "deep-array" ? [value] : { a: value };
  return value;
}

function sparse(length: number): unknown[] {
  const array: unknown[] = [];
  array.length = Math.min(length, 2 ** 32 - 1);
  return array;
}

/** The hostile replacement of `value` (the value the trap sits on). */
function replacement(trap: Trap, value: unknown, root: unknown, size: number): unknown {
  const target = isObject(value) ? value : {};
  switch (trap) {
    case "cycle":
      return root;
    case "proxy-get":
      return new Proxy(target, { get: boom("get") });
    case "proxy-has":
      return new Proxy(target, { has: boom("has") });
    case "proxy-own-keys":
      return new Proxy(target, { ownKeys: boom("ownKeys") });
    case "proxy-descriptor":
      return new Proxy(target, { getOwnPropertyDescriptor: boom("getOwnPropertyDescriptor") });
    case "proxy-prototype":
      return new Proxy(target, { getPrototypeOf: boom("getPrototypeOf") });
    case "revoked-proxy": {
      const { proxy, revoke } = Proxy.revocable(target, {});
      revoke();
      return proxy;
    }
    case "to-json-throws":
      return { ...target, toJSON: boom("toJSON") };
    case "to-json-flips": {
      // Small the first time it is serialized, huge and then throwing afterwards.
      let calls = 0;
      return { ...target, toJSON: () => (calls++ === 0 ? value : calls === 2 ? "x".repeat(100_000) : boom("toJSON")()) };
    }
    case "null-prototype":
      return Object.assign(Object.create(null) as Container, target);
    case "inherited":
      return Object.create(target) as unknown;
    case "deep-array":
    case "deep-object":
      return nested(trap, size);
    case "sparse-array":
      return sparse(size);
    case "huge-string":
      return "\uD800x<".repeat(Math.min(size, 1_000_000));
    default:
      return value;
  }
}

/** The traps that change the container itself rather than the value at `key`. */
const CONTAINER_TRAPS = new Set<Trap>(["throwing-getter", "flipping-getter", "proto-key", "constructor-key"]);
/** The traps that can wrap a whole input. */
const ROOT_TRAPS = new Set<Trap>([
  "proxy-get",
  "proxy-has",
  "proxy-own-keys",
  "proxy-descriptor",
  "proxy-prototype",
  "revoked-proxy",
  "null-prototype",
  "inherited",
  "to-json-throws",
]);

/** Plants a container trap at `container[key]`. */
function plant(trap: Trap, container: Container, key: string): void {
  const original = container[key];
  switch (trap) {
    case "throwing-getter":
      Object.defineProperty(container, key, { enumerable: true, configurable: true, get: boom(`getter ${key}`) });
      return;
    case "flipping-getter": {
      // The first read sees the valid value, later reads something else: a decoder that reads
      // twice (check, then copy) would let the second value through unchecked.
      let reads = 0;
      Object.defineProperty(container, key, {
        enumerable: true,
        configurable: true,
        get: () => (reads++ === 0 ? original : { flipped: true, length: 2 ** 31 }),
      });
      return;
    }
    case "proto-key":
      // An own property named `__proto__`, as JSON.parse makes one.
      Object.defineProperty(container, "__proto__", { enumerable: true, configurable: true, writable: true, value: { [key]: "polluted", kind: "image" } });
      return;
    case "constructor-key":
      // Own data properties that shadow Object.prototype's methods.
      Object.assign(container, { constructor: { prototype: { polluted: true } }, hasOwnProperty: "no", toString: 1 });
      return;
  }
}

/**
 * Builds the value a recipe describes. Every call builds a fresh value, so a property can hand
 * one to a decoder twice without the first read having spent a flipping getter.
 */
export function buildHostile(recipe: HostileRecipe): unknown {
  const root = structuredClone(recipe.base);
  if (!isObject(root)) return recipe.path.length % 2 === 0 ? replacement(recipe.trap, root, root, recipe.size) : root;
  let container: Container = root;
  let key: string | undefined;
  for (const pick of recipe.path) {
    const keys = Object.keys(container);
    if (keys.length === 0) break;
    const next = keys[pick % keys.length]!;
    if (!isObject(container[next])) {
      key = next;
      break;
    }
    container = container[next] as Container;
  }
  const keys = Object.keys(container);
  key ??= keys.length > 0 ? keys[recipe.path.length % keys.length]! : "extra";
  // An empty path puts the wrapping traps on the root itself.
  if (recipe.path.length === 0 && ROOT_TRAPS.has(recipe.trap)) return replacement(recipe.trap, root, root, recipe.size);
  try {
    if (CONTAINER_TRAPS.has(recipe.trap)) plant(recipe.trap, container, key);
    else container[key] = replacement(recipe.trap, container[key], root, recipe.size);
  } catch {
    // A read-only or frozen spot (the index of a boxed string, a typed array's length): the
    // value goes in without its trap.
  }
  return root;
}

/** JSON texts whose objects carry `__proto__`, `constructor` and `prototype` keys. */
export const protoKeyJson: fc.Arbitrary<string> = fc
  .tuple(validRecord, fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty"), fc.jsonValue({ maxDepth: 2 }), fc.boolean())
  .map(([record, key, value, asId]) => {
    const json = JSON.stringify(asId ? { ...record, contextId: key } : record);
    return `{${JSON.stringify(key)}:${JSON.stringify(value)},${json.slice(1)}`;
  });
