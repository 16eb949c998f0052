// Chip registries: presenters by kind, layered over an optional base registry.
import { KIND_PATTERN } from "../contract/limits.js";
import type { ChipPresenter, ChipRegistry } from "./types.js";
import { unresolvedPresenter } from "./presenters/unresolved.js";

/**
 * Creates a registry. With `base`, kinds the new registry does not define come from the base
 * (so a host can restyle one kind for one element without touching the shared registry).
 * `fallback` draws unresolved chips; default: the base's, else the built-in unresolved chip.
 */
export function createChipRegistry(options: { fallback?: ChipPresenter; base?: ChipRegistry } = {}): ChipRegistry {
  const own = new Map<string, ChipPresenter>();
  const listeners = new Set<() => void>();
  const { base } = options;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const unsubscribeBase = base?.subscribe(notify);
  void unsubscribeBase; // a derived registry lives as long as its base: no teardown to do

  const checked = (kind: string, presenter: ChipPresenter) => {
    if (typeof kind !== "string" || !KIND_PATTERN.test(kind)) {
      throw new TypeError(`Invalid context kind: ${JSON.stringify(kind)} (expected ${KIND_PATTERN})`);
    }
    if (presenter === null || typeof presenter !== "object") {
      throw new TypeError(`Invalid presenter for context kind ${kind}: expected an object`);
    }
    return presenter;
  };

  return {
    define(kind, presenter) {
      checked(kind, presenter);
      if (own.has(kind) || base?.get(kind)) throw new Error(`Duplicate context presentation handler: ${kind}`);
      own.set(kind, presenter);
      notify();
    },
    override(kind, presenter) {
      own.set(kind, checked(kind, presenter));
      notify();
    },
    get(kind) {
      return own.get(kind) ?? base?.get(kind);
    },
    kinds() {
      return [...new Set([...(base?.kinds() ?? []), ...own.keys()])];
    },
    fallback: options.fallback ?? base?.fallback ?? unresolvedPresenter,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
