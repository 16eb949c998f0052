// The transport interface (api.md, `t3-composer/transport`): how a composer sends messages,
// uploads attachments and fetches them back for a cross-environment paste.
import type { MessageContext } from "../contract/types.js";

/** An attachment as a transcript shows it. */
export interface TranscriptAttachment {
  /** The host's attachment id. */
  id: string;
  name: string;
  mimeType: string;
  sizeBytes?: number;
  /** Where the bytes can be loaded from, when the host says so. */
  url?: string;
}

/** What a composer hands to a transport when it sends. */
export interface OutgoingMessage {
  /** Idempotency key, `msg_` + 20 random characters, reused by every retry of one send. */
  clientMessageId: string;
  /** Canonical Markdown (or legacy text for a host without inline context). */
  text: string;
  context?: MessageContext;
  /** The draft's attachments: local id and the id the host returned for its upload. */
  attachments: { localId: string; attachmentId: string }[];
}

/** The host's stored copy of a message. */
export interface SentMessage {
  id: string;
  clientMessageId: string;
  text: string;
  context?: MessageContext;
  attachments?: TranscriptAttachment[];
  createdAt?: string;
}

/** Options of `ComposerTransport.upload`. */
export interface UploadOptions {
  localId: string;
  name: string;
  signal: AbortSignal;
  onProgress?(loaded: number, total: number): void;
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
  /** `inlineMessageContext: false` means the host gets `serializeLegacyContextMessage` text. */
  readonly capabilities?: { inlineMessageContext?: boolean };
  send(message: OutgoingMessage, options: { signal: AbortSignal }): Promise<SentMessage>;
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
