// `t3-composer/codec`: the v1 contract and every pure codec of docs/wire-format.md. No DOM, no Node API:
// this entry runs in browsers and in Node on a host's server.
export {
  ClipboardFragmentSchema,
  ComposerContextRecordSchema,
  KNOWN_CONTEXT_KINDS,
  MessageContextSchema,
  OutgoingMessageSchema,
  SentMessageSchema,
  TranscriptAttachmentSchema,
  asKnownContextRecord,
  decodeComposerContextRecord,
  decodeMessageContext,
  decodeOutgoingMessage,
  decodeSentMessage,
  isDecoded,
  isKnownContextKind,
} from "../contract/index.js";
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
  Decoded,
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
  OutgoingMessage,
  PreviewAnnotationContextRecord,
  PullRequestMetadata,
  PullRequestState,
  ReviewCommentContextRecord,
  SentMessage,
  SkillContextRecord,
  StyleChangeDetail,
  TerminalContextRecord,
  TranscriptAttachment,
  UnknownContextRecord,
} from "../contract/index.js";
export {
  CONTEXT_HREF_PREFIX,
  collectComposerContextReferences,
  formatComposerContextHref,
  formatComposerContextReference,
  parseComposerContextHref,
  replaceComposerContextReferences,
  sanitizeComposerContextLabel,
} from "./references.js";
export type { ContextOccurrence } from "./references.js";
export { collectComposerInlineTokens } from "./inline-tokens.js";
export type { InlineToken } from "./inline-tokens.js";
export { producerIdFromComposerContextId, toComposerContextId, toKindScopedComposerContextId } from "./ids.js";
export { projectComposerContextForProvider } from "./projection.js";
export { defineContextKind } from "./kind-definitions.js";
export type { ContextKindDefinition, ContextKindOptions, CustomContextRecord } from "./kind-definitions.js";
export type { ProjectionOptions } from "./projection.js";
export { upgradeLegacyContextMessage } from "./legacy/upgrade.js";
export type { UpgradedLegacyContext } from "./legacy/upgrade.js";
export { serializeLegacyContextMessage } from "./legacy/serialize.js";
export { resolveUserMessageContext } from "./resolve.js";
export type { ResolvedUserMessageContext } from "./resolve.js";
export {
  CONTEXT_FRAGMENT_MIME,
  decodeClipboardFragment,
  decodeClipboardHtml,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from "./clipboard.js";
export { normalizeMessageAttachments } from "./attachment-rebinding.js";
