// The send's own code, in the rest chunk (rest.ts): cancelable `t3-send`, the transport with
// an AbortSignal and its retries, `t3-sent` (docs/composer.md, "Sending"). The Sender (send.ts)
// owns the running sends and the retry shown; this does one send through it.
import { serializeLegacyContextMessage } from "../../../codec/legacy/serialize.js";
import { ComposerError } from "../../../transport/errors.js";
import type { ComposerTransport, OutgoingMessage, SentMessage } from "../../../transport/types.js";
import { emit } from "../../events.js";
import type { SendRun } from "../send.js";
import type { SendContextCheck } from "../staleness.js";

/**
 * What the transport gets. A host that says it takes no inline message context
 * (`capabilities.inlineMessageContext === false`; absent means it does) drops records and
 * forwards links verbatim, so it gets the context written into the text the way messages were
 * written before inline references (docs/composer.md, "Sending"), and no records.
 */
function forTransport(transport: ComposerTransport, message: OutgoingMessage): OutgoingMessage {
  if (transport.capabilities?.inlineMessageContext !== false) return message;
  const text = serializeLegacyContextMessage({ text: message.text, records: message.context?.records ?? [] });
  const legacy: OutgoingMessage = { clientMessageId: message.clientMessageId, text, attachments: message.attachments };
  if (message.editOf !== undefined) legacy.editOf = message.editOf;
  if (message.steer) legacy.steer = true;
  return legacy;
}

/** `Sender.transmit` (send.ts says what it does), once the chunk is in. */
export async function transmit(run: SendRun, message: OutgoingMessage, taken: () => void, context: SendContextCheck): Promise<SentMessage | undefined> {
  const { host } = run.composer;
  const transport = host.transport;
  // Without a transport the host takes the message from the event, canceled or not.
  if (!emit(host, "t3-send", { message, ...context }, { cancelable: true }) || !transport) {
    taken();
    return undefined;
  }
  const controller = run.start();
  let result: SentMessage;
  try {
    const onRetry = (attempt: number) => run.retried(controller, attempt);
    result = await transport.send(forTransport(transport, message), { signal: controller.signal, onRetry });
  } catch (cause) {
    throw run.failure(new ComposerError("send-failed", "The message could not be sent.", { cause }));
  } finally {
    run.end(controller);
  }
  if (controller.signal.aborted) throw run.failure(new ComposerError("send-failed", "The send was aborted."));
  taken();
  emit(host, "t3-sent", { message, result });
  return result;
}
