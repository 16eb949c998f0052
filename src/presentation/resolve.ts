// Decides how one chip is drawn: which presenter, which record, which text.
import { acceptsContextRecord, kindDisplayName } from "../codec/kind-definitions.js";
import type { ComposerContextRecord } from "../contract/types.js";
import { englishLocalizer, type Localizer } from "../l10n/localizer.js";
import type { ChipRegistry, FallbackPresenter, UnresolvedContextRecord } from "./types.js";

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
  /** The kind's presenter, or the registry's fallback when the chip is unresolved. */
  presenter: FallbackPresenter;
  /** Present only when the chip is resolved. */
  record: ComposerContextRecord | undefined;
  /**
   * What the presenter is called with: the record of a resolved chip; for an unresolved one the
   * record when there is one, else `{ version: 1, kind, contextId, label }` from the link.
   */
  subject: UnresolvedContextRecord;
  resolved: boolean;
  label: string;
  /**
   * What follows the label in the accessible name: the kind's name (`"File"`); `undefined` for an
   * unresolved chip whose fallback gives no `kindLabel`, which is named as unavailable.
   */
  kindName: string | undefined;
  /**
   * The accessible name: `"<label>, <kind>"` (`chipName`), or `"<label>, unavailable context"`
   * (`unavailableContext`), so that it begins with what the chip shows.
   */
  ariaLabel: string;
}

/**
 * A chip's accessible name: `shown` (its label, and any text drawn after it, in the order it is
 * drawn) first, then the kind, or that it is unavailable when `kindName` is `undefined`.
 * WCAG 2.5.3 (Label in Name) wants the name to begin with the visible text, so that a
 * voice-control user who says what they see reaches the chip (docs/accessibility.md, "The composer").
 */
export function chipAccessibleName(strings: Localizer, shown: string, kindName: string | undefined): string {
  return kindName === undefined ? strings.text("unavailableContext", { label: shown }) : strings.text("chipName", { label: shown, kind: kindName });
}

/** Hears a presenter member that threw while a chip was resolved (its `label` or `kindLabel`). */
export type PresenterFailureReport = (kind: string, member: string, cause: unknown) => void;

function presenterText(report: PresenterFailureReport | undefined, kind: string, member: string, run: () => string | undefined): string | undefined {
  try {
    return run();
  } catch (error) {
    report?.(kind, member, error); // a presenter bug degrades to the default text, and is reported
    return undefined;
  }
}

/**
 * Resolves a reference against its record (or `undefined`) and the registry. A record whose
 * kind has no presenter, a missing record, a payload that fails the kind definition's schema, or
 * a record the surface found `unavailable` (an image whose attachment is not the message's)
 * gives the registry's fallback, which is called with the record when there is one.
 */
export function resolveChip(
  registry: ChipRegistry,
  reference: ChipReference,
  record: ComposerContextRecord | undefined,
  unavailable = false,
  strings: Localizer = englishLocalizer,
  report?: PresenterFailureReport,
): ResolvedChip {
  const kind = record?.kind ?? reference.kind;
  const presenter = registry.get(kind);
  const definition = registry.definition(kind);
  if (unavailable || !presenter || !record || (definition && !acceptsContextRecord(definition, record))) {
    return unresolvedChip(registry.fallback, kind, reference, record, strings, report);
  }
  const label = presenterText(report, kind, "label", () => presenter.label?.(record)) || record.label.trim() || reference.label;
  const kindLabel = presenterText(report, kind, "kindLabel", () => presenter.kindLabel?.(record)) || (definition?.label ?? kindDisplayName(kind));
  return {
    kind,
    contextId: reference.contextId,
    presenter,
    record,
    subject: record,
    resolved: true,
    label,
    kindName: kindLabel,
    ariaLabel: chipAccessibleName(strings, label, kindLabel),
  };
}

/**
 * The fallback's chip. Its label is the fallback's `label`, else the link's (the record's own
 * label is not shown: a record that cannot be drawn is not trusted to name itself); its
 * accessible name says it is unavailable unless the fallback gives a `kindLabel`.
 */
function unresolvedChip(
  fallback: FallbackPresenter,
  kind: string,
  reference: ChipReference,
  record: ComposerContextRecord | undefined,
  strings: Localizer,
  report: PresenterFailureReport | undefined,
): ResolvedChip {
  const subject: UnresolvedContextRecord = record ?? { version: 1, kind, contextId: reference.contextId, label: reference.label };
  const label = presenterText(report, kind, "label", () => fallback.label?.(subject)) || reference.label;
  const kindName = presenterText(report, kind, "kindLabel", () => fallback.kindLabel?.(subject)) || undefined;
  return {
    kind,
    contextId: reference.contextId,
    presenter: fallback,
    record: undefined,
    subject,
    resolved: false,
    label,
    kindName,
    ariaLabel: chipAccessibleName(strings, label, kindName),
  };
}
