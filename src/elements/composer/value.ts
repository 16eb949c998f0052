// The draft as a value (README Decisions 7 and 8): canonical text, plus `context` with exactly
// the records the text references, in first-reference order, when there is at least one.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import { formatComposerContextReference } from "../../codec/references.js";
import type { ComposerContextRecord, TerminalContextRecord } from "../../contract/types.js";
import { createComposerState } from "../../editor/create.js";
import { ReferenceCounts } from "../../editor/references.js";
import { replaceViewState } from "../../editor/replace-state.js";
import { docFromText, referencedIdsOf, textOfDoc } from "../../editor/text.js";
import { terminalLabel } from "../../presentation/labels.js";
import { newEntry, type AttachmentEntry } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { ownRecord } from "./record-check.js";
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

/**
 * Binds each U+FFFC, in order, to the next terminal record (its link replaces it); a placeholder
 * with no terminal left is removed (wire.md §d, step 5.2).
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

function isAttachmentRecord(record: ComposerContextRecord): record is ComposerContextRecord & { kind: "image" | "file"; attachmentId: string } {
  return (record.kind === "image" || record.kind === "file") && "attachmentId" in record;
}

/**
 * Replaces the draft: a new document (fresh reference ids, empty undo history), the records its
 * chips reference plus unreferenced images (the shelf); other unreferenced records are dropped.
 * `entries` gives image and file records their attachment state (a restored draft); any other
 * is an attachment the host already holds.
 */
export function replaceDraft(
  core: ComposerCore,
  text: string,
  records: readonly ComposerContextRecord[],
  entries: ReadonlyMap<string, AttachmentEntry> = new Map(),
): void {
  const byId = new Map<string, ComposerContextRecord>();
  for (const record of records) if (!byId.has(record.contextId)) byId.set(record.contextId, record);
  const doc = docFromText(bindPlaceholders(text, [...byId.values()]));
  const counts = ReferenceCounts.of(doc);
  const kept = [...byId.values()].filter((record) => counts.count(record.contextId) > 0 || record.kind === "image");
  core.records.reset(kept);
  core.attachments.reset(
    kept.filter(isAttachmentRecord).map(
      (record) =>
        entries.get(record.contextId) ??
        newEntry(record.contextId, producerIdFromComposerContextId(record.kind, record.contextId), record.kind, null, "ready", record.attachmentId),
    ),
  );
  core.imports.reset(); // bytes still on their way belong to the draft being replaced
  core.counts = counts;
  core.state = createComposerState(doc, core.plugins);
  if (core.view) replaceViewState(core.view, core.state);
  core.editVersion++;
  core.messageId = null;
  core.host.requestUpdate();
}

/** The `value` setter: a wrong type throws; invalid records in it are dropped. */
export function setValue(core: ComposerCore, input: unknown): void {
  if (input === null || typeof input !== "object" || typeof (input as ComposerValue).text !== "string") {
    throw new TypeError(`t3-composer: value must be { text: string, context? }, got ${JSON.stringify(input) ?? String(input)}`);
  }
  const raw = (input as { context?: { records?: unknown } }).context?.records;
  const records = Array.isArray(raw) ? raw.map(ownRecord).filter((record) => record !== null) : [];
  replaceDraft(core, (input as ComposerValue).text, records);
}
