// One thread on the page: its stored messages (listed on open and again after every live
// reconnect), new messages pushed live over the host's WebSocket, and the composer's sends shown
// at once and replaced in place by the host's stored copy (docs/transcript.md, "Messages").
import { createWebSocketTransport } from "../../dist/t3-composer.js";

/** Messages from the host are the user's: the reference host stores no assistant turns. */
const toTranscript = (message) => ({ ...message, role: "user" });

/**
 * Keeps `transcript` in step with thread `threadId` on the host at `api`, and with what
 * `composer` sends. `onStatus(state, text)` hears the live connection's state (`connecting`,
 * `live`, `offline`); `onChange()` is called whenever the stored messages shown changed.
 * Returns `close()`.
 */
export function connectThread({ api, threadId, composer, transcript, onStatus, onChange }) {
  const messagesUrl = `${api}/threads/${encodeURIComponent(threadId)}/messages`;

  /** The stored list, with what the page shows beyond it (live arrivals, pending sends) kept after it. */
  async function sync() {
    const response = await fetch(messagesUrl, { cache: "no-store" });
    if (!response.ok) throw new Error(`listing the thread answered ${response.status}`);
    const stored = await response.json();
    const ids = new Set(stored.map((m) => m.id));
    const clientIds = new Set(stored.map((m) => m.clientMessageId));
    const extra = transcript.messages.filter((m) => !ids.has(m.id) && !clientIds.has(m.clientMessageId));
    transcript.messages = [...stored.map(toTranscript), ...extra];
    onChange();
  }

  // The live socket pushes every message stored from now on; messages stored while it was down
  // are not replayed, so each (re)connect lists the thread again. The subclass only listens: the
  // transport owns the socket.
  class ObservedWebSocket extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("open", () => {
        onStatus("connecting", "Connected, loading the thread…");
        sync().then(
          () => onStatus("live", "Live: new messages in this thread appear here, from any tab."),
          (error) => onStatus("offline", `Could not load the thread: ${error.message}`),
        );
      });
      this.addEventListener("close", () => onStatus("offline", "Offline: reconnecting to the host…"));
    }
  }
  const live = createWebSocketTransport({ baseUrl: api, threadId, WebSocket: ObservedWebSocket });
  const stopLive = live.onMessage((message) => {
    transcript.appendMessage(toTranscript(message)); // replaces a pending copy with the same clientMessageId
    onChange();
  });

  // Optimistic sends: shown as pending the moment the composer sends, bound to the
  // clientMessageId (which every retry of the send reuses).
  let sending = null;
  composer.addEventListener("t3-send", (event) => {
    const { message } = event.detail;
    sending = message.clientMessageId;
    transcript.appendMessage(pendingMessage(message, composer.attachments));
  });
  composer.addEventListener("t3-sent", (event) => {
    sending = null;
    transcript.appendMessage(toTranscript(event.detail.result));
    onChange();
  });
  composer.addEventListener("t3-error", (event) => {
    if (event.detail.code !== "send-failed" || sending === null) return;
    // The draft is still in the composer: the pending copy goes until the person sends again.
    const failed = sending;
    sending = null;
    transcript.messages = transcript.messages.filter((m) => !(m.pending && m.clientMessageId === failed));
  });

  onStatus("connecting", "Connecting to the host…");
  sync().catch((error) => onStatus("offline", `Could not load the thread: ${error.message}`));
  return {
    close() {
      stopLive();
      live.close();
    },
  };
}

/** The transcript's copy of a message being sent; its attachments named from the draft's. */
function pendingMessage(message, draftAttachments) {
  const byLocalId = new Map(draftAttachments.map((a) => [a.localId, a]));
  const attachments = message.attachments.map(({ localId, attachmentId }) => {
    const draft = byLocalId.get(localId);
    const attachment = { id: attachmentId, name: draft?.name ?? localId, mimeType: draft?.mimeType ?? "application/octet-stream" };
    if (draft?.sizeBytes !== undefined) attachment.sizeBytes = draft.sizeBytes;
    return attachment;
  });
  const pending = {
    id: `pending-${message.clientMessageId}`,
    role: "user",
    text: message.text,
    attachments,
    clientMessageId: message.clientMessageId,
    pending: true,
    createdAt: new Date().toISOString(),
  };
  if (message.context) pending.context = message.context;
  return pending;
}
