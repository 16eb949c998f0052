// Putting context into the draft: `insertContext`, `removeContext` and `attachFiles`
// (docs/composer.md, "Chips"). Chips land at the caret, or the last known caret when the editor is not
// focused, or at the end when it cannot take input; a focused editor keeps its focus.
import { sanitizeComposerContextLabel } from "../../codec/references.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import { endPosition, inlinePosition, insertChip, removeChips } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { resolveChip } from "../../presentation/resolve.js";
import { attachmentFromFile, type AttachmentEntry } from "./attachment-entry.js";
import type { ComposerHost, EventsRole, RedactionsRole } from "./wiring.js";
import type { DraftModel } from "./draft.js";
import { draftKey, type DraftUpdate } from "./draft-state.js";
import { decodeRecord } from "./record-check.js";
import type { InsertContextOptions } from "./types.js";

/** What insert.ts uses of its composer (wiring.ts). */
export interface InsertParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
  readonly events: EventsRole;
  readonly redactions: RedactionsRole;
}

/** Where a chip goes: the (last known) caret, or the end. */
function insertionPoint(composer: InsertParts, at: "cursor" | "end"): number {
  const state = composer.model.state;
  if (at === "end" || !composer.host.canEdit) return endPosition(state.doc);
  return inlinePosition(state.doc, state.selection.to);
}

/** Runs `change` and gives the focus back to the editor if it had it. */
function keepingFocus(composer: InsertParts, change: () => void): void {
  const focused = composer.model.view?.hasFocus() ?? false;
  change();
  if (focused) composer.model.view?.focus();
}

/** The label a chip of `record` gets when the caller gives none. */
function defaultLabel(composer: InsertParts, record: ComposerContextRecord): string {
  return record.label.trim() || resolveChip(composer.host.registry, { kind: record.kind, contextId: record.contextId, label: record.kind }, record).label;
}

/** `insertContext(record, options)`: a misused argument throws a TypeError naming the problem. */
export function insertContext(composer: InsertParts, input: unknown, options: InsertContextOptions = {}): void {
  const decoded = decodeRecord(input);
  if ("problem" in decoded) throw new TypeError(`insertContext: not a valid v1 context record: ${decoded.problem}`);
  if (options === null || typeof options !== "object") throw new TypeError(`insertContext: options must be an object, got ${String(options)}`);
  if (options.label !== undefined && typeof options.label !== "string") throw new TypeError(`insertContext: label must be a string, got ${typeof options.label}`);
  const at = options.at ?? "cursor";
  if (at !== "cursor" && at !== "end") throw new TypeError(`insertContext: at must be "cursor" or "end", got ${JSON.stringify(at)}`);
  // Its captured text is redacted as it joins (redaction.ts).
  const { record, hidden } = composer.redactions.record(decoded.record);
  const label = sanitizeComposerContextLabel(options.label ?? defaultLabel(composer, record), record.kind);
  const chip = createChip({ kind: record.kind, contextId: record.contextId, label });
  keepingFocus(composer, () => {
    const pos = insertionPoint(composer, at);
    // A record the draft holds stays as it is; a new one joins with its chip (draft-state.ts).
    const tr = insertChip(composer.model.state.tr, chip, pos).setMeta(draftKey, { add: [{ record }] } satisfies DraftUpdate);
    const said = composer.events.announcement;
    composer.model.edit(tr);
    composer.redactions.announceHidden(said, hidden);
  });
}

/** `removeContext(contextId)`: every chip of that id (with its spacing) and the record. */
export function removeContext(composer: InsertParts, contextId: unknown): void {
  if (typeof contextId !== "string") throw new TypeError(`removeContext: contextId must be a string, got ${typeof contextId}`);
  keepingFocus(composer, () => {
    const model = composer.model;
    // Images survive their chips (the shelf); removeContext removes them too, in the same step.
    const drop: DraftUpdate = { drop: [contextId] };
    const tr = removeChips(model.state, contextId);
    if (tr) model.edit(tr.setMeta(draftKey, drop));
    else if (model.draft.shelf.has(contextId)) model.update(drop);
  });
}

/** `attachFiles(files)`: an image or file record and chip per file, at `pos` or the caret. */
export function attachFiles(composer: InsertParts, files: unknown, pos?: number): void {
  if (files === null || typeof files !== "object" || typeof (files as Iterable<unknown>)[Symbol.iterator] !== "function") {
    throw new TypeError(`attachFiles: expected an iterable of File objects, got ${String(files)}`);
  }
  const list = [...(files as Iterable<unknown>)];
  for (const file of list) if (!(file instanceof File)) throw new TypeError(`attachFiles: ${String(file)} is not a File`);
  if (list.length === 0) return;
  keepingFocus(composer, () => {
    const tr = composer.model.state.tr;
    let at = pos === undefined ? insertionPoint(composer, "cursor") : inlinePosition(tr.doc, pos);
    const add: { record: ComposerContextRecord; entry: AttachmentEntry }[] = [];
    for (const file of list as File[]) {
      const attachment = attachmentFromFile(file);
      const { record } = attachment;
      add.push(attachment); // joins (and starts uploading) with its chip
      insertChip(tr, createChip({ kind: record.kind, contextId: record.contextId, label: sanitizeComposerContextLabel(record.name, record.kind) }), at);
      at = tr.selection.head;
    }
    composer.model.edit(tr.setMeta(draftKey, { add } satisfies DraftUpdate));
  });
}
