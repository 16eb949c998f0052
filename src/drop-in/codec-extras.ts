// `t3-composer/codec-extras.js`, an old path kept for one release (docs/entries.md, "Old paths"):
// the combined drop-in `t3-composer.js` exports these codec functions itself now. This module
// imports them from there; src/moved/codec-extras.ts is its development twin, which warns.
export { collectComposerInlineTokens } from "../codec/inline-tokens.js";
export { normalizeMessageAttachments } from "../codec/attachment-rebinding.js";
export { estimateTokensFromLength, measureComposerContext } from "../codec/measure.js";
export { projectComposerContextForProvider } from "../codec/projection.js";
export { resolveUserMessageContext, serializeLegacyContextMessage, upgradeLegacyContextMessage } from "../codec/legacy/index.js";
