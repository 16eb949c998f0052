// Builds the message a send carries (docs/composer.md, "Sending"): canonical text, only
// referenced records, expired terminal excerpts dropped from both, and every attachment of the
// draft. The draft is serialized once per send.
import { collectComposerContextReferences } from "../../codec/references.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import type { OutgoingMessage } from "../../transport/types.js";
import type { Composer } from "./composer.js";
import { draftAttachments } from "./draft-attachments.js";
import { liveRecords } from "./draft-state.js";
import { valueOf } from "./value.js";

/** A terminal excerpt whose text is gone (its normalized text is empty: docs/composer.md, "Sending"). */
function isExpired(record: ComposerContextRecord): boolean {
  return record.kind === "terminal" && "text" in record && typeof record.text === "string" && record.text.trim() === "";
}

/**
 * Removes every link to one of `ids`, each with one neighbouring space (the one after it, else
 * the one before), as the reference's `removeInlineContextReference` does.
 */
export function stripReferences(text: string, ids: ReadonlySet<string>): string {
  const occurrences = collectComposerContextReferences(text).filter((occurrence) => ids.has(occurrence.contextId));
  let out = text;
  for (const { start, end } of occurrences.reverse()) {
    let from = start;
    let to = end;
    if (out.charAt(to) === " ") to++;
    else if (out.charAt(from - 1) === " ") from--;
    out = out.slice(0, from) + out.slice(to);
  }
  return out;
}

/** Whether there is anything to send, without serializing the draft. */
export function hasContent(composer: Composer): boolean {
  const { doc } = composer.model.state;
  return liveRecords(composer.model.draft).size > 0 || doc.textContent.trim() !== "" || draftAttachments(composer).length > 0;
}

/** The text and records a send of the draft would carry: expired terminal excerpts dropped from both. */
export function sentContent(composer: Composer): { text: string; records: ComposerContextRecord[] } {
  const value = valueOf(composer.model.state.doc, liveRecords(composer.model.draft));
  const records = value.context?.records ?? [];
  const expired = new Set(records.filter(isExpired).map((record) => record.contextId));
  if (expired.size === 0) return { text: value.text, records };
  return { text: stripReferences(value.text, expired), records: records.filter((record) => !expired.has(record.contextId)) };
}

/** The message of the current draft, or `null` when there is nothing to send. */
export function outgoingMessage(composer: Composer, clientMessageId: string): OutgoingMessage | null {
  const { text, records } = sentContent(composer);
  // Every image and file of the draft (shelf images too), attached here or inserted by the host.
  const attachments = draftAttachments(composer).map(({ localId, attachmentId }) => ({ localId, attachmentId: attachmentId ?? localId }));
  if (text.trim() === "" && records.length === 0 && attachments.length === 0) return null;
  const message: OutgoingMessage = { clientMessageId, text, attachments };
  if (records.length > 0) message.context = { version: 1, records };
  const editOf = composer.editing.editOf; // edit and resend (editing.ts)
  if (editOf !== null) message.editOf = editOf;
  return message;
}

/** The message a send of the draft would carry now (the preview's; its id is never used). */
export function draftMessage(composer: Composer): OutgoingMessage | null {
  return outgoingMessage(composer, "preview");
}
