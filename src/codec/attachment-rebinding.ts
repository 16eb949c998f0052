// The host-side attachment normalizer (docs/wire-format.md, "Messages"): when a message is posted, records bound
// to an upload's pending id are rebound to the id the host persisted it under.
import type { ComposerContextRecord, MessageContext } from "../contract/types.js";

/**
 * Rewrites the `attachmentId` of each `image` and `file` record from the upload's pending id to
 * its persisted id (`persistedIds`: pending id → persisted id). Ids that are not in the map, and
 * every other record, stay as they are. Returns a new context with new objects for the records it
 * rewrites; the input is not modified. Unknown-kind records are never rewritten, whatever their
 * payload holds.
 */
export function normalizeMessageAttachments(
  context: MessageContext,
  persistedIds: ReadonlyMap<string, string>,
): MessageContext {
  return { version: context.version, records: context.records.map((record) => rebind(record, persistedIds)) };
}

function rebind(record: ComposerContextRecord, persistedIds: ReadonlyMap<string, string>): ComposerContextRecord {
  // `"payload" in record` singles out the unknown form, whose kind is any string.
  if ((record.kind !== "image" && record.kind !== "file") || "payload" in record) return record;
  const persisted = persistedIds.get(record.attachmentId);
  return persisted === undefined ? record : { ...record, attachmentId: persisted };
}
