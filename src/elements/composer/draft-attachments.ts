// The draft's attachments as the `attachments` property shows them (docs/composer.md, "Uploads"):
// every image and file record of the draft, shelf images included, with its upload state.
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import type { FileContextRecord, ImageContextRecord } from "../../contract/types.js";
import type { DraftModel } from "./draft.js";
import { liveRecords } from "./draft-state.js";
import type { DraftAttachment } from "./types.js";

/** What draft-attachments.ts uses of its composer (wiring.ts). */
export interface DraftAttachmentsParts {
  readonly model: DraftModel;
}

/** `attachments`: every image and file record of the draft with its upload state. */
export function draftAttachments(composer: DraftAttachmentsParts): DraftAttachment[] {
  const draft = composer.model.draft;
  const list: DraftAttachment[] = [];
  for (const record of liveRecords(draft).values()) {
    if (record.kind !== "image" && record.kind !== "file") continue;
    const { contextId, name, mimeType, sizeBytes, attachmentId } = record as ImageContextRecord | FileContextRecord;
    const entry = draft.attachments.get(contextId);
    const status = entry?.status ?? "ready";
    const attachment: DraftAttachment = {
      localId: entry?.localId ?? producerIdFromComposerContextId(record.kind, contextId),
      name,
      mimeType,
      sizeBytes,
      status,
      referenced: draft.counts.count(contextId) > 0,
    };
    if (status === "uploading") attachment.progress = entry?.progress ?? 0;
    if (status === "ready") attachment.attachmentId = entry?.attachmentId ?? attachmentId;
    list.push(attachment);
  }
  return list;
}
