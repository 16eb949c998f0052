// A send of the draft, in the rest chunk (rest.ts): the checks on the way to the transport, in
// their order (docs/composer.md, "Sending"), the message, `transmit` (rest/transmit.ts), and the
// draft cleared once the message is gone. The Sender (send.ts) keeps what answers at once: that a
// send runs, its promise, the read-only editor and the draft's `clientMessageId`.
import { ComposerError } from "../../../transport/errors.js";
import type { OutgoingMessage, SentMessage } from "../../../transport/types.js";
import { loadFailed } from "../../chunks.js";
import type { Composer } from "../composer.js";
import { hasContent, outgoingMessage } from "../message.js";
import type { SendRun } from "../send.js";
import { transmit } from "./transmit.js";

/**
 * After a send: the message joins the history; then an empty draft, saved at once
 * (persistence.ts, `sent`), or after an edit the draft from before it (editing.ts).
 */
function clearDraft(composer: Composer, message: OutgoingMessage): void {
  composer.history.sent(message);
  if (composer.editing.finish()) return;
  composer.model.replace("", []);
  composer.persistence.sent();
}

/** `Sender.send` (send.ts says what it does), once the chunk is in. */
export async function sendDraft(run: SendRun, steer: boolean): Promise<SentMessage | undefined> {
  const { composer } = run;
  const edit = composer.editing.waiting(); // an edit() made before the rest chunk was in applies first (editing.ts)
  if (edit && !(await edit)) throw loadFailed();
  if (!hasContent(composer)) return undefined; // an empty draft: nothing to send
  const refusal = await composer.budget.refusal(); // budget-mode="block" over the budget (docs/budget.md)
  if (refusal) throw run.failure(refusal);
  try {
    await composer.uploads.settled();
  } catch (error) {
    throw run.failure(error instanceof ComposerError ? error : new ComposerError("upload-failed", "An upload failed.", { cause: error }));
  }
  const context = await composer.staleness.beforeSend();
  if (!context) return undefined; // stopped at context that changed or is gone (staleness.ts)
  const message = outgoingMessage(composer, run.messageId());
  if (!message) return undefined;
  if (steer) message.steer = true;
  return transmit(run, message, () => clearDraft(composer, message), context);
}
