// Activating a chip (click, or Enter on a selected chip) fires cancelable `t3-chip-activate`; the
// composer's own default is to retry a failed upload, or to refresh stale context.
import { chipAttrs, isChip } from "../../editor/schema.js";
import { emit } from "../events.js";
import type { AttachmentEntry } from "./attachment-entry.js";
import type { Composer } from "./composer.js";
import { liveAttachment, liveRecord } from "./draft-state.js";
import { withComposerParts } from "./parts.js";

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
export function retryAttachment(composer: Composer, entry: AttachmentEntry, file?: File): void {
  if (file || entry.file) {
    composer.uploads.retry(entry, file);
    return;
  }
  void pickFile(entry.kind === "image" ? "image/*" : "").then((picked) => {
    if (picked && liveAttachment(composer.model.draft, entry.contextId) === entry) composer.uploads.retry(entry, picked);
  });
}

/**
 * Activates the chip at `pos`. `byPointer` says a click or tap did: a menu it opens waits for the
 * next task, since a `popover="auto"` shown while that click is still being handled is closed by
 * the same click (the browser's light dismiss).
 */
export function activateChip(composer: Composer, pos: number, byPointer = false): void {
  const node = composer.model.state.doc.nodeAt(pos);
  if (!isChip(node)) return;
  const { kind, contextId, referenceId } = chipAttrs(node);
  const draft = composer.model.draft;
  const record = liveRecord(draft, contextId);
  const proceed = emit(
    composer.host,
    "t3-chip-activate",
    { record, kind: record?.kind ?? kind, contextId, surface: "composer", referenceId },
    { cancelable: true },
  );
  const entry = liveAttachment(draft, contextId);
  if (proceed && entry?.status === "failed") retryAttachment(composer, entry);
  else if (proceed && composer.host.canEdit && composer.redactions.canReveal(contextId)) {
    const anchor = composer.model.view?.nodeDOM(pos) as Element | null;
    const open = () => void withComposerParts(composer.loads, composer.host.shadowRoot, (parts) => parts.openRevealMenu(composer, contextId, anchor)); // on-demand/reveal-menu.ts
    if (byPointer) setTimeout(open);
    else open();
  }
  else if (proceed && composer.staleness.status(record) === "stale") composer.staleness.refresh(contextId);
}
