// The draft as a value (docs/composer.md, "Value"): canonical text, plus `context` with exactly
// the records the text references, in first-reference order, when there is at least one.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { formatComposerContextReference } from "../../codec/references.js";
import type { ComposerContextRecord, TerminalContextRecord } from "../../contract/types.js";
import { referencedIdsOf, textOfDoc } from "../../editor/text.js";
import { terminalLabel } from "../../presentation/labels.js";
import type { Composer } from "./composer.js";
import { liveRecords, type DraftState } from "./draft-state.js";
import { decodedRecord } from "./record-check.js";
import type { ComposerValue } from "./types.js";

/** What old drafts wrote where a terminal excerpt was (the legacy hydration rule). */
const PLACEHOLDER = /\ufffc/g;

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

/**
 * Binds each U+FFFC, in order, to the next terminal record (its link replaces it); a placeholder
 * with no terminal left is removed (docs/composer.md, "Value": old drafts).
 */
export function bindPlaceholders(text: string, records: readonly ComposerContextRecord[]): string {
  if (!text.includes("\ufffc")) return text;
  const terminals = records.filter((record): record is TerminalContextRecord => record.kind === "terminal");
  let next = 0;
  return text.replace(PLACEHOLDER, () => {
    const terminal = terminals[next++];
    if (!terminal) return "";
    const label = terminal.label.trim() || terminalLabel(terminal);
    return formatComposerContextReference({ kind: "terminal", contextId: terminal.contextId, label });
  });
}

/** The `value` setter: a wrong type throws; invalid records in it are dropped. */
export function setValue(composer: Composer, input: unknown): void {
  if (input === null || typeof input !== "object" || typeof (input as ComposerValue).text !== "string") {
    throw new TypeError(`t3-composer: value must be { text: string, context? }, got ${JSON.stringify(input) ?? String(input)}`);
  }
  const raw = (input as { context?: { records?: unknown } }).context?.records;
  const records = Array.isArray(raw) ? raw.map(decodedRecord).filter((record) => record !== null) : [];
  composer.model.replace((input as ComposerValue).text, records);
}
