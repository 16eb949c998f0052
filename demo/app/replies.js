// The simulated assistant's replies on the page (docs/host.md, "The simulated assistant"): the
// host streams each reply over the live socket as `reply` frames, each with the whole text so
// far; the first is added to the transcript as an assistant message, the next ones update it in
// place (the transcript's streaming path), and the composer is `busy` while any reply streams, so
// that Enter queues a follow-up and the queue goes once the reply is done.

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
