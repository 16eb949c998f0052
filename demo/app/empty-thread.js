// The note an empty thread shows, so that a first visit says what to do: visible while the
// transcript holds no message, hidden from its first one on (listed, sent, or heard live).

/** Keeps `note` hidden exactly while `transcript` shows messages. */
export function showWhileEmpty(transcript, note) {
  const update = () => {
    note.hidden = transcript.messages.length > 0;
  };
  // The transcript draws each change into its shadow root: one observer sees every route a
  // message takes (the listing, a send, a live push, an older page).
  new MutationObserver(update).observe(transcript.shadowRoot, { childList: true, subtree: true });
  update();
}
