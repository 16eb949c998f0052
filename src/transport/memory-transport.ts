// The memory adapter: no host at all. For tests, demos and pages that take messages from events.
import type { AttachmentSource } from "./attachment-requests.js";
import { ComposerError } from "./errors.js";
import { assertOutgoingMessage, signalOf } from "./calls.js";
import type { ComposerTransport, OutgoingMessage, SentMessage, TranscriptAttachment } from "./types.js";

/** Options of `createMemoryTransport`. */
export interface MemoryTransportOptions {
  /** Advertised as `capabilities.inlineMessageContext`. Default `true`. */
  inlineMessageContext?: boolean | undefined;
}

/** A transport that keeps everything in memory. */
export interface MemoryTransport extends ComposerTransport {
  /** Every message sent, in order; a repeated `clientMessageId` is stored once. */
  readonly sent: OutgoingMessage[];
}

/** The memory adapter's message ids: this prefix and a counter. */
const MEMORY_MESSAGE_ID_PREFIX = "mem_";

/**
 * A transport without a host. `send` stores the message in `sent` and resolves at once with a
 * `SentMessage` built from it (its attachments taken from the image and file records); sending a
 * `clientMessageId` again resolves with the first copy and stores nothing, as an idempotent host
 * would. `upload` keeps the bytes and returns the local id; `fetchAttachment` gives back the bytes
 * uploaded under that id, whatever the environment, and rejects with
 * `ComposerError("attachment-unreachable")` for any other id.
 */
export function createMemoryTransport(options: MemoryTransportOptions = {}): MemoryTransport {
  const sent: OutgoingMessage[] = [];
  const stored = new Map<string, SentMessage>();
  const blobs = new Map<string, Blob>();
  return {
    sent,
    capabilities: { inlineMessageContext: options.inlineMessageContext ?? true },
    send(message, sendOptions) {
      const signal = signalOf(sendOptions);
      if (signal.aborted) return Promise.reject(signal.reason);
      assertOutgoingMessage(message);
      let copy = stored.get(message.clientMessageId);
      if (!copy) {
        // A snapshot: the caller may reuse its object for the next draft.
        sent.push(structuredClone(message));
        copy = toSentMessage(message, `${MEMORY_MESSAGE_ID_PREFIX}${sent.length}`);
        stored.set(message.clientMessageId, copy);
      }
      return Promise.resolve(structuredClone(copy));
    },
    upload(file, uploadOptions) {
      if (uploadOptions.signal.aborted) return Promise.reject(uploadOptions.signal.reason);
      blobs.set(uploadOptions.localId, file);
      uploadOptions.onProgress?.(file.size, file.size);
      return Promise.resolve({ attachmentId: uploadOptions.localId });
    },
    fetchAttachment(source: AttachmentSource, fetchOptions) {
      const signal = signalOf(fetchOptions);
      if (signal.aborted) return Promise.reject(signal.reason);
      const blob = blobs.get(source.attachmentId);
      return blob
        ? Promise.resolve(blob)
        : Promise.reject(new ComposerError("attachment-unreachable", `No attachment ${source.attachmentId} in this memory transport`));
    },
  };
}

function toSentMessage(message: OutgoingMessage, id: string): SentMessage {
  const result: SentMessage = {
    id,
    clientMessageId: message.clientMessageId,
    text: message.text,
    createdAt: new Date().toISOString(),
  };
  if (message.context) result.context = structuredClone(message.context);
  const attachments = attachmentsOf(message);
  if (attachments.length > 0) result.attachments = attachments;
  return result;
}

/** One entry per distinct attachment id among the image and file records. */
function attachmentsOf(message: OutgoingMessage): TranscriptAttachment[] {
  const byId = new Map<string, TranscriptAttachment>();
  for (const record of message.context?.records ?? []) {
    if ((record.kind === "image" || record.kind === "file") && "attachmentId" in record && !byId.has(record.attachmentId)) {
      byId.set(record.attachmentId, { id: record.attachmentId, name: record.name, mimeType: record.mimeType, sizeBytes: record.sizeBytes });
    }
  }
  return [...byId.values()];
}
