// Chip registries: presenters by kind and the custom kinds' definitions, layered over an optional
// base registry (docs/custom-kinds.md, "The chip registry").
import { defineContextKind, isContextKindDefinition, type ContextKindDefinition } from "../codec/kind-definitions.js";
import { isKnownContextKind } from "../contract/kinds.js";
import { KIND_PATTERN } from "../contract/limits.js";
import type { ChipPresenter, ChipRegistry, FallbackPresenter } from "./types.js";
import { unresolvedPresenter } from "./presenters/unresolved.js";
import { warnOnce } from "./warn-once.js";

const LEGACY_PRESENTER_WARNING =
  "t3-composer: a presenter's payload and entryBody are deprecated. Define the kind once with " +
  "defineContextKind({ kind, payload, entryBody }) from t3-composer/codec and call registry.define(definition, looks), " +
  "so that a server projects it too (docs/custom-kinds.md).";

/** A kind and its definition from `define`'s first argument; a presenter-only call has none. */
interface KindEntry {
  kind: string;
  definition: ContextKindDefinition | undefined;
  presenter: ChipPresenter;
}

function checkedPresenter(kind: string, presenter: unknown): ChipPresenter {
  if (presenter === null || typeof presenter !== "object") {
    throw new TypeError(`Invalid presenter for context kind ${kind}: expected an object, got ${String(presenter)}`);
  }
  return presenter as ChipPresenter;
}

/**
 * Reads `define`'s arguments. A presenter given by kind name that still carries `payload` or
 * `entryBody` (the form before `defineContextKind`) keeps working for a custom kind: its
 * definition is made from them, with a one-time warning.
 */
function kindEntry(kindOrDefinition: unknown, presenter: unknown): KindEntry {
  if (isContextKindDefinition(kindOrDefinition)) {
    const { kind } = kindOrDefinition;
    return { kind, definition: kindOrDefinition, presenter: presenter === undefined ? {} : checkedPresenter(kind, presenter) };
  }
  const kind = kindOrDefinition;
  if (typeof kind !== "string" || !KIND_PATTERN.test(kind)) {
    throw new TypeError(`Invalid context kind: ${JSON.stringify(kind) ?? String(kind)} (expected ${KIND_PATTERN} or a defineContextKind result)`);
  }
  const looks = checkedPresenter(kind, presenter);
  if ((looks.payload === undefined && looks.entryBody === undefined) || isKnownContextKind(kind)) {
    return { kind, definition: undefined, presenter: looks };
  }
  warnOnce(LEGACY_PRESENTER_WARNING);
  const definition = defineContextKind({ kind, payload: looks.payload, entryBody: looks.entryBody as ContextKindDefinition["entryBody"] });
  return { kind, definition, presenter: looks };
}

/**
 * Creates a registry. With `base`, kinds the new registry does not define come from the base
 * (so a host can restyle one kind for one element without touching the shared registry).
 * `fallback` draws unresolved chips (see `UnresolvedContextRecord` for what it is called with):
 * the members it sets replace the built-in unresolved chip's, the others stay. Default: the
 * base's fallback, else the built-in unresolved chip.
 */
export function createChipRegistry(options: { fallback?: FallbackPresenter; base?: ChipRegistry } = {}): ChipRegistry {
  const own = new Map<string, ChipPresenter>();
  const ownDefinitions = new Map<string, ContextKindDefinition>();
  const listeners = new Set<() => void>();
  const { base } = options;
  let definitionList: readonly ContextKindDefinition[] | undefined;
  let baseList: readonly ContextKindDefinition[] | undefined;
  const notify = () => {
    definitionList = undefined;
    for (const listener of listeners) listener();
  };
  // The base is listened to only while this registry has listeners of its own: a base's listener
  // would keep this registry reachable for as long as the base lives (the shared registry: the
  // page), so a derived registry nobody listens to any more must not be one of them.
  let unsubscribeBase: (() => void) | undefined;

  const { fallback } = options;
  if (fallback !== undefined && (fallback === null || typeof fallback !== "object")) {
    throw new TypeError(`Invalid fallback presenter: expected an object, got ${String(fallback)}`);
  }
  const store = (entry: KindEntry) => {
    own.set(entry.kind, entry.presenter);
    if (entry.definition) ownDefinitions.set(entry.kind, entry.definition);
    notify();
  };

  return {
    define(kindOrDefinition, presenter) {
      const entry = kindEntry(kindOrDefinition, presenter);
      if (own.has(entry.kind) || base?.get(entry.kind)) throw new Error(`Duplicate context presentation handler: ${entry.kind}`);
      store(entry);
    },
    override(kindOrDefinition, presenter) {
      store(kindEntry(kindOrDefinition, presenter));
    },
    get(kind) {
      return own.get(kind) ?? base?.get(kind);
    },
    definition(kind) {
      return ownDefinitions.get(kind) ?? base?.definition(kind);
    },
    definitions() {
      // One array per state, so the projection indexes it once (it caches by array identity).
      const fromBase = base?.definitions();
      if (!definitionList || fromBase !== baseList) {
        baseList = fromBase;
        const byKind = new Map((fromBase ?? []).map((definition) => [definition.kind, definition]));
        for (const [kind, definition] of ownDefinitions) byKind.set(kind, definition);
        definitionList = Object.freeze([...byKind.values()]);
      }
      return definitionList;
    },
    kinds() {
      return [...new Set([...(base?.kinds() ?? []), ...own.keys()])];
    },
    // Merged once, so a host's fallback that sets only an icon keeps the unresolved tooltip.
    fallback: fallback ? { ...unresolvedPresenter, ...fallback } : (base?.fallback ?? unresolvedPresenter),
    subscribe(listener) {
      listeners.add(listener);
      if (base && !unsubscribeBase) unsubscribeBase = base.subscribe(notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribeBase?.();
          unsubscribeBase = undefined;
        }
      };
    },
  };
}
