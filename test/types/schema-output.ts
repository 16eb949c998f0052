// Type-level test, checked by `npm run test:types` (nothing here runs): the valibot schemas decode
// to exactly the interfaces of src/contract/types.ts, no more and no less. If a schema gains,
// loses or loosens a field (or makes a required key optional), a line below stops compiling.
import type { GenericSchema, InferOutput } from "valibot";
import type {
  ClipboardFragmentSchema,
  ComposerContextRecordSchema,
  ElementContextRecordSchema,
  ElementDetailsSchema,
  ElementSourceLocationSchema,
  FileContextRecordSchema,
  ImageContextRecordSchema,
  MentionContextRecordSchema,
  MessageContextSchema,
  PreviewAnnotationContextRecordSchema,
  PullRequestMetadataSchema,
  ReviewCommentContextRecordSchema,
  SkillContextRecordSchema,
  StyleChangeDetailSchema,
  TerminalContextRecordSchema,
  UnknownContextRecordSchema,
} from "../../src/contract/index.js";
import type {
  ClipboardFragment,
  ComposerContextRecord,
  ElementContextRecord,
  ElementDetails,
  ElementSourceLocation,
  FileContextRecord,
  ImageContextRecord,
  MentionContextRecord,
  MessageContext,
  PreviewAnnotationContextRecord,
  PullRequestMetadata,
  ReviewCommentContextRecord,
  SkillContextRecord,
  StyleChangeDetail,
  TerminalContextRecord,
  UnknownContextRecord,
} from "../../src/contract/types.js";
import type { OutgoingMessage, SentMessage, TranscriptAttachment } from "../../src/contract/messages.js";

/** Flattens intersections and interface inheritance so that equal shapes compare equal. */
type Flat<T> = T extends readonly (infer Item)[]
  ? Flat<Item>[]
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;
/** `true` only when A and B are the same type (readonly and optional modifiers included). */
type Equals<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
function expectTrue<T extends true>(_proof: T): void {}

type Out<S extends GenericSchema> = InferOutput<S>;

expectTrue<Equals<Out<typeof ImageContextRecordSchema>, ImageContextRecord>>(true);
expectTrue<Equals<Out<typeof FileContextRecordSchema>, FileContextRecord>>(true);
expectTrue<Equals<Out<typeof TerminalContextRecordSchema>, TerminalContextRecord>>(true);
expectTrue<Equals<Out<typeof ElementSourceLocationSchema>, ElementSourceLocation>>(true);
expectTrue<Equals<Out<typeof ElementDetailsSchema>, ElementDetails>>(true);
expectTrue<Equals<Out<typeof ElementContextRecordSchema>, ElementContextRecord>>(true);
expectTrue<Equals<Out<typeof StyleChangeDetailSchema>, StyleChangeDetail>>(true);
expectTrue<Equals<Out<typeof PreviewAnnotationContextRecordSchema>, PreviewAnnotationContextRecord>>(true);
expectTrue<Equals<Out<typeof PullRequestMetadataSchema>, PullRequestMetadata>>(true);
expectTrue<Equals<Out<typeof ReviewCommentContextRecordSchema>, ReviewCommentContextRecord>>(true);
expectTrue<Equals<Out<typeof MentionContextRecordSchema>, MentionContextRecord>>(true);
expectTrue<Equals<Out<typeof SkillContextRecordSchema>, SkillContextRecord>>(true);
expectTrue<Equals<Out<typeof UnknownContextRecordSchema>, UnknownContextRecord>>(true);
expectTrue<Equals<Out<typeof ComposerContextRecordSchema>, ComposerContextRecord>>(true);
expectTrue<Equals<Out<typeof MessageContextSchema>, MessageContext>>(true);
expectTrue<Equals<Out<typeof ClipboardFragmentSchema>, ClipboardFragment>>(true);

// The helper itself must reject near misses, or the lines above prove nothing.
expectTrue<Equals<{ a: string }, { a: string }>>(true);
// @ts-expect-error an optional key is not a required one
expectTrue<Equals<{ a?: string }, { a: string }>>(true);
// @ts-expect-error `string | undefined` is not `string`
expectTrue<Equals<{ a?: string | undefined }, { a?: string }>>(true);
// @ts-expect-error an extra key is not equal
expectTrue<Equals<{ a: string; b: number }, { a: string }>>(true);
// @ts-expect-error a literal is not its widened type
expectTrue<Equals<{ version: 1 }, { version: number }>>(true);
// @ts-expect-error null is not allowed where the interface has none
expectTrue<Equals<{ a: string | null }, { a: string }>>(true);

// The message types are the schemas' outputs; they must keep the shapes embedders compile against.
expectTrue<
  Equals<OutgoingMessage, { clientMessageId: string; text: string; context?: MessageContext; attachments: { localId: string; attachmentId: string }[]; steer?: boolean }>
>(true);
expectTrue<Equals<TranscriptAttachment, { id: string; name: string; mimeType: string; sizeBytes?: number; url?: string }>>(true);
expectTrue<
  Equals<
    SentMessage,
    { id: string; clientMessageId: string; text: string; context?: MessageContext; attachments?: TranscriptAttachment[]; createdAt?: string; steer?: boolean }
  >
>(true);
