// The transport interface (docs/wire-format.md, "Messages"): how a composer sends messages, uploads
// attachments and fetches them back for a cross-environment paste. The messages themselves are
// the contract's (src/contract/messages.ts): one schema, here and in every host.
import type { OutgoingMessage, SentMessage } from "../contract/messages.js";

export type { OutgoingMessage, SentMessage, TranscriptAttachment } from "../contract/messages.js";

/** Options of `ComposerTransport.upload`. */
export interface UploadOptions {
  /** The composer's id of the draft attachment. */
  localId: string;
  /** The file name to store. */
  name: string;
  /** Aborted when the attachment is removed from the draft. */
  signal: AbortSignal;
  /** Called as bytes go out; `total` is the file's size. */
  onProgress?(loaded: number, total: number): void;
}

/** Options of `ComposerTransport.send`. */
export interface SendRequestOptions {
  signal: AbortSignal;
  /**
   * Called when the transport tries again after a failed attempt, with that attempt's number
   * (2 for the first retry): the composer shows that it is still trying (docs/transport.md,
   * "Retries"). A transport that does not retry never calls it.
   */
  onRetry?(attempt: number): void;
}

/** Which page of a thread `listMessages` answers. */
export interface ListOptions {
  /** Messages in the page, at most; default the host's page size. */
  limit?: number;
  /** A message id: the page just older than it. Default: the newest page. */
  before?: string;
  signal: AbortSignal;
}

/** Pluggable I/O of a composer: any backend can stand behind it. */
export interface ComposerTransport {
  /**
   * `inlineMessageContext: false` means the host gets `serializeLegacyContextMessage` text.
   * `edit: false` means the host does not take `editOf` (edit and resend): no Edit action is
   * offered (docs/transport.md). Absent means `true` for both.
   */
  readonly capabilities?: { inlineMessageContext?: boolean; edit?: boolean };
  /** Sends one message and resolves with the host's stored copy; rejects with a `ComposerError`. */
  send(message: OutgoingMessage, options: SendRequestOptions): Promise<SentMessage>;
  /** Uploads bytes and resolves with the host's pending id for them. */
  upload?(file: Blob, options: UploadOptions): Promise<{ attachmentId: string }>;
  /** One page of the thread, oldest first within it (`GET …/messages?limit=&before=`). */
  listMessages?(options: ListOptions): Promise<SentMessage[]>;
  /** Fetches an attachment's bytes from the environment a fragment was copied in. */
  fetchAttachment?(
    source: { environmentId: string; attachmentId: string },
    options: { signal: AbortSignal },
  ): Promise<Blob>;
}
