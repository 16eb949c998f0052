// Builds the message a send carries (ui.md point 13): canonical text, only referenced records,
// expired terminal excerpts dropped from both, and every attachment of the draft.
import { collectComposerContextReferences } from "../../codec/references.js";
import type { ComposerContextRecord } from "../../contract/types.js";
import { randomToken } from "../../editor/random.js";
import type { OutgoingMessage } from "../../transport/types.js";
import type { ComposerCore } from "./core.js";
import { draftAttachments } from "./stash.js";
import { valueOf } from "./value.js";

/** Characters after `msg_` in a `clientMessageId` (README Decision 3). */
const MESSAGE_ID_LENGTH = 20;
/** A `clientMessageId` as the composer mints it. */
export const MESSAGE_ID_PATTERN = /^msg_[a-z0-9]{20}$/;

/** A terminal excerpt whose text is gone (reference-app.md: "normalized text empty"). */
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

/** The id of this send: the same for every retry until the draft changes. */
function clientMessageId(core: ComposerCore): string {
  if (core.messageId?.version !== core.editVersion) {
    core.messageId = { id: "msg_" + randomToken(MESSAGE_ID_LENGTH), version: core.editVersion };
  }
  return core.messageId.id;
}

/** The id a send of the draft as it is now went out under, if one did (it is saved with the draft). */
export function pendingMessageId(core: ComposerCore): string | null {
  return core.messageId?.version === core.editVersion ? core.messageId.id : null;
}

/**
 * A restored draft takes the id its last send went out under: if the host stored that send but
 * the answer never came (the page closed first), sending the draft again is a retry the host
 * recognises, not a second message.
 */
export function adoptMessageId(core: ComposerCore, id: string): void {
  core.messageId = { id, version: core.editVersion };
}

/** The message of the current draft, or `null` when there is nothing to send. */
export function outgoingMessage(core: ComposerCore): OutgoingMessage | null {
  const value = valueOf(core.state.doc, core.records.live);
  let text = value.text;
  let records = value.context?.records ?? [];
  const expired = new Set(records.filter(isExpired).map((record) => record.contextId));
  if (expired.size > 0) {
    text = stripReferences(text, expired);
    records = records.filter((record) => !expired.has(record.contextId));
  }
  // Every image and file of the draft (shelf images too), attached here or inserted by the host.
  const attachments = draftAttachments(core).map(({ localId, attachmentId }) => ({ localId, attachmentId: attachmentId ?? localId }));
  if (text.trim() === "" && records.length === 0 && attachments.length === 0) return null;
  const message: OutgoingMessage = { clientMessageId: clientMessageId(core), text, attachments };
  if (records.length > 0) message.context = { version: 1, records };
  return message;
}
