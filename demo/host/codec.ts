// The codec functions the host uses, in one place so that the host reads like any backend that
// depends on `t3-composer/codec` (a published host would import them from there).
export {
  decodeOutgoingMessage,
  defineContextKind,
  normalizeMessageAttachments,
  projectComposerContextForProvider,
} from "../../src/codec/index.js";
export type { ContextKindDefinition, OutgoingMessage } from "../../src/codec/index.js";
