// The v1 contract: types, limits and (in schemas.ts) the valibot schemas. Re-exported by name
// from the codec entry.
export { KNOWN_CONTEXT_KINDS } from "./types.js";
export type {
  AttachmentFields,
  ChatAttachmentId,
  ClipboardFragment,
  ClipboardFragmentSource,
  ComposerContextId,
  ComposerContextRecord,
  ComposerContextReferenceId,
  ContextRecordBase,
  DecodeResult,
  ElementContextRecord,
  ElementDetails,
  ElementSourceLocation,
  FileContextRecord,
  ImageContextRecord,
  Issue,
  KnownContextKind,
  KnownContextRecord,
  MentionContextRecord,
  MessageContext,
  PreviewAnnotationContextRecord,
  PullRequestMetadata,
  PullRequestState,
  ReviewCommentContextRecord,
  SkillContextRecord,
  StyleChangeDetail,
  TerminalContextRecord,
  UnknownContextRecord,
} from "./types.js";
export { asKnownContextRecord, isKnownContextKind } from "./kinds.js";

