// `t3-composer/composer.js`: the composer-only drop-in, one self-contained module for a
// <script type="module"> tag. Importing it defines <t3-composer>; it exports what a page using the
// composer alone needs: the element, the chip registry, the codec functions the composer itself
// is built on (reference links, ids, records, the clipboard fragment) and the network transports.
// The codec functions the composer never calls (legacy upgrade and serialization, the provider
// projection, the measure, inline tokens, resolving a sent message, rebinding its attachments)
// are not here: they would be first-load bytes for every page, and live in `t3-composer/codec`
// (the legacy ones in `t3-composer/codec/legacy`) and, for a page on the combined drop-in, in
// `t3-composer/codec-extras.js` (docs/entries.md, docs/performance.md). The memory transport is a
// test double and stays out (it is in `t3-composer/transport`).
import "../elements/define-composer.js";

// The codec's names come from their own modules, not from the codec's index: rollup.config.js
// keeps every module the entry reaches in this file, and the index reaches the projection.
export {
  ClipboardFragmentSchema, ComposerContextRecordSchema, KNOWN_CONTEXT_KINDS, MessageContextSchema, asKnownContextRecord,
  decodeComposerContextRecord, decodeMessageContext, isKnownContextKind,
} from "../contract/index.js";
export {
  CONTEXT_HREF_PREFIX, collectComposerContextReferences, formatComposerContextHref, formatComposerContextReference,
  parseComposerContextHref, replaceComposerContextReferences, sanitizeComposerContextLabel,
} from "../codec/references.js";
export { producerIdFromComposerContextId, toComposerContextId, toKindScopedComposerContextId } from "../codec/ids.js";
export { CONTEXT_FRAGMENT_MIME, decodeClipboardFragment, decodeClipboardHtml, encodeClipboardFragment, encodeClipboardHtml } from "../codec/clipboard.js";

export { T3ComposerElement } from "../elements/composer/t3-composer.js";
// From their own modules, not the presentation's index: its stylesheets (`chipStyles`,
// `themeStyles`; a `css` template is not known to be pure) and helpers would come along.
export { createChipRegistry } from "../presentation/registry.js";
export { chipRegistry } from "../presentation/shared-registry.js";
export { entryBodyFromRegistry } from "../presentation/entry-body.js";
export { ComposerError, HostResponseError } from "../transport/errors.js";
export { createFetchTransport } from "../transport/fetch-transport.js";
export { createWebSocketTransport } from "../transport/websocket-transport.js";
