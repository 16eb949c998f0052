// `t3-composer`: the browser entry. Importing it defines <t3-composer> and <t3-transcript>.
import "./elements/define.js";

export {
  CONTEXT_HREF_PREFIX,
  KNOWN_CONTEXT_KINDS,
  asKnownContextRecord,
  collectComposerContextReferences,
  collectComposerInlineTokens,
  formatComposerContextHref,
  formatComposerContextReference,
  isKnownContextKind,
  parseComposerContextHref,
  producerIdFromComposerContextId,
  replaceComposerContextReferences,
  sanitizeComposerContextLabel,
  toComposerContextId,
  toKindScopedComposerContextId,
} from "./codec/index.js";
export type {
  ComposerContextRecord,
  ContextOccurrence,
  DecodeResult,
  InlineToken,
  Issue,
  MessageContext,
} from "./codec/index.js";
