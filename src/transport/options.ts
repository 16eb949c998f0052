// Options that every adapter speaking the host protocol over HTTP shares.
import type { AttachmentSource } from "./attachment-requests.js";
import type { RetryOptions, TransportHeaders } from "./config.js";

/** Options shared by `createFetchTransport` and `createWebSocketTransport`. */
export interface HttpTransportOptions {
  /** The host protocol's base URL, for example `https://example.com/api`. Trailing slashes are ignored. */
  baseUrl: string;
  /** The thread that messages are posted to (created by the host on first post). */
  threadId: string;
  /** Extra headers on every HTTP request, or a function called before each one (for rotating tokens). */
  headers?: TransportHeaders | undefined;
  /** The fetch to use. Default: the global `fetch`. */
  fetch?: typeof fetch | undefined;
  /**
   * The XMLHttpRequest to upload with, for progress reports. Default: the platform's, where it has
   * one. `null` uploads through `fetch`, which reports progress once, when the host has every byte.
   */
  XMLHttpRequest?: typeof XMLHttpRequest | null | undefined;
  /** Advertised as `capabilities.inlineMessageContext`; `false` makes the composer send legacy text. Default `true`. */
  inlineMessageContext?: boolean | undefined;
  /** Advertised as `capabilities.edit`; `false` says the host does not take edits (`editOf`). Default `true`. */
  edit?: boolean | undefined;
  /** How sends are retried (fetch adapter) and reconnects paced (WebSocket adapter). */
  retry?: RetryOptions | undefined;
  /**
   * How long one HTTP request may take, in milliseconds, before it counts as a network failure.
   * An upload may take longer as long as its bytes keep moving: with `onProgress` (the composer
   * always asks) it fails with `upload-failed` once this long passes with no progress and no answer.
   * Without progress to see (through fetch, or without `onProgress`) an upload has no bound. Default 30,000.
   */
  timeoutMs?: number | undefined;
  /**
   * Where `fetchAttachment` loads an attachment from. Default: `{baseUrl}/attachments/{attachmentId}`
   * on this adapter's own host, whatever the environment id; a host whose environments live at
   * different URLs maps them here.
   */
  attachmentUrl?: ((source: AttachmentSource) => string) | undefined;
}
