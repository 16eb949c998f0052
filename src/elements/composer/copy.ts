// Copy and cut in the composer (docs/composer.md, "Copy"): the selection's canonical Markdown, and the
// fragment of the records its chips reference, sourced from `environment-id` and `thread-id`.
import type { Slice } from "prosemirror-model";
import type { ComposerContextRecord } from "../../contract/types.js";
import { textOfSlice } from "../../editor/text.js";
import { copyPayload, fragmentSource, writeDataTransfer, type CopyPayload } from "../clipboard-payload.js";
import type { ComposerHost } from "./wiring.js";
import type { DraftModel } from "./draft.js";
import { liveAttachment, liveRecord } from "./draft-state.js";

/** What copy.ts uses of its composer (wiring.ts). */
export interface CopyParts {
  readonly host: ComposerHost;
  readonly model: DraftModel;
}

/**
 * A record that may travel (docs/composer.md, "Copy"): an image
 * or file only once its upload is done, since its `attachmentId` is what the paste fetches from.
 */
function clipboardSafeRecord(composer: CopyParts, contextId: string): ComposerContextRecord | undefined {
  const draft = composer.model.draft;
  const record = liveRecord(draft, contextId);
  const entry = record && liveAttachment(draft, contextId);
  return entry && entry.status !== "ready" ? undefined : record;
}

/** What copying `slice` of the draft gives. */
export function copyOfSlice(composer: CopyParts, slice: Slice): CopyPayload {
  const { environmentId, threadId } = composer.host;
  return copyPayload(textOfSlice(slice), (contextId) => clipboardSafeRecord(composer, contextId), fragmentSource(environmentId, threadId));
}

/** The copy and cut handler: writes the copy of `slice` into the event's data. */
export function copySlice(composer: CopyParts, data: DataTransfer, slice: Slice): void {
  writeDataTransfer(data, copyOfSlice(composer, slice));
}
