// What the presentation reports instead of throwing: a presenter that throws is a host's bug, and
// the element it drew for says so in `t3-error` (docs/errors.md) while the chip keeps its default
// look. Also the registry check both elements' `registry` setters share.
import type { ChipRegistry } from "./types.js";

/** The `t3-error` of a presenter that threw, on the element that drew the chip. @internal */
export function reportPresenterFailure(host: EventTarget, kind: string, member: string, cause: unknown): void {
  console.error(`t3-composer: the ${member} presenter of ${kind} threw`, cause);
  const detail = { code: "presenter-failed" as const, message: `The ${member} presenter of context kind ${kind} threw; the chip is drawn without it`, cause };
  host.dispatchEvent(new CustomEvent("t3-error", { detail, bubbles: true, composed: true }));
}

/** `reportPresenterFailure` on `host`, in the shape `resolveChip` takes. @internal */
export function presenterFailureReporter(host: EventTarget): (kind: string, member: string, cause: unknown) => void {
  return (kind, member, cause) => reportPresenterFailure(host, kind, member, cause);
}

/**
 * The check of an element's `registry` setter: throws a `TypeError` naming the bad value unless
 * `value` has a registry's methods. @internal
 */
export function assertChipRegistry(value: unknown): asserts value is ChipRegistry {
  const registry = value as Partial<ChipRegistry> | null | undefined;
  if (!registry || typeof registry.get !== "function" || typeof registry.subscribe !== "function" || typeof registry.definition !== "function") {
    throw new TypeError(`registry: expected a chip registry, got ${String(value)}`);
  }
}
