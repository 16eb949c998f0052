// Files dragged over the composer: the whole frame is a drop target (not only the text), so a
// drop on the shelf or the toolbar attaches at the caret instead of making the browser open the
// file. Drops on the text itself are the editor's (the clipboard plugin, src/editor/clipboard.ts),
// at the drop point, through the paste importer.
import type { ComposerHost } from "./wiring.js";
import { attachFiles, type InsertParts } from "./insert.js";

/** What drop.ts uses of its composer (wiring.ts). */
export interface DropParts extends InsertParts {
  readonly host: ComposerHost;
}

const DRAGGING_CLASS = "dragging";

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes("Files") ?? false;
}

/** `dragover` / `dragenter` on the frame. */
export function onDragOver(composer: DropParts, event: DragEvent): void {
  if (!carriesFiles(event) || !composer.host.canEdit) return;
  event.preventDefault();
  event.dataTransfer!.dropEffect = "copy";
  (event.currentTarget as HTMLElement).classList.add(DRAGGING_CLASS);
}

/** `dragleave` on the frame (only when the pointer leaves the frame itself). */
export function onDragLeave(event: DragEvent): void {
  const frame = event.currentTarget as HTMLElement;
  if (!frame.contains(event.relatedTarget as Node | null)) frame.classList.remove(DRAGGING_CLASS);
}

/** `drop` on the frame, after the editor had its chance. */
export function onDrop(composer: DropParts, event: DragEvent): void {
  (event.currentTarget as HTMLElement).classList.remove(DRAGGING_CLASS);
  if (event.defaultPrevented || !carriesFiles(event) || !composer.host.canEdit) return;
  event.preventDefault();
  attachFiles(composer, event.dataTransfer!.files);
}
