// Activating a chip (click, or Enter on a selected chip) fires cancelable `t3-chip-activate`; the
// composer's own default is to retry a failed upload.
import { chipAttrs, isChip } from "../../editor/schema.js";
import { emit } from "../events.js";
import type { AttachmentEntry } from "./attachments.js";
import type { ComposerCore } from "./core.js";
import { retryUpload } from "./uploads.js";

/** Asks the person for a file (to attach again what a restored draft had no bytes for). */
function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = accept;
    input.addEventListener("change", () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener("cancel", () => resolve(null), { once: true });
    input.click();
  });
}

/** Retries an upload; without bytes (and without `file`) the person picks the file again. */
export function retryAttachment(core: ComposerCore, entry: AttachmentEntry, file?: File): void {
  if (file || entry.file) {
    retryUpload(core, entry, file);
    return;
  }
  void pickFile(entry.kind === "image" ? "image/*" : "").then((picked) => {
    if (picked && core.attachments.get(entry.contextId) === entry) retryUpload(core, entry, picked);
  });
}

export function activateChip(core: ComposerCore, pos: number): void {
  const node = core.state.doc.nodeAt(pos);
  if (!isChip(node)) return;
  const { kind, contextId, referenceId } = chipAttrs(node);
  const record = core.records.get(contextId);
  const proceed = emit(
    core.host,
    "t3-chip-activate",
    { record, kind: record?.kind ?? kind, contextId, surface: "composer", referenceId },
    { cancelable: true },
  );
  const entry = core.attachments.get(contextId);
  if (proceed && entry?.status === "failed") retryAttachment(core, entry);
}
