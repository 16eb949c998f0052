// The provider view: what a model would be given for one stored message, as the host projects
// it (`GET …/messages/{id}/provider`, projectComposerContextForProvider). The newest message is
// shown unless the person picked another, from the list or by clicking it in the transcript.
import { replaceComposerContextReferences } from "../../dist/t3-composer.js";

/** The label of a message in the list: its position and the start of its text. */
const PREVIEW_CHARS = 60;

/**
 * Wires `select` (the stored messages) and `output` (a `<pre>`) to thread `threadId` on the host
 * at `api`. Returns `refresh()`, to call when the stored messages shown changed.
 */
export function providerView({ api, threadId, transcript, select, output }) {
  let picked = null; // the id the person chose; null follows the newest message
  let shown; // the id shown or being loaded

  async function show(id) {
    shown = id;
    output.dataset.messageId = "";
    if (!id) {
      output.textContent = "No stored message yet.";
      return;
    }
    output.textContent = "Loading…";
    const url = `${api}/threads/${encodeURIComponent(threadId)}/messages/${encodeURIComponent(id)}/provider`;
    try {
      const response = await fetch(url, { cache: "no-store" });
      const text = response.ok ? await response.text() : `The host answered ${response.status}`;
      if (shown !== id) return; // another message was chosen meanwhile
      output.textContent = text;
      if (response.ok) output.dataset.messageId = id;
    } catch (error) {
      if (shown === id) output.textContent = `Could not reach the host: ${error.message}`;
    }
  }

  function refresh() {
    // The host's stored messages: not pending sends, and not the assistant's replies (streamed only).
    const stored = transcript.messages.filter((m) => !m.pending && m.role === "user");
    select.replaceChildren(
      ...stored.map((m, index) => {
        // Chips read as their labels, as in the transcript.
        const text = replaceComposerContextReferences(m.text, (o) => o.label).replace(/\s+/g, " ");
        return new Option(`#${index + 1} · ${text.length > PREVIEW_CHARS ? text.slice(0, PREVIEW_CHARS) + "…" : text}`, m.id);
      }),
    );
    const wanted = picked && stored.some((m) => m.id === picked) ? picked : stored.at(-1)?.id;
    select.value = wanted ?? "";
    if (select.value !== shown) void show(select.value);
  }

  select.addEventListener("change", () => {
    picked = select.value;
    void show(select.value);
  });
  // A click on a message in the transcript selects it (chips keep their own default actions).
  transcript.addEventListener("click", (event) => {
    const article = event.composedPath().find((node) => node instanceof HTMLElement && node.dataset.messageId);
    const id = article?.dataset.messageId;
    if (!id || !transcript.messages.some((m) => m.id === id && !m.pending && m.role === "user")) return;
    picked = id;
    select.value = id;
    void show(id);
  });
  return refresh;
}
