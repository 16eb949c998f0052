// `t3-composer/codec-extras.js` under the `development` condition: warns once, then exports what
// src/drop-in/codec-extras.ts does (src/moved/warn.ts).
import { warnMovedPath } from "./warn.js";

warnMovedPath("t3-composer/codec-extras.js", "t3-composer/t3-composer.js");

export { collectComposerInlineTokens } from "../codec/inline-tokens.js";
export { normalizeMessageAttachments } from "../codec/attachment-rebinding.js";
export { estimateTokensFromLength, measureComposerContext } from "../codec/measure.js";
export { projectComposerContextForProvider } from "../codec/projection.js";
export { resolveUserMessageContext, serializeLegacyContextMessage, upgradeLegacyContextMessage } from "../codec/legacy/index.js";
