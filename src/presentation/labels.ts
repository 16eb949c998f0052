// Chip labels of the built-in kinds, as the reference app derives them (docs/transcript.md,
// "Chip labels"). Pure string functions: the transcript, the composer and tests share them.
import type {
  PreviewAnnotationContextRecord,
  PullRequestMetadata,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from "../contract/types.js";
import { englishLocalizer } from "../l10n/localizer.js";

/** An annotation label shows at most this many characters of the comment before the ellipsis. */
const ANNOTATION_COMMENT_CUT = 47;
const ANNOTATION_COMMENT_MAX = 48;
const IMPLICIT_PULL_REQUEST_SECTION = "pull-request:";
const IMPLICIT_PULL_REQUEST_PATH = /^PR #(\d+)$/;

/** `<terminalLabel> line N` or `<terminalLabel> lines A-B`. */
export function terminalLabel(record: TerminalContextRecord): string {
  return record.lineStart === record.lineEnd
    ? `${record.terminalLabel} line ${record.lineStart}`
    : `${record.terminalLabel} lines ${record.lineStart}-${record.lineEnd}`;
}

/** The comment (collapsed, cut to 47 characters plus `…`), else the page title, else a default. */
export function previewAnnotationLabel(record: PreviewAnnotationContextRecord): string {
  const comment = record.comment.trim().replace(/\s+/g, " ");
  if (comment) {
    return comment.length > ANNOTATION_COMMENT_MAX ? comment.slice(0, ANNOTATION_COMMENT_CUT) + "…" : comment;
  }
  return record.pageTitle?.trim() || "Preview annotation";
}

/**
 * The chip label of an annotation: its comment as `previewAnnotationLabel` cuts it; without a
 * comment, the record's own label before the page title. An annotation the reference app made has
 * that label already (its page title), but one a paste built from a copied `element` record
 * (docs/clipboard.md, "How records are imported") has no comment and the element's label
 * (`<SaveButton>`): the chip keeps the label it had where it was copied instead of turning into
 * the page's title.
 */
export function previewAnnotationChipLabel(record: PreviewAnnotationContextRecord): string {
  return (record.comment.trim() === "" && record.label.trim()) || previewAnnotationLabel(record);
}

/** The pull-request number of a summary, explicit (`pullRequest`) or implicit (`PR #<n>`). */
export function pullRequestNumber(record: ReviewCommentContextRecord): number | undefined {
  if (record.pullRequest) return record.pullRequest.number;
  if (!record.sectionId.startsWith(IMPLICIT_PULL_REQUEST_SECTION) || record.diff.trim() !== "") return undefined;
  const match = IMPLICIT_PULL_REQUEST_PATH.exec(record.filePath);
  return match ? Number(match[1]) : undefined;
}

/** `open`, `draft` (open and a draft), `merged` or `closed`. */
export type PullRequestTone = "open" | "draft" | "merged" | "closed";

export function pullRequestTone(pullRequest: PullRequestMetadata): PullRequestTone {
  return pullRequest.state === "open" && pullRequest.isDraft ? "draft" : pullRequest.state;
}

const TONE_NAMES: Record<PullRequestTone, string> = {
  open: "Open",
  draft: "Draft",
  merged: "Merged",
  closed: "Closed",
};

/** `"<State> pull request"`, or `"Pull request"` without metadata. */
export function pullRequestKindLabel(record: ReviewCommentContextRecord): string {
  return record.pullRequest ? `${TONE_NAMES[pullRequestTone(record.pullRequest)]} pull request` : "Pull request";
}

/** `+12` → `L12`, `-12` → `L12 (before)`, `+12 to +15` → `L12 to L15`; anything else as it is. */
export function displayRangeLabel(rangeLabel: string): string {
  const range = /^\+(\d+) to \+(\d+)$/.exec(rangeLabel);
  if (range) return `L${range[1]} to L${range[2]}`;
  const single = /^([+-])(\d+)$/.exec(rangeLabel);
  if (single) return single[1] === "+" ? `L${single[2]}` : `L${single[2]} (before)`;
  return rangeLabel;
}

/** The last segment of a `/` or `\` path. */
export function basename(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

/** `#<number>` for a pull-request summary, otherwise `<basename> <range>`. */
export function reviewCommentLabel(record: ReviewCommentContextRecord): string {
  const number = pullRequestNumber(record);
  if (number !== undefined) return `#${number}`;
  return `${basename(record.filePath)} ${displayRangeLabel(record.rangeLabel)}`.trim();
}

/** The kind as people read it: `review-comment` → `Review comment` (made in the codec, once). */
export { kindDisplayName } from "../codec/kind-definitions.js";

/** `1234` → `1.2 KB`, in English (`Localizer.bytes` writes it in another language). */
export function formatBytes(bytes: number): string {
  return englishLocalizer.bytes(bytes);
}

/** Shortens a long name in the middle so its extension stays visible. */
export function middleTruncate(name: string, max = 32): string {
  if (name.length <= max) return name;
  const tail = Math.floor((max - 1) / 2);
  return name.slice(0, max - 1 - tail) + "…" + name.slice(name.length - tail);
}

/**
 * Invisible characters that change how text reads: format characters (bidi controls, zero-width
 * spaces, the byte-order mark, soft hyphen…) except ZWJ and ZWNJ, which emoji and scripts need.
 */
const INVISIBLE_FORMAT = /(?![\u200C\u200D])\p{Cf}/gu;

/**
 * A label as it is: each invisible format character shown as a visible `⟨U+XXXX⟩` (issue 14:
 * `invoice‮fdp.exe` would otherwise show as "invoiceexe.pdf"). Links have them stripped by the
 * sanitizer already; labels a presenter derives from a record's fields may still hold them.
 */
export function visibleLabel(label: string): string {
  return label.replace(INVISIBLE_FORMAT, (char) => `\u27E8U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}\u27E9`);
}
