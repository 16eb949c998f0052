// Sample context of every built-in kind, minted as a host would mint it (kind-scoped ids), and
// the buttons that insert it. Image and file samples upload real bytes to the host first: their
// records bind to the host's attachment id, never to bytes.
import { toKindScopedComposerContextId } from "../../dist/t3-composer.js";
import { SAMPLE_RECORDS } from "./sample-records.js";

/** Samples whose bytes go to the host before the record exists. */
const UPLOADED_SAMPLES = {
  "Image (uploaded)": { kind: "image", name: "screenshot.png", mimeType: "image/png", bytes: samplePng },
  "File (uploaded)": { kind: "file", name: "trace.log", mimeType: "text/plain", bytes: async () => "GET /api/users 500\n  at handler (server.ts:42)\n" },
};

let uploads = 0;

/** A host's own image or file record: upload the bytes, then mint the record from its own id. */
async function uploadedRecord(transport, { kind, name, mimeType, bytes }) {
  const blob = new Blob([await bytes()], { type: mimeType });
  // The host's producer id: unique per upload, so two samples are two records.
  const producerId = `sample-${Date.now().toString(36)}-${++uploads}`;
  const { attachmentId } = await transport.upload(blob, { localId: producerId, name, signal: new AbortController().signal });
  const contextId = toKindScopedComposerContextId(kind, producerId);
  return { version: 1, kind, contextId, label: name, attachmentId, name, mimeType, sizeBytes: blob.size };
}

/** A 48×48 PNG drawn on a canvas: real image bytes without shipping a file. */
function samplePng() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const g = canvas.getContext("2d");
  g.fillStyle = "#0969da";
  g.fillRect(0, 0, 48, 48);
  g.fillStyle = "#fff";
  g.fillRect(12, 12, 24, 24);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/**
 * One button per sample in `container`; a click inserts it at the composer's caret. `onError`
 * hears a sample upload that failed (the host is down, say).
 */
export function addSampleButtons(container, composer, transport, onError) {
  const add = (name, record) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    // Keep the composer's caret: a mousedown on a button would otherwise take the focus first.
    button.addEventListener("mousedown", (event) => event.preventDefault());
    button.addEventListener("click", async () => {
      try {
        composer.insertContext(await record());
      } catch (error) {
        onError(`${name}: ${error.message}`);
      }
    });
    container.append(button);
  };
  for (const [name, record] of Object.entries(SAMPLE_RECORDS)) add(name, async () => record);
  for (const [name, sample] of Object.entries(UPLOADED_SAMPLES)) add(name, () => uploadedRecord(transport, sample));
}
