// Chip registries: presenters by kind, layered over an optional base registry.
import { KIND_PATTERN } from "../contract/limits.js";
import type { ChipPresenter, ChipRegistry, FallbackPresenter } from "./types.js";
import { unresolvedPresenter } from "./presenters/unresolved.js";

/**
 * Creates a registry. With `base`, kinds the new registry does not define come from the base
 * (so a host can restyle one kind for one element without touching the shared registry).
 * `fallback` draws unresolved chips (see `UnresolvedContextRecord` for what it is called with):
 * the members it sets replace the built-in unresolved chip's, the others stay. Default: the
 * base's fallback, else the built-in unresolved chip.
 */
export function createChipRegistry(options: { fallback?: FallbackPresenter; base?: ChipRegistry } = {}): ChipRegistry {
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
  const { fallback } = options;
  if (fallback !== undefined && (fallback === null || typeof fallback !== "object")) {
    throw new TypeError(`Invalid fallback presenter: expected an object, got ${String(fallback)}`);
  }

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
    // Merged once, so a host's fallback that sets only an icon keeps the unresolved tooltip.
    fallback: fallback ? { ...unresolvedPresenter, ...fallback } : (base?.fallback ?? unresolvedPresenter),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
