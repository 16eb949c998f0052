// The demo app (`npm start`): a composer and a transcript on one thread of the reference host.
// The composer uploads and sends through the fetch transport; the transcript shows the thread's
// stored messages, new ones live from any tab, and each send at once (see thread.js).
import { createFetchTransport, setStrings } from "../../dist/t3-composer.js";
import { pretendAgent } from "./agent.js";
import { devPanel } from "./dev-panel.js";
import { frenchStrings } from "./french.js";
import { showWhileEmpty } from "./empty-thread.js";
import { logComposerEvents } from "./event-log.js";
import { providerView } from "./provider-view.js";
import { addSampleButtons } from "./samples.js";
import { watchContext } from "./staleness.js";
import { provideSuggestions } from "./suggestions.js";
import { connectThread } from "./thread.js";
import { useTokenizer } from "./tokenizer.js";

/** The thread when the URL names none (`?thread=<id>`). */
const DEFAULT_THREAD = "demo";
/** The host's grammar for thread ids. */
const THREAD_ID = /^[A-Za-z0-9_-]{1,128}$/;

const $ = (id) => document.getElementById(id);
const requested = new URLSearchParams(location.search).get("thread");
const threadId = requested && THREAD_ID.test(requested) ? requested : DEFAULT_THREAD;
// Relative to the page, so the app also works behind a proxy that mounts it under a path.
const api = new URL("api", document.baseURI).href;

devPanel($("dev-panel"), $("dev-toggle"), $("dev-close"));

const composer = $("composer");
const transcript = $("transcript");
const status = $("status");
$("thread").textContent = threadId;
$("second-tab").href = location.href;
composer.draftKey = `demo:${threadId}`;
transcript.setAttribute("thread-id", threadId);
transcript.resolveAttachmentUrl = (attachmentId) => `${api}/attachments/${encodeURIComponent(attachmentId)}`;

// The language picker: the elements follow their `lang` (here the page's), and read French from
// the table registered for it.
setStrings("fr", frenchStrings);
$("language").addEventListener("change", (event) => {
  document.documentElement.lang = event.target.value;
});

const setStatus = (state, text) => {
  status.dataset.state = state;
  status.textContent = text;
};

// "Make uploads fail" wraps the upload, so that a failed chip (and its retry) can be seen.
const transport = createFetchTransport({ baseUrl: api, threadId });
composer.transport = {
  capabilities: transport.capabilities,
  send: (message, options) => transport.send(message, options),
  upload: (file, options) =>
    $("fail-uploads").checked ? Promise.reject(new Error("uploads are set to fail")) : transport.upload(file, options),
  fetchAttachment: (source, options) => transport.fetchAttachment(source, options),
};

// Edit and resend: the transcript's Edit button (`editable` in index.html) loads the message into
// this composer; the transport says whether the host takes edits.
transcript.transport = transport;
transcript.composer = composer;

const refreshProvider = providerView({ api, threadId, transcript, select: $("provider-message"), output: $("provider") });
connectThread({ api, threadId, composer, transcript, onStatus: setStatus, onChange: refreshProvider });
showWhileEmpty(transcript, $("empty-thread"));

addSampleButtons($("kinds"), composer, transport, (text) => ($("error").textContent = text));
provideSuggestions(composer);
watchContext(composer);
$("preview").addEventListener("click", () => composer.showPreview());
pretendAgent(composer, $("agent"), $("agent-auto"));
logComposerEvents(composer, $("log"));
useTokenizer(composer, (name) => ($("token-count").textContent = `tokens: counted by ${name}`));

// Send, Stop, Attach and the error notice with Retry are the composer's own toolbar
// (docs/composer.md, "Toolbar"); the demo adds only its Preview button to the toolbar's end.
composer.addEventListener("t3-sent", () => ($("error").textContent = ""));
