// What loading a message into the draft needs (docs/composer.md, "Edit and resend"), in the rest
// chunk (rest.ts): the first words the edit bar shows, and the attachment entries that bind the
// message's images and files to the host's ids, so that nothing is uploaded again.
import { producerIdFromComposerContextId } from "../../codec/ids.js";
import { collectComposerContextReferences } from "../../codec/references.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";
import { newEntry, type AttachmentEntry } from "./attachment-entry.js";

/** Characters of the message's text the edit bar shows, at most, before an ellipsis. */
export const EDIT_PREVIEW_CHARS = 60;
const ELLIPSIS = "…";
const WHITESPACE = /\s+/g;
/**
 * Where a thumbnail may load from: the host's http(s) URLs, or object URLs (as the transcript
 * allows), never `javascript:` or `data:` from a message.
 */
const LOADABLE_URL = /^(?:https?:\/\/|blob:)/i;

/** The message's first words, each chip written as its label, on one line. */
export function editPreview(text: string): string {
  let plain = "";
  let from = 0;
  for (const occurrence of collectComposerContextReferences(text)) {
    plain += text.slice(from, occurrence.start) + occurrence.label;
    from = occurrence.end;
  }
  plain = (plain + text.slice(from)).replace(WHITESPACE, " ").trim();
  if (plain.length <= EDIT_PREVIEW_CHARS) return plain;
  const cut = plain.slice(0, EDIT_PREVIEW_CHARS);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : cut) + ELLIPSIS;
}

/**
 * The attachment entries of the message's images and files: bound to the host's ids and ready
 * (no upload), each image with the host's URL for its thumbnail when the message has one.
 */
export function hostEntries(records: readonly ComposerContextRecord[], attachments: readonly TranscriptAttachment[]): Map<string, AttachmentEntry> {
  const urls = new Map<string, string>();
  for (const attachment of attachments) {
    if (typeof attachment?.url === "string" && LOADABLE_URL.test(attachment.url)) urls.set(attachment.id, attachment.url);
  }
  const entries = new Map<string, AttachmentEntry>();
  for (const record of records) {
    if ((record.kind !== "image" && record.kind !== "file") || !("attachmentId" in record)) continue;
    const localId = producerIdFromComposerContextId(record.kind, record.contextId);
    const entry = newEntry(record.contextId, localId, record.kind, null, "ready", record.attachmentId);
    entry.hostUrl = urls.get(record.attachmentId) ?? null;
    entries.set(record.contextId, entry);
  }
  return entries;
}
