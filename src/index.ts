// `t3-composer`: the browser entry, for bundlers, and the combined drop-in `t3-composer.js` built
// from this same module (rollup.config.js), so that both export the same names. Importing it
// defines <t3-composer> and <t3-transcript> in a page, and nothing in Node (src/elements/register.ts).
import "./elements/define.js";

export {
  CONTEXT_FRAGMENT_MIME,
  CONTEXT_HREF_PREFIX,
  ClipboardFragmentSchema,
  ComposerContextRecordSchema,
  KNOWN_CONTEXT_KINDS,
  MessageContextSchema,
  asKnownContextRecord,
  collectComposerContextReferences,
  collectComposerInlineTokens,
  decodeClipboardFragment,
  decodeClipboardHtml,
  decodeComposerContextRecord,
  decodeMessageContext,
  decodeOutgoingMessage,
  decodeSentMessage,
  defineContextKind,
  encodeClipboardFragment,
  encodeClipboardHtml,
  estimateTokensFromLength,
  formatComposerContextHref,
  formatComposerContextReference,
  isKnownContextKind,
  measureComposerContext,
  normalizeMessageAttachments,
  parseComposerContextHref,
  producerIdFromComposerContextId,
  projectComposerContextForProvider,
  redactContextRecord,
  redactSecrets,
  replaceComposerContextReferences,
  resolveUserMessageContext,
  sanitizeComposerContextLabel,
  SECRET_RULES,
  serializeLegacyContextMessage,
  toComposerContextId,
  toKindScopedComposerContextId,
  upgradeLegacyContextMessage,
} from "./codec/index.js";
export type {
  ClipboardFragment,
  ClipboardFragmentSource,
  ComposerContextMeasure,
  ComposerContextRecord,
  ContextCost,
  ContextEntryCost,
  ContextKindDefinition,
  ContextKindOptions,
  ContextOccurrence,
  CustomContextRecord,
  DecodeResult,
  InlineToken,
  Issue,
  MeasureOptions,
  MessageContext,
  ProjectionOptions,
  RedactedRecord,
  RedactionHit,
  RedactionResult,
  RedactionRule,
  ResolvedUserMessageContext,
  TextRedactor,
  UpgradedLegacyContext,
} from "./codec/index.js";

export { T3ComposerElement } from "./elements/composer/t3-composer.js";
export type {
  ComposerHistoryEntry,
  ComposerStashEntry,
  ComposerValue,
  DraftAttachment,
  InsertContextOptions,
  Suggestion,
} from "./elements/composer/types.js";
export type { CustomContextPayloads, InsertableContextRecord, InsertableCustomRecord } from "./elements/composer/insertable.js";
export type { ComposerRedactor } from "./elements/composer/redaction.js";
// Types of the composer's public members (`queue`, `send(options)`), named so that callers can use them.
export type { ComposerQueuedMessage } from "./elements/composer/queue-item.js";
export type { SendOptions } from "./elements/composer/send.js";
export type {
  ComposerBudgetDetail,
  ComposerChangeDetail,
  ComposerContextDetail,
  ComposerContextRefreshDetail,
  ComposerErrorDetail,
  ComposerSendDetail,
  ComposerSentDetail,
  ComposerStopDetail,
  ComposerTriggerDetail,
} from "./elements/composer/events.js";
export { createRecordedSpeech } from "./elements/composer/speech.js";
export type { ComposerSpeech, RecordedSpeechOptions, SpeechResult } from "./elements/composer/speech.js";
export type { ChipActivateDetail } from "./elements/chip-events.js";
export type { ContextStatus, ContextValidator } from "./elements/composer/staleness.js";
export type { ComposerEditing } from "./elements/composer/editing.js";
export type { EditableMessage } from "./elements/composer/edit-message.js";

export { T3TranscriptElement } from "./elements/transcript/t3-transcript.js";
export type { TranscriptMessage, TranscriptMessagePatch, TranscriptRole } from "./elements/transcript/types.js";
export type { CodeHighlighter, CodeToken } from "./elements/transcript/code/types.js";
export type { TranscriptCopyDetail, TranscriptEditDetail } from "./elements/transcript/events.js";
export type { EditTarget } from "./elements/transcript/edit.js";
export type { AttachmentUrlResolver } from "./elements/transcript/message-attachments.js";

export { chipRegistry, createChipRegistry, entryBodyFromRegistry } from "./presentation/index.js";
export type {
  ChipAttachmentState,
  ChipContent,
  ChipDetailsMode,
  ChipExpandedMode,
  ChipLookup,
  ChipPresenter,
  ChipRegistry,
  ChipSurface,
  FallbackPresenter,
  UnresolvedContextRecord,
} from "./presentation/index.js";
export { setStrings } from "./l10n/catalog.js";
export type { T3StringTable } from "./l10n/catalog.js";
export type { Localizer, MessageParams } from "./l10n/localizer.js";
export { englishStrings } from "./l10n/strings.js";
export type { Message, PluralMessage, T3StringKey, T3Strings } from "./l10n/strings.js";
export {
  ComposerError,
  HostResponseError,
  createFetchTransport,
  createMemoryTransport,
  createWebSocketTransport,
} from "./transport/index.js";
export type {
  AttachmentSource,
  ComposerErrorCode,
  ComposerTransport,
  FetchTransportOptions,
  HttpTransportOptions,
  ListOptions,
  LiveReply,
  MemoryTransport,
  MemoryTransportOptions,
  OutgoingMessage,
  RetryOptions,
  SendRequestOptions,
  SentMessage,
  TranscriptAttachment,
  TransportHeaders,
  UploadOptions,
  WebSocketTransport,
  WebSocketTransportOptions,
} from "./transport/index.js";
