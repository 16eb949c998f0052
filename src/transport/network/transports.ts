// The network transports' implementation: a chunk (dist/drop-in/transports.js in the combined
// drop-in, dist/composer/transports.js in the composer's) that createFetchTransport and
// createWebSocketTransport fetch when they are created (network-chunk.ts, docs/transport.md,
// "When the implementation loads"). Retries, the HTTP requests, uploads, attachment fetches,
// listing, the live socket and its frame protocol are here, out of the drop-ins' first loads.
export { fetchAttachmentBlob, uploadAttachment } from "../attachment-requests.js";
export { postMessage } from "../fetch-send.js";
export { listPage } from "../list.js";
export { openLiveThread } from "../live-thread.js";
