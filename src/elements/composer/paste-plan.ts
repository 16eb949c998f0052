// What a paste brings (docs/composer.md, "Paste"): the data copied out of the event
// (paste-import.ts), the fragment read from it and limited to what the text links to, and the
// import plan (import-plan.ts) with every record decoded again.
import { TextSelection, type Transaction } from "prosemirror-state";
import { decodeClipboardFragment, decodeClipboardHtml } from "../../codec/clipboard.js";
import { collectComposerContextReferences } from "../../codec/references.js";
import { asKnownContextRecord } from "../../contract/kinds.js";
import type { ClipboardFragment, ComposerContextRecord } from "../../contract/types.js";
import { inlinePosition } from "../../editor/insert.js";
import { mintLocalId } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { planRecords, type ImportPlan } from "./import-plan.js";
import { decodedRecord } from "./record-check.js";

/** What an import needs of a paste's or a drop's data, copied out during its event. */
export interface PastedData {
  /** The plain text, line breaks made `\n`; never empty. */
  text: string;
  /** Shift was held: a long text goes in inline anyway. */
  plain: boolean;
  /** The fragment's flavors as the data held them (`""` when absent): the custom type with Chromium's `web ` prefix, without it, and the HTML. */
  custom: string;
  bare: string;
  html: string;
}

/** What an import goes through: a paste or a drop, and where it lands. */
export interface ImportEvent {
  uiEvent: "paste" | "drop";
  /** A drop's point; `undefined`: at the selection. */
  at?: number | undefined;
}

/** A transaction whose selection is where the import goes: the drop point, or the selection. */
export function importTransaction(composer: Composer, { at }: ImportEvent): Transaction {
  const tr = composer.model.state.tr;
  return at === undefined ? tr : tr.setSelection(TextSelection.create(tr.doc, inlinePosition(tr.doc, at)));
}

/**
 * The fragment of a paste (docs/composer.md, "Paste"): the custom type first (with or without
 * Chromium's `web ` prefix), then the HTML flavor's attribute. `null` when there is none. Its
 * records are then limited to what the pasted text links to (`linkedPart`).
 */
export function readFragment(data: PastedData): ClipboardFragment | null {
  return decodeClipboardFragment(data.custom) ?? decodeClipboardFragment(data.bare) ?? decodeClipboardHtml(data.html);
}

/** The context ids `text` links to. */
export function linkedIds(text: string): Set<string> {
  return new Set(collectComposerContextReferences(text).map((occurrence) => occurrence.contextId));
}

/** `fragment` with the records `linked` names; kept annotations keep their screenshot image. */
export function linkedPart(fragment: ClipboardFragment, linked: Set<string>): ClipboardFragment {
  for (const record of fragment.records) {
    const known = asKnownContextRecord(record);
    if (known?.kind === "preview-annotation" && linked.has(known.contextId) && known.screenshotContextId) linked.add(known.screenshotContextId);
  }
  return { ...fragment, records: fragment.records.filter((record) => linked.has(record.contextId)) };
}

/** An import plan, with `rewrite` for the links of text planned apart (a large paste's pieces). */
export interface PreparedImport extends ImportPlan {
  rewrite(text: string): string;
}

/** The plan, every record in it decoded again into a frozen copy (the plan builds new objects). */
export function prepare(
  text: string,
  records: readonly ComposerContextRecord[],
  sourceEnvironmentId: string | null,
  held: (contextId: string) => ComposerContextRecord | undefined,
): PreparedImport {
  const plan = planRecords(records, { held, sourceEnvironmentId, mintLocalId });
  return {
    rewrite: plan.rewrite,
    text: plan.rewrite(text),
    records: plan.records.map(decodedRecord).filter((record) => record !== null),
    fetches: plan.fetches.flatMap((fetch) => {
      const record = decodedRecord(fetch.record);
      return record ? [{ ...fetch, record: record as typeof fetch.record }] : [];
    }),
  };
}

/** `prepare` for a paste into the draft: records it holds (or is fetching) are not brought again. */
export function prepareFor(composer: Composer, text: string, fragment: ClipboardFragment | null): PreparedImport {
  const known = composer.model.draft.records;
  const held = (contextId: string) => known.get(contextId) ?? composer.uploads.imports.get(contextId)?.record;
  return prepare(text, fragment?.records ?? [], fragment?.source.environmentId ?? null, held);
}

export function startFetches(composer: Composer, plan: ImportPlan): void {
  for (const fetch of plan.fetches) composer.uploads.fetch(composer.uploads.imports.add(fetch));
}
