// The message `composer.edit()` takes (docs/composer.md, "Edit and resend"): its shape, checked as
// a caller's argument; `edit()` throws at once for a value that is not a message. Loading it is
// edit-load.ts's.
import type { MessageContext } from "../../contract/types.js";
import type { TranscriptAttachment } from "../../transport/types.js";

/** What `edit()` takes: a stored message, as a transcript or a transport holds it. */
export interface EditableMessage {
  /** The host's id of the message: what the next send names in `editOf`. */
  id: string;
  text: string;
  context?: MessageContext | undefined;
  /** The host's attachments: where the thumbnails of its images load from. */
  attachments?: readonly TranscriptAttachment[] | undefined;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A misused `edit()` throws a TypeError naming the value (house style point 7). */
export function checkMessage(message: unknown): EditableMessage {
  const candidate = message as Partial<EditableMessage> | null;
  if (!candidate || typeof candidate !== "object" || typeof candidate.id !== "string" || candidate.id === "" || typeof candidate.text !== "string") {
    throw new TypeError(`edit: expected a stored message { id, text, context?, attachments? }, got ${describe(message)}`);
  }
  return candidate as EditableMessage;
}
