// `t3-composer/composer.js`: the composer-only drop-in, one self-contained module for a
// <script type="module"> tag. Importing it defines <t3-composer>; it exports what a page using the
// composer alone needs: the element, the chip registry, the codec and the network transports.
// The memory transport is a test double and stays out (it is in `t3-composer/transport`).
import "../elements/define-composer.js";

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
  replaceComposerContextReferences,
  resolveUserMessageContext,
  sanitizeComposerContextLabel,
  serializeLegacyContextMessage,
  toComposerContextId,
  toKindScopedComposerContextId,
  upgradeLegacyContextMessage,
} from "../codec/index.js";

export { T3ComposerElement } from "../elements/composer/t3-composer.js";
export { chipRegistry, createChipRegistry, entryBodyFromRegistry } from "../presentation/index.js";
export { ComposerError, HostResponseError, createFetchTransport, createWebSocketTransport } from "../transport/index.js";
