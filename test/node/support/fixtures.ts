// Messages, records and bytes the transport and host tests share.
import type { ComposerContextRecord, MessageContext } from "../../../src/codec/index.js";
import type { OutgoingMessage } from "../../../src/transport/index.js";

/** The smallest PNG signature plus a few bytes: enough for the sniffer. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

export function imageRecord(attachmentId: string, contextId = "image_att_1"): ComposerContextRecord {
  return { version: 1, kind: "image", contextId, label: "shot.png", attachmentId, name: "shot.png", mimeType: "image/png", sizeBytes: PNG_BYTES.length };
}

export const TERMINAL_RECORD: ComposerContextRecord = {
  version: 1,
  kind: "terminal",
  contextId: "terminal_t1",
  label: "build lines 3-4",
  terminalId: "t1",
  terminalLabel: "build",
  lineStart: 3,
  lineEnd: 4,
  text: "error: boom\nat main.ts:4",
};

export const REVIEW_RECORD: ComposerContextRecord = {
  version: 1,
  kind: "review-comment",
  contextId: "review-comment_r1",
  label: "main.ts L4",
  sectionId: "s1",
  sectionTitle: "main.ts",
  filePath: "src/main.ts",
  startIndex: 4,
  endIndex: 4,
  rangeLabel: "L4",
  text: "Why is this here?",
  diff: "+console.log(1)",
};

let counter = 0;
/** A fresh clientMessageId in the composer's format (`msg_` + 20 characters). */
export function newClientMessageId(): string {
  counter++;
  return `msg_${String(counter).padStart(20, "0")}`;
}

/** A text-only message. */
export function textMessage(text = "hello", clientMessageId = newClientMessageId()): OutgoingMessage {
  return { clientMessageId, text, attachments: [] };
}

/** A message with an image chip bound to `attachmentId`, a terminal excerpt and a review comment. */
export function contextMessage(attachmentId: string, clientMessageId = newClientMessageId()): OutgoingMessage {
  const context: MessageContext = { version: 1, records: [imageRecord(attachmentId), TERMINAL_RECORD, REVIEW_RECORD] };
  return {
    clientMessageId,
    text:
      "Why does ![shot.png](t3-context://v1/image/image_att_1) fail after [build lines 3-4](t3-context://v1/terminal/terminal_t1)? " +
      "See [main.ts L4](t3-context://v1/review-comment/review-comment_r1).",
    context,
    attachments: [{ localId: "att_1", attachmentId }],
  };
}

/** An abort reason the tests can recognise by identity. */
export function abortReason(): Error {
  const error = new Error("aborted by the test");
  error.name = "AbortError";
  return error;
}
