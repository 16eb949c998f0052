// The v1 contract: types, limits, the valibot schemas and the decoders. Re-exported by name from
// the codec entry.
export { KNOWN_CONTEXT_KINDS } from "./types.js";
export type {
  AttachmentFields,
  ChatAttachmentId,
  ClipboardFragment,
  ClipboardFragmentSource,
  ComposerContextId,
  ComposerContextRecord,
  ComposerContextReferenceId,
  ContextRecordBase,
  DecodeResult,
  ElementContextRecord,
  ElementDetails,
  ElementSourceLocation,
  FileContextRecord,
  ImageContextRecord,
  Issue,
  KnownContextKind,
  KnownContextRecord,
  MentionContextRecord,
  MessageContext,
  PreviewAnnotationContextRecord,
  PullRequestMetadata,
  PullRequestState,
  ReviewCommentContextRecord,
  SkillContextRecord,
  StyleChangeDetail,
  TerminalContextRecord,
  UnknownContextRecord,
} from "./types.js";
export { asKnownContextRecord, isKnownContextKind } from "./kinds.js";

export {
  ElementContextRecordSchema,
  ElementDetailsSchema,
  ElementSourceLocationSchema,
  FileContextRecordSchema,
  ImageContextRecordSchema,
  MentionContextRecordSchema,
  PreviewAnnotationContextRecordSchema,
  PullRequestMetadataSchema,
  ReviewCommentContextRecordSchema,
  SkillContextRecordSchema,
  StyleChangeDetailSchema,
  TerminalContextRecordSchema,
} from "./records.js";
export { UnknownContextRecordSchema } from "./unknown-record.js";
export { ComposerContextRecordSchema } from "./record.js";
export { MessageContextSchema } from "./message-context.js";
export { ClipboardFragmentSchema, ClipboardFragmentSourceSchema } from "./clipboard-fragment.js";
export {
  decodeComposerContextRecord,
  decodeMessageContext,
  decodeOutgoingMessage,
  decodeSentMessage,
  isDecoded,
} from "./decode.js";
export type { Decoded } from "./decode.js";
export { OutgoingMessageSchema, SentMessageSchema, TranscriptAttachmentSchema } from "./messages.js";
export type { OutgoingMessage, SentMessage, TranscriptAttachment } from "./messages.js";
