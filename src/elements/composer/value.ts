// The draft as a value (docs/composer.md, "Value"): canonical text, plus `context` with exactly
// the records the text references, in first-reference order, when there is at least one.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import type { ComposerContextRecord } from "../../contract/types.js";
import { referencedIdsOf, textOfDoc } from "../../editor/text.js";
import type { DraftModel } from "./draft.js";
import { liveRecords, type DraftState } from "./draft-state.js";
import { decodedRecord } from "./record-check.js";
import type { ComposerValue } from "./types.js";

/** What value.ts uses of its composer (wiring.ts). */
export interface ValueParts {
  readonly model: DraftModel;
}

/** The value of a document with a set of records. */
export function valueOf(doc: ProseMirrorNode, records: ReadonlyMap<string, ComposerContextRecord>): ComposerValue {
  const text = textOfDoc(doc);
  const referenced: ComposerContextRecord[] = [];
  for (const id of referencedIdsOf(doc)) {
    const record = records.get(id);
    if (record) referenced.push(record);
  }
  return referenced.length > 0 ? { text, context: { version: 1, records: referenced } } : { text };
}

/** Images on the shelf that no chip references: a saved or stashed draft keeps them after its records. */
export function shelfImages(draft: DraftState): ComposerContextRecord[] {
  return [...liveRecords(draft).values()].filter((record) => record.kind === "image" && draft.counts.count(record.contextId) === 0);
}

/** The `value` setter: a wrong type throws; invalid records in it are dropped. */
export function setValue(composer: ValueParts, input: unknown): void {
  if (input === null || typeof input !== "object" || typeof (input as ComposerValue).text !== "string") {
    throw new TypeError(`t3-composer: value must be { text: string, context? }, got ${JSON.stringify(input) ?? String(input)}`);
  }
  const raw = (input as { context?: { records?: unknown } }).context?.records;
  const records = Array.isArray(raw) ? raw.map(decodedRecord).filter((record) => record !== null) : [];
  composer.model.replace((input as ComposerValue).text, records);
}
