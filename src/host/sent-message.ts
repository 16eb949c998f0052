// A stored message as the protocol's `SentMessage`.
import type { SentMessage } from "../transport/index.js";
import type { StoredMessage } from "./store.js";

/** The protocol's `SentMessage`; attachment URLs are absolute, under `apiBase`. */
export function toSentMessage(message: StoredMessage, apiBase: string): SentMessage {
  const sent: SentMessage = { id: message.id, clientMessageId: message.clientMessageId, text: message.text, createdAt: message.createdAt };
  if (message.context) sent.context = message.context;
  if (message.steer) sent.steer = true;
  if (message.attachments.length > 0) {
    sent.attachments = message.attachments.map((a) => ({ ...a, url: `${apiBase}/attachments/${encodeURIComponent(a.id)}` }));
  }
  return sent;
}
