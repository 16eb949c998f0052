// `t3-composer/t3-composer.js`: the combined drop-in, one minified module for a
// <script type="module"> tag. Importing it defines <t3-composer> and <t3-transcript>; it exports
// every value the package entry (src/index.ts) does but the memory transport, a test double that
// is a module of its own beside it (`t3-composer/memory-transport.js`: src/drop-in/memory-transport.ts).
// The transports come from their own modules, not from the transport's index, which would reach
// the memory transport too. test/e2e/drop-in-pages.test.ts keeps this list and the entry's in step.
import "../elements/define.js";

export {
  CONTEXT_FRAGMENT_MIME, CONTEXT_HREF_PREFIX, ClipboardFragmentSchema, ComposerContextRecordSchema, KNOWN_CONTEXT_KINDS, MessageContextSchema,
  asKnownContextRecord, collectComposerContextReferences, collectComposerInlineTokens, decodeClipboardFragment, decodeClipboardHtml,
  decodeComposerContextRecord, decodeMessageContext, decodeOutgoingMessage, decodeSentMessage, defineContextKind, encodeClipboardFragment,
  encodeClipboardHtml, estimateTokensFromLength, formatComposerContextHref, formatComposerContextReference, isKnownContextKind,
  measureComposerContext, normalizeMessageAttachments, parseComposerContextHref, producerIdFromComposerContextId,
  projectComposerContextForProvider, replaceComposerContextReferences, sanitizeComposerContextLabel, toComposerContextId,
  toKindScopedComposerContextId,
} from "../codec/index.js";
export { resolveUserMessageContext, serializeLegacyContextMessage, upgradeLegacyContextMessage } from "../codec/legacy/index.js";
export { redactContextRecord, redactSecrets, SECRET_RULES } from "../codec/secrets.js";
export { T3ComposerElement } from "../elements/composer/t3-composer.js";
export { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
export { chipRegistry, createChipRegistry, entryBodyFromRegistry } from "../presentation/index.js";
export { setStrings } from "../l10n/catalog.js";
export { englishStrings } from "../l10n/strings.js";
export { ComposerError, HostResponseError } from "../transport/errors.js";
export { createFetchTransport } from "../transport/fetch-transport.js";
export { createWebSocketTransport } from "../transport/websocket-transport.js";
