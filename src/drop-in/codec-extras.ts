// `t3-composer/codec-extras.js`: the codec functions of the package entry that neither element
// needs to show itself, for a page built on `t3-composer/t3-composer.js`: the provider projection
// and its measure, the inline tokens, rebinding a sent message's attachments, and T3 Code's legacy
// format. A module of its own beside the drop-in, which imports what it shares from it, so that a
// page that never calls them does not load them (docs/entries.md). The elements' chunks use some of
// them too (the preview and the budget, a legacy message in a transcript), and load them themselves.
export { collectComposerInlineTokens } from "../codec/inline-tokens.js";
export { normalizeMessageAttachments } from "../codec/attachment-rebinding.js";
export { estimateTokensFromLength, measureComposerContext } from "../codec/measure.js";
export { projectComposerContextForProvider } from "../codec/projection.js";
export { resolveUserMessageContext, serializeLegacyContextMessage, upgradeLegacyContextMessage } from "../codec/legacy/index.js";
