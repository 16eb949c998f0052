// Hands a registry's `entryBody` presenters to the provider projection. The codec itself never
// imports the browser registry (README Decision 11): the host passes this function in.
import type { ComposerContextRecord } from "../contract/types.js";
import { payloadAccepted } from "./resolve.js";
import type { ChipRegistry } from "./types.js";

/**
 * An `entryBody` option for `projectComposerContextForProvider`: each record whose kind has a
 * presenter with `entryBody` (and whose payload passes the presenter's `payload` schema) gets
 * that body; every other record gets `undefined`, which means the default entry. A presenter
 * that throws is treated as having no body for that record.
 *
 * ```js
 * projectComposerContextForProvider(message, { entryBody: entryBodyFromRegistry(chipRegistry) });
 * ```
 */
export function entryBodyFromRegistry(registry: ChipRegistry): (record: ComposerContextRecord) => string | undefined {
  if (!registry || typeof registry.get !== "function") {
    throw new TypeError(`entryBodyFromRegistry: expected a chip registry, got ${String(registry)}`);
  }
  return (record) => {
    const presenter = registry.get(record.kind);
    if (!presenter?.entryBody || !payloadAccepted(presenter, record)) return undefined;
    try {
      const body = presenter.entryBody(record);
      return typeof body === "string" ? body : undefined;
    } catch (error) {
      console.error(`t3-composer: the entryBody of ${record.kind} threw`, error);
      return undefined;
    }
  };
}
