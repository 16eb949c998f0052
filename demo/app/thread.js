// One thread on the page: its stored messages (listed on open and again after every live
// reconnect), new messages pushed live over the host's WebSocket, and the composer's sends shown
// at once and replaced in place by the host's stored copy (docs/transcript.md, "Messages").
import { createWebSocketTransport } from "../../dist/t3-composer.js";
import { fetchReplies, showReplies, withReplies } from "./replies.js";

/** Messages in one page of the thread: the newest page on open, older ones on scroll-up. */
const PAGE_SIZE = 50;

/**
 * Messages from the host's protocol are the user's: the kit stores no assistant turns. The demo
 * host keeps its simulated assistant's finished replies apart, and replies.js puts them back.
 */
const toTranscript = (message) => ({ ...message, role: "user" });

/**
 * Keeps `transcript` in step with thread `threadId` on the host at `api`, and with what
 * `composer` sends. `onStatus(state, text)` hears the live connection's state (`connecting`,
 * `live`, `offline`); `onChange()` is called whenever the stored messages shown changed.
 * Returns `close()`.
 */
export function connectThread({ api, threadId, composer, transcript, onStatus, onChange }) {
  const closing = new AbortController();
  // The demo host's own routes (demo/host/server.ts) sit beside the protocol's.
  const demoApi = new URL("../demo-api/", new URL(`${api}/`)).href;

  /**
   * The newest page of the stored list, with what the page shows beyond it kept around it: older
   * pages loaded on scroll-up before it, live arrivals and pending sends after it.
   */
  async function sync() {
    const [stored, kept] = await Promise.all([live.listMessages({ limit: PAGE_SIZE, signal: closing.signal }), fetchReplies(demoApi, threadId, closing.signal)]);
    replies = kept;
    const shown = transcript.messages;
    const ids = new Set(stored.map((m) => m.id));
    if (!shown.some((m) => ids.has(m.id))) exhausted = stored.length < PAGE_SIZE;
    transcript.messages = mergeStored(shown, withReplies(stored.map(toTranscript), replies));
    onChange();
  }

  /** The host's kept replies of this thread, as of the last listing. */
  let replies = [];
  // Scrolled up to the oldest message shown: the page before it, until there is none.
  let loadingOlder = false;
  let exhausted = false;
  transcript.addEventListener(
    "t3-load-older",
    async (event) => {
      if (loadingOlder || exhausted) return;
      loadingOlder = true;
      try {
        const page = await live.listMessages({ before: event.detail.before, limit: PAGE_SIZE, signal: closing.signal });
        exhausted = page.length < PAGE_SIZE;
        const shownIds = new Set(transcript.messages.map((m) => m.id));
        transcript.prependMessages(withReplies(page.filter((m) => !shownIds.has(m.id)).map(toTranscript), replies));
        onChange();
      } catch (error) {
        if (!closing.signal.aborted) onStatus("offline", `Could not load older messages: ${error.message}`);
      } finally {
        loadingOlder = false;
      }
    },
    { signal: closing.signal },
  );

  // The live socket pushes every message stored from now on; messages stored while it was down
  // are not replayed, so each (re)connect lists the thread again. The subclass only listens: the
  // transport owns the socket.
  class ObservedWebSocket extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("open", () => {
        onStatus("connecting", "Loading the thread…");
        sync().then(
          () => onStatus("live", "Live · messages from other tabs show here"),
          (error) => onStatus("offline", `Could not load the thread: ${error.message}`),
        );
      });
      this.addEventListener("close", () => onStatus("offline", "Offline · reconnecting…"));
    }
  }
  const live = createWebSocketTransport({ baseUrl: api, threadId, WebSocket: ObservedWebSocket });
  const stopReplies = showReplies(live, transcript, composer);
  const stopLive = live.onMessage((message) => {
    transcript.appendMessage(toTranscript(message)); // replaces a pending copy with the same clientMessageId
    onChange();
  });

  // Optimistic sends: shown as pending the moment the composer sends, bound to the
  // clientMessageId (which every retry of the send reuses). An edit's pending copy takes the
  // edited message's place (`editOf`); that message comes back if the send fails.
  let sending = null;
  let replaced = null;
  composer.addEventListener("t3-send", (event) => {
    const { message } = event.detail;
    sending = message.clientMessageId;
    replaced = message.editOf === undefined ? null : (transcript.messages.find((m) => m.id === message.editOf) ?? null);
    transcript.appendMessage(pendingMessage(message, composer.attachments));
  });
  composer.addEventListener("t3-sent", (event) => {
    sending = null;
    replaced = null;
    transcript.appendMessage(toTranscript(event.detail.result));
    onChange();
  });
  composer.addEventListener("t3-error", (event) => {
    if (event.detail.code !== "send-failed" || sending === null) return;
    // The draft is still in the composer: the pending copy goes until the person sends again.
    const failed = sending;
    const isFailed = (m) => m.pending && m.clientMessageId === failed;
    sending = null;
    transcript.messages = replaced
      ? transcript.messages.map((m) => (isFailed(m) ? replaced : m))
      : transcript.messages.filter((m) => !isFailed(m));
    replaced = null;
  });

  onStatus("connecting", "Connecting…");
  sync().catch((error) => onStatus("offline", `Could not load the thread: ${error.message}`));
  return {
    close() {
      closing.abort();
      stopLive();
      stopReplies();
      live.close();
    },
  };
}

/**
 * The newest stored page with what the page shows beyond it kept in place: older pages loaded on
 * scroll-up before it, and each message the host did not list (a pending send, a live arrival, a
 * streamed reply) right after the stored message it followed. When the page shares no message
 * with what is shown, what is shown goes after it.
 */
function mergeStored(shown, stored) {
  const ids = new Set(stored.map((m) => m.id));
  // A kept reply has no clientMessageId, and says nothing about the messages shown that have none.
  const clientIds = new Set(stored.flatMap((m) => (m.clientMessageId === undefined ? [] : [m.clientMessageId])));
  const anchored = shown.some((m) => ids.has(m.id));
  /** Stored id (or "" for before the first) → the messages shown after it that it did not list. */
  const after = new Map();
  let anchor = "";
  for (const m of shown) {
    if (ids.has(m.id)) anchor = m.id;
    else if (!clientIds.has(m.clientMessageId)) {
      const key = anchored ? anchor : (stored.at(-1)?.id ?? "");
      after.set(key, [...(after.get(key) ?? []), m]);
    }
  }
  return [...(after.get("") ?? []), ...stored.flatMap((m) => [m, ...(after.get(m.id) ?? [])])];
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
  if (message.editOf !== undefined) pending.editOf = message.editOf;
  return pending;
}
