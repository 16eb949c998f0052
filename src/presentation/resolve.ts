// Decides how one chip is drawn: which presenter, which record, which text.
import { safeParse } from "valibot";
import type { ComposerContextRecord } from "../contract/types.js";
import { kindDisplayName } from "./labels.js";
import type { ChipPresenter, ChipRegistry } from "./types.js";

/** A reference as the text carries it. */
export interface ChipReference {
  kind: string;
  contextId: string;
  /** The link's (sanitized) label. */
  label: string;
}

/** Everything needed to draw one chip. */
export interface ResolvedChip {
  /** The record's kind when there is a record, else the link's. */
  kind: string;
  contextId: string;
  presenter: ChipPresenter;
  /** Present only when the chip is resolved. */
  record: ComposerContextRecord | undefined;
  resolved: boolean;
  label: string;
  /** The accessible name: `"<Kind>: <label>"`, or `"Unavailable context, <label>"`. */
  ariaLabel: string;
}

// Payload checks can be costly for big payloads; a record object is immutable once decoded.
const payloadVerdicts = new WeakMap<object, boolean>();

/** Whether a record passes its presenter's `payload` schema (no schema: yes). @internal */
export function payloadAccepted(presenter: ChipPresenter, record: ComposerContextRecord): boolean {
  if (!presenter.payload || !("payload" in record)) return true;
  let verdict = payloadVerdicts.get(record);
  if (verdict === undefined) {
    try {
      verdict = safeParse(presenter.payload, record.payload).success;
    } catch {
      verdict = false; // a host schema that throws is a failed payload, never a broken render
    }
    payloadVerdicts.set(record, verdict);
  }
  return verdict;
}

function presenterText(run: () => string | undefined): string | undefined {
  try {
    return run();
  } catch {
    return undefined; // a presenter bug degrades to the default text
  }
}

/**
 * Resolves a reference against its record (or `undefined`) and the registry. A record whose
 * kind has no presenter, a missing record, or a payload that fails the kind's `payload` schema
 * gives the registry's fallback.
 */
export function resolveChip(
  registry: ChipRegistry,
  reference: ChipReference,
  record: ComposerContextRecord | undefined,
): ResolvedChip {
  const kind = record?.kind ?? reference.kind;
  const presenter = registry.get(kind);
  if (!presenter || !record || !payloadAccepted(presenter, record)) {
    return {
      kind,
      contextId: reference.contextId,
      presenter: registry.fallback,
      record: undefined,
      resolved: false,
      label: reference.label,
      ariaLabel: `Unavailable context, ${reference.label}`,
    };
  }
  const label = presenterText(() => presenter.label?.(record)) || record.label.trim() || reference.label;
  const kindLabel = presenterText(() => presenter.kindLabel?.(record)) || kindDisplayName(kind);
  return { kind, contextId: reference.contextId, presenter, record, resolved: true, label, ariaLabel: `${kindLabel}: ${label}` };
}
