// Copy and cut in the composer (ui.md point 10): the selection's canonical Markdown, and the
// fragment of the records its chips reference, sourced from `environment-id` and `thread-id`.
import type { Slice } from "prosemirror-model";
import type { ComposerContextRecord } from "../../contract/types.js";
import { textOfSlice } from "../../editor/text.js";
import { copyPayload, fragmentSource, writeDataTransfer, type CopyPayload } from "../clipboard-payload.js";
import type { ComposerCore } from "./core.js";

/**
 * A record that may travel (reference-app.md, "Clipboard-safe attachment records"): an image
 * or file only once its upload is done, since its `attachmentId` is what the paste fetches from.
 */
function clipboardSafeRecord(core: ComposerCore, contextId: string): ComposerContextRecord | undefined {
  const record = core.records.get(contextId);
  const entry = record && core.attachments.get(contextId);
  return entry && entry.status !== "ready" ? undefined : record;
}

/** What copying `slice` of the draft gives. */
export function copyOfSlice(core: ComposerCore, slice: Slice): CopyPayload {
  const { environmentId, threadId } = core.host;
  return copyPayload(textOfSlice(slice), (contextId) => clipboardSafeRecord(core, contextId), fragmentSource(environmentId, threadId));
}

/** The copy and cut handler: writes the copy of `slice` into the event's data. */
export function copySlice(core: ComposerCore, data: DataTransfer, slice: Slice): void {
  writeDataTransfer(data, copyOfSlice(core, slice));
}
