// `t3-composer/codec`: the wire format, for servers and other languages' bridges: the v1 contract
// and its decoders, the pure codecs of docs/wire-format.md, T3 Code's legacy format and the secrets
// redactor. No DOM, no Node API: this entry runs in browsers and in Node on a host's server. Every
// module below is free of side effects, so a bundler keeps only what a server calls: one that never
// upgrades legacy text or redacts does not ship the legacy reader or the rules (docs/entries.md;
// test/node/codec-tree-shaking.test.ts checks it).
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
export { estimateTokensFromLength, measureComposerContext } from "./measure.js";
export type { ComposerContextMeasure, ContextCost, ContextEntryCost, MeasureOptions } from "./measure.js";
export {
  CONTEXT_FRAGMENT_MIME,
  decodeClipboardFragment,
  decodeClipboardHtml,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from "./clipboard.js";
export { normalizeMessageAttachments } from "./attachment-rebinding.js";
export { resolveUserMessageContext, serializeLegacyContextMessage, upgradeLegacyContextMessage } from "./legacy/index.js";
export type { ResolvedUserMessageContext, UpgradedLegacyContext } from "./legacy/index.js";
export { redactContextRecord, redactSecrets, SECRET_RULES } from "./secrets.js";
export type { RedactedRecord, RedactionHit, RedactionResult, RedactionRule, TextRedactor } from "./secrets.js";
