// `t3-composer/t3-composer.js`: the combined drop-in, one minified module for a
// <script type="module"> tag. Importing it defines <t3-composer> and <t3-transcript>; it exports
// every value the package entry (src/index.ts) does but two groups, each a module of its own beside
// it that imports what it shares from it: the memory transport, a test double
// (`t3-composer/memory-transport.js`: src/drop-in/memory-transport.ts), and the codec functions
// neither element needs to show itself (`t3-composer/codec-extras.js`: src/drop-in/codec-extras.ts),
// which would otherwise be first-load bytes of every page (docs/entries.md).
// The codec's names come from their own modules, not from the codec's index: rollup.config.js
// keeps every module the entry reaches in this file, and the index reaches those of the extras.
// The transports come from their own modules too, not from the transport's index, which would
// reach the memory transport. test/e2e/drop-in-pages.test.ts keeps this list and the entry's in step.
import "../elements/define.js";

export {
  ClipboardFragmentSchema, ComposerContextRecordSchema, KNOWN_CONTEXT_KINDS, MessageContextSchema, asKnownContextRecord,
  decodeComposerContextRecord, decodeMessageContext, decodeOutgoingMessage, decodeSentMessage, isKnownContextKind,
} from "../contract/index.js";
export {
  CONTEXT_HREF_PREFIX, collectComposerContextReferences, formatComposerContextHref, formatComposerContextReference,
  parseComposerContextHref, replaceComposerContextReferences, sanitizeComposerContextLabel,
} from "../codec/references.js";
export { producerIdFromComposerContextId, toComposerContextId, toKindScopedComposerContextId } from "../codec/ids.js";
export { defineContextKind } from "../codec/kind-definitions.js";
export { CONTEXT_FRAGMENT_MIME, decodeClipboardFragment, decodeClipboardHtml, encodeClipboardFragment, encodeClipboardHtml } from "../codec/clipboard.js";
export { redactContextRecord, redactSecrets, SECRET_RULES } from "../codec/secrets.js";
export { T3ComposerElement } from "../elements/composer/t3-composer.js";
export { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";
export { chipRegistry, createChipRegistry, entryBodyFromRegistry } from "../presentation/index.js";
export { setStrings } from "../l10n/catalog.js";
export { englishStrings } from "../l10n/strings.js";
export { ComposerError, HostResponseError } from "../transport/errors.js";
export { createFetchTransport } from "../transport/fetch-transport.js";
export { createWebSocketTransport } from "../transport/websocket-transport.js";
