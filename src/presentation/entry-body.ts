// Hands a registry's kind definitions to the provider projection, for a host that projects in the
// browser with the registry at hand. The codec itself never imports the browser registry
// (docs/custom-kinds.md, "Projecting on a server"): a server passes the same definitions as
// `kinds`.
import { customEntryBody } from "../codec/kind-definitions.js";
import type { ComposerContextRecord } from "../contract/types.js";
import type { ChipRegistry } from "./types.js";

/**
 * An `entryBody` option for `projectComposerContextForProvider`: each record whose kind the
 * registry has a definition for (`defineContextKind`, or a presenter's deprecated `entryBody`)
 * gets that kind's body when its payload passes the kind's schema; every other record gets
 * `undefined`, which means the default entry. A body that throws counts as none. The same as
 * passing `{ kinds: registry.definitions() }`.
 *
 * ```js
 * projectComposerContextForProvider(message, { entryBody: entryBodyFromRegistry(chipRegistry) });
 * ```
 */
export function entryBodyFromRegistry(registry: ChipRegistry): (record: ComposerContextRecord) => string | undefined {
  if (!registry || typeof registry.get !== "function" || typeof registry.definition !== "function") {
    throw new TypeError(`entryBodyFromRegistry: expected a chip registry, got ${String(registry)}`);
  }
  return (record) => {
    const definition = registry.definition(record.kind);
    return definition && customEntryBody(definition, record);
  };
}
