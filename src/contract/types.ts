// TypeScript shapes of the v1 wire contract (docs/wire-format.md, "Records"). The valibot schemas (`records.ts`,
// `unknown-record.ts`, `record.ts`, `message-context.ts`, `clipboard-fragment.ts`) decode to
// exactly these types; a type test (test/types/schema-output.ts) keeps the two in step.

/** The eight kinds this build knows. Any other kind travels in the unknown-record form. */
export const KNOWN_CONTEXT_KINDS = [
  "image",
  "file",
  "terminal",
  "element",
  "preview-annotation",
  "review-comment",
  "mention",
  "skill",
] as const;

/** One of the eight kinds built into v1 (`KNOWN_CONTEXT_KINDS`). */
export type KnownContextKind = (typeof KNOWN_CONTEXT_KINDS)[number];

/** Durable identity of a payload, `[a-z0-9_-]+` (case-insensitive), at most 128 characters. */
export type ComposerContextId = string & { readonly __brand: "ComposerContextId" };
/** Identity of one occurrence of a record inside an editor. Never sent. */
export type ComposerContextReferenceId = string & { readonly __brand: "ComposerContextReferenceId" };
/** The host's id for an uploaded resource. */
export type ChatAttachmentId = string & { readonly __brand: "ChatAttachmentId" };

/** Fields every record has. */
export interface ContextRecordBase<K extends string = string> {
  version: 1;
  contextId: string;
  kind: K;
  /** Display text only, never identity. Not trimmed and may be empty on the wire. */
  label: string;
}

/** An image or file, bound to an uploaded attachment by id. Records never hold bytes. */
export interface AttachmentFields {
  attachmentId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}
export interface ImageContextRecord extends ContextRecordBase<"image">, AttachmentFields {}
export interface FileContextRecord extends ContextRecordBase<"file">, AttachmentFields {}

/** An excerpt of terminal output. */
export interface TerminalContextRecord extends ContextRecordBase<"terminal"> {
  terminalId: string;
  terminalLabel: string;
  lineStart: number;
  lineEnd: number;
  text: string;
}

/** Where a component was defined, as a dev build reports it. */
export interface ElementSourceLocation {
  functionName: string | null;
  fileName: string | null;
  lineNumber: number | null;
  columnNumber: number | null;
}

/** A page element picked in a preview; shared by `element` records and annotations. */
export interface ElementDetails {
  pageUrl: string;
  pageTitle: string | null;
  tagName: string;
  selector: string | null;
  htmlPreview: string;
  componentName: string | null;
  source: ElementSourceLocation | null;
  styles: string;
}
export interface ElementContextRecord extends ContextRecordBase<"element">, ElementDetails {}

/** One requested style change of a preview annotation. */
export interface StyleChangeDetail {
  targetId: string;
  selector: string | null;
  property: string;
  previousValue: string;
  value: string;
}

/** A comment drawn on a page preview, with the elements and style changes it points at. */
export interface PreviewAnnotationContextRecord extends ContextRecordBase<"preview-annotation"> {
  annotationId: string;
  pageUrl: string;
  pageTitle: string | null;
  comment: string;
  targetSummary: string;
  styleChanges: string[];
  elements?: ElementDetails[];
  elementIds?: string[];
  styleChangeDetails?: StyleChangeDetail[];
  /** The context id of the screenshot's image record, `image_<annotationId>`. */
  screenshotContextId?: string;
  regionCount?: number;
  strokeCount?: number;
}

/** The state of a pull request; a draft is `open` with `isDraft: true`. */
export type PullRequestState = "open" | "closed" | "merged";

/** A snapshot of a pull request, taken when the comment was attached. */
export interface PullRequestMetadata {
  number: number;
  title: string;
  url: string;
  headBranch: string;
  baseBranch: string;
  state: PullRequestState;
  isDraft: boolean;
}

/** A review comment on a diff, or (with `pullRequest`) a pull-request summary. */
export interface ReviewCommentContextRecord extends ContextRecordBase<"review-comment"> {
  sectionId: string;
  sectionTitle: string;
  filePath: string;
  startIndex: number;
  endIndex: number;
  rangeLabel: string;
  text: string;
  diff: string;
  fenceLanguage?: string;
  pullRequest?: PullRequestMetadata;
}

/** A file mention (`@path`). */
export interface MentionContextRecord extends ContextRecordBase<"mention"> {
  path: string;
}

/** A skill (`$name`). */
export interface SkillContextRecord extends ContextRecordBase<"skill"> {
  name: string;
}

/**
 * A record of a kind this build does not know: a host's custom kind, or a newer build's kind
 * that carries a `payload`. It survives decoding with exactly these five keys.
 */
export interface UnknownContextRecord extends ContextRecordBase<string> {
  /** Any JSON value whose compact serialization is at most 64,000 characters. */
  payload: unknown;
}

/** A record of one of the eight known kinds. */
export type KnownContextRecord =
  | ImageContextRecord
  | FileContextRecord
  | TerminalContextRecord
  | ElementContextRecord
  | PreviewAnnotationContextRecord
  | ReviewCommentContextRecord
  | MentionContextRecord
  | SkillContextRecord;

/** Any v1 record: a known kind, or the unknown-kind form that carries a `payload`. */
export type ComposerContextRecord = KnownContextRecord | UnknownContextRecord;

/** The `context` of a message: the records its text references. */
export interface MessageContext {
  version: 1;
  records: ComposerContextRecord[];
}

/** Where a clipboard fragment was copied from. */
export interface ClipboardFragmentSource {
  environmentId: string;
  threadId?: string;
  messageId?: string;
}

/** The records that travel with copied text (docs/wire-format.md, "Clipboard fragment"). */
export interface ClipboardFragment {
  version: 1;
  source: ClipboardFragmentSource;
  records: ComposerContextRecord[];
}

/** One problem found while decoding, with a dotted path such as `records.3.lineEnd`. */
export interface Issue {
  path: string;
  message: string;
}

/** What a decoder returns: never an exception for bad input. */
export type DecodeResult<T> = { success: true; output: T } | { success: false; issues: Issue[] };
