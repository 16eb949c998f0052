// The transport interface and its adapters, re-exported by `t3-composer`; this module is also the
// old path `t3-composer/transport`, kept for one release (docs/entries.md, "Old paths").
export { ComposerError, HostResponseError } from "./errors.js";
export type { ComposerErrorCode } from "./errors.js";
export type {
  ComposerTransport,
  ListOptions,
  OutgoingMessage,
  SendRequestOptions,
  SentMessage,
  TranscriptAttachment,
  UploadOptions,
} from "./types.js";
export { createFetchTransport } from "./fetch-transport.js";
export type { FetchTransportOptions } from "./fetch-transport.js";
export { createWebSocketTransport } from "./websocket-transport.js";
export type { WebSocketTransport, WebSocketTransportOptions } from "./websocket-transport.js";
export type { LiveReply } from "./frames.js";
export { createMemoryTransport } from "./memory-transport.js";
export type { MemoryTransport, MemoryTransportOptions } from "./memory-transport.js";
export type { HttpTransportOptions } from "./options.js";
export type { AttachmentSource } from "./attachment-requests.js";
export type { TransportHeaders } from "./http.js";
export type { RetryOptions } from "./retry.js";
