// `send()` (ui.md point 13, README Decision 10): wait for uploads, cancelable `t3-send`, the
// transport with an AbortSignal; success clears the draft and fires `t3-sent`; failure rejects
// with a ComposerError, fires `t3-error` and leaves the draft exactly as it was. The editor is
// read-only while a send runs, so the draft cannot change under it.
import { serializeLegacyContextMessage } from "../../codec/legacy/serialize.js";
import { ComposerError } from "../../transport/errors.js";
import type { ComposerTransport, OutgoingMessage, SentMessage } from "../../transport/types.js";
import { emit } from "../events.js";
import type { ComposerCore } from "./core.js";
import { outgoingMessage } from "./message.js";
import { waitForUploads } from "./uploads.js";
import { replaceDraft } from "./value.js";
import { settleNow } from "./settle.js";

/** Sends the draft; a second call while one runs gets the running one. */
export function send(core: ComposerCore): Promise<SentMessage | undefined> {
  if (core.sending) return core.sending;
  const focused = core.view?.hasFocus() ?? false;
  const running = sendNow(core).finally(() => {
    core.sending = null;
    core.sendController = null;
    editabilityChanged(core);
    // The editor lost its focus when it became read-only: give it back, unless the person
    // moved on to something else meanwhile.
    const active = document.activeElement;
    if (focused && (active === null || active === document.body || active === core.host)) core.view?.focus();
  });
  core.sending = running;
  editabilityChanged(core);
  return running;
}

/** `canEdit` changed: ProseMirror reads `editable` again, the element redraws its ARIA state. */
function editabilityChanged(core: ComposerCore): void {
  core.view?.setProps({});
  core.host.requestUpdate();
}

/**
 * What the transport gets. A host that says it takes no inline message context
 * (`capabilities.inlineMessageContext === false`; absent means it does) drops records and
 * forwards links verbatim, so it gets the context written into the text the way messages were
 * written before inline references (README Decision 10), and no records.
 */
function forTransport(transport: ComposerTransport, message: OutgoingMessage): OutgoingMessage {
  if (transport.capabilities?.inlineMessageContext !== false) return message;
  const text = serializeLegacyContextMessage({ text: message.text, records: message.context?.records ?? [] });
  return { clientMessageId: message.clientMessageId, text, attachments: message.attachments };
}

function failure(core: ComposerCore, error: ComposerError): ComposerError {
  emit(core.host, "t3-error", { code: error.code, message: error.message, cause: error.cause ?? error });
  return error;
}

/** After a send: an empty draft (saving it removes the saved draft). */
function clearDraft(core: ComposerCore): void {
  replaceDraft(core, "", []);
  settleNow(core);
}

async function sendNow(core: ComposerCore): Promise<SentMessage | undefined> {
  if (!outgoingMessage(core)) return undefined; // an empty draft: nothing to send
  try {
    await waitForUploads(core);
  } catch (error) {
    throw failure(core, error instanceof ComposerError ? error : new ComposerError("upload-failed", "An upload failed.", { cause: error }));
  }
  const message = outgoingMessage(core);
  if (!message) return undefined;
  if (!emit(core.host, "t3-send", { message }, { cancelable: true })) {
    clearDraft(core); // the host took the message from the event
    return undefined;
  }
  const transport = core.host.transport;
  if (!transport) {
    clearDraft(core);
    return undefined;
  }
  const controller = new AbortController();
  core.sendController = controller;
  let result: SentMessage;
  try {
    result = await transport.send(forTransport(transport, message), { signal: controller.signal });
  } catch (cause) {
    throw failure(core, new ComposerError("send-failed", "The message could not be sent.", { cause }));
  }
  if (controller.signal.aborted) throw failure(core, new ComposerError("send-failed", "The send was aborted."));
  clearDraft(core);
  emit(core.host, "t3-sent", { message, result });
  return result;
}
