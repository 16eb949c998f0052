// Putting context into the draft: `insertContext`, `removeContext` and `attachFiles` (ui.md
// points 7 to 9). Chips land at the caret, or the last known caret when the editor is not
// focused, or at the end when it cannot take input; a focused editor keeps its focus.
import { sanitizeComposerContextLabel } from "../../codec/references.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import { endPosition, inlinePosition, insertChip, removeChips } from "../../editor/insert.js";
import { createChip } from "../../editor/schema.js";
import { resolveChip } from "../../presentation/resolve.js";
import { attachmentFromFile } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { applyEdit, dropRecord } from "./dispatch.js";
import { decodeRecord } from "./record-check.js";
import type { InsertContextOptions } from "./types.js";

/** Where a chip goes: the (last known) caret, or the end. */
function insertionPoint(core: ComposerCore, at: "cursor" | "end"): number {
  const doc = core.state.doc;
  if (at === "end" || !core.host.canEdit) return endPosition(doc);
  return inlinePosition(doc, core.state.selection.to);
}

/** Runs `change` and gives the focus back to the editor if it had it. */
function keepingFocus(core: ComposerCore, change: () => void): void {
  const focused = core.view?.hasFocus() ?? false;
  change();
  if (focused) core.view?.focus();
}

/** The label a chip of `record` gets when the caller gives none. */
function defaultLabel(core: ComposerCore, record: ComposerContextRecord): string {
  return record.label.trim() || resolveChip(core.host.registry, { kind: record.kind, contextId: record.contextId, label: record.kind }, record).label;
}

/** `insertContext(record, options)`: a misused argument throws a TypeError naming the problem. */
export function insertContext(core: ComposerCore, input: unknown, options: InsertContextOptions = {}): void {
  const decoded = decodeRecord(input);
  if ("problem" in decoded) throw new TypeError(`insertContext: not a valid v1 context record: ${decoded.problem}`);
  const record = decoded.record;
  if (options === null || typeof options !== "object") throw new TypeError(`insertContext: options must be an object, got ${String(options)}`);
  if (options.label !== undefined && typeof options.label !== "string") throw new TypeError(`insertContext: label must be a string, got ${typeof options.label}`);
  const at = options.at ?? "cursor";
  if (at !== "cursor" && at !== "end") throw new TypeError(`insertContext: at must be "cursor" or "end", got ${JSON.stringify(at)}`);
  // A record the draft holds stays as it is; a new one joins when its chip lands (dispatch.ts).
  if (!core.records.get(record.contextId)) core.records.stage(record);
  const label = sanitizeComposerContextLabel(options.label ?? defaultLabel(core, record), record.kind);
  const chip = createChip({ kind: record.kind, contextId: record.contextId, label });
  keepingFocus(core, () => {
    const pos = insertionPoint(core, at);
    applyEdit(core, insertChip(core.state.tr, chip, pos));
  });
}

/** `removeContext(contextId)`: every chip of that id (with its spacing) and the record. */
export function removeContext(core: ComposerCore, contextId: unknown): void {
  if (typeof contextId !== "string") throw new TypeError(`removeContext: contextId must be a string, got ${typeof contextId}`);
  keepingFocus(core, () => {
    const tr = removeChips(core.state, contextId);
    if (tr) applyEdit(core, tr);
    dropRecord(core, contextId); // images survive their chips; removeContext removes them too
  });
}

/** `attachFiles(files)`: an image or file record and chip per file, at `pos` or the caret. */
export function attachFiles(core: ComposerCore, files: unknown, pos?: number): void {
  if (files === null || typeof files !== "object" || typeof (files as Iterable<unknown>)[Symbol.iterator] !== "function") {
    throw new TypeError(`attachFiles: expected an iterable of File objects, got ${String(files)}`);
  }
  const list = [...(files as Iterable<unknown>)];
  for (const file of list) if (!(file instanceof File)) throw new TypeError(`attachFiles: ${String(file)} is not a File`);
  if (list.length === 0) return;
  keepingFocus(core, () => {
    const tr = core.state.tr;
    let at = pos === undefined ? insertionPoint(core, "cursor") : inlinePosition(core.state.doc, pos);
    for (const file of list as File[]) {
      const { record, entry } = attachmentFromFile(file);
      core.records.stage(record);
      core.attachments.stage(entry); // joins (and starts uploading) when its chip lands
      insertChip(tr, createChip({ kind: record.kind, contextId: record.contextId, label: sanitizeComposerContextLabel(record.name, record.kind) }), at);
      at = tr.selection.head;
    }
    applyEdit(core, tr);
  });
}
