// The simulated assistant's replies on the page (docs/host.md, "The simulated assistant"): the
// host streams each reply over the live socket as `reply` frames, each with the whole text so
// far; the first is added to the transcript as an assistant message, the next ones update it in
// place (the transcript's streaming path), and the composer is `busy` while any reply streams, so
// that Enter queues a follow-up and the queue goes once the reply is done. The demo host keeps
// each finished reply (demo/host/reply-store.ts), so a reload lists them with the thread.

/** Shows the replies `live` (a WebSocket transport) hears in `transcript`; returns the stop. */
export function showReplies(live, transcript, composer) {
  const streaming = new Set();
  return live.onReply((reply) => {
    const patch = { text: reply.text, pending: !reply.done };
    if (transcript.messages.some((m) => m.id === reply.id)) transcript.updateMessage(reply.id, patch);
    else transcript.appendMessage({ id: reply.id, role: "assistant", ...patch, createdAt: new Date().toISOString() });
    const wasBusy = streaming.size > 0;
    if (reply.done) streaming.delete(reply.id);
    else streaming.add(reply.id);
    // Only the replies' own start and end: the pretend agent (agent.js) may drive `busy` too.
    if (wasBusy !== streaming.size > 0) composer.busy = streaming.size > 0;
  });
}

/** The thread's finished replies the demo host kept; none when it cannot say (an older host). */
export async function fetchReplies(demoApi, threadId, signal) {
  try {
    const response = await fetch(`${demoApi}threads/${encodeURIComponent(threadId)}/replies`, { signal });
    if (!response.ok) return [];
    const { replies } = await response.json();
    return Array.isArray(replies) ? replies : [];
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

/** `messages` with each kept reply right after the message it answers. */
export function withReplies(messages, replies) {
  const byMessage = new Map(replies.map((reply) => [reply.inReplyTo, reply]));
  return messages.flatMap((message) => {
    const reply = byMessage.get(message.id);
    return reply ? [message, { id: reply.id, role: "assistant", text: reply.text, createdAt: reply.createdAt }] : [message];
  });
}
