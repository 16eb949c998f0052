import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PreviewAnnotationContextRecord, ReviewCommentContextRecord } from "../../../src/contract/types.js";
import {
  displayRangeLabel,
  formatBytes,
  kindDisplayName,
  middleTruncate,
  previewAnnotationChipLabel,
  previewAnnotationLabel,
  pullRequestKindLabel,
  pullRequestNumber,
  reviewCommentLabel,
} from "../../../src/presentation/labels.js";

const review = (patch: Partial<ReviewCommentContextRecord> = {}): ReviewCommentContextRecord => ({
  version: 1,
  contextId: "review-comment_c1",
  kind: "review-comment",
  label: "x",
  sectionId: "s1",
  sectionTitle: "Section",
  filePath: "src/lib/a.ts",
  startIndex: 3,
  endIndex: 4,
  rangeLabel: "+12",
  text: "why?",
  diff: "@@ -1 +1 @@",
  ...patch,
});

const annotation = (patch: Partial<PreviewAnnotationContextRecord>): PreviewAnnotationContextRecord => ({
  version: 1,
  contextId: "preview-annotation_a1",
  kind: "preview-annotation",
  label: "",
  annotationId: "a1",
  pageUrl: "http://localhost:3000/",
  pageTitle: null,
  comment: "",
  targetSummary: "",
  styleChanges: [],
  ...patch,
});

describe("chip labels", () => {
  it("shows review ranges the way the diff view numbers lines", () => {
    assert.equal(displayRangeLabel("+12"), "L12");
    assert.equal(displayRangeLabel("-12"), "L12 (before)");
    assert.equal(displayRangeLabel("+12 to +15"), "L12 to L15");
    assert.equal(displayRangeLabel("lines 3-4"), "lines 3-4");
  });

  it("labels a review comment with the file's basename and range", () => {
    assert.equal(reviewCommentLabel(review()), "a.ts L12");
    assert.equal(reviewCommentLabel(review({ filePath: "C:\\src\\b.ts", rangeLabel: "-3" })), "b.ts L3 (before)");
  });

  it("labels an explicit pull-request summary #number with its state", () => {
    const pr = review({
      pullRequest: { number: 42, title: "Fix", url: "https://x/pull/42", headBranch: "h", baseBranch: "main", state: "open", isDraft: true },
    });
    assert.equal(reviewCommentLabel(pr), "#42");
    assert.equal(pullRequestKindLabel(pr), "Draft pull request");
  });

  it("recognizes the implicit pull-request form only with a blank diff", () => {
    const implicit = review({ sectionId: "pull-request:7", filePath: "PR #7", diff: "  " });
    assert.equal(pullRequestNumber(implicit), 7);
    assert.equal(reviewCommentLabel(implicit), "#7");
    assert.equal(pullRequestKindLabel(implicit), "Pull request");
    assert.equal(pullRequestNumber({ ...implicit, diff: "+a" }), undefined);
  });

  it("cuts an annotation comment to 47 characters plus an ellipsis past 48", () => {
    assert.equal(previewAnnotationLabel(annotation({ comment: "x".repeat(48) })), "x".repeat(48));
    assert.equal(previewAnnotationLabel(annotation({ comment: "x".repeat(49) })), "x".repeat(47) + "…");
    assert.equal(previewAnnotationLabel(annotation({ comment: "  a \n b  " })), "a b");
    assert.equal(previewAnnotationLabel(annotation({ pageTitle: " Checkout " })), "Checkout");
    assert.equal(previewAnnotationLabel(annotation({})), "Preview annotation");
  });

  it("labels an annotation chip by its comment, else its own label, else the derived label", () => {
    assert.equal(previewAnnotationChipLabel(annotation({ comment: " Make it blue ", label: "<SaveButton>" })), "Make it blue");
    assert.equal(previewAnnotationChipLabel(annotation({ label: "<SaveButton>", pageTitle: "Settings" })), "<SaveButton>");
    assert.equal(previewAnnotationChipLabel(annotation({ label: "  ", pageTitle: "Settings" })), "Settings");
    assert.equal(previewAnnotationChipLabel(annotation({})), "Preview annotation");
  });

  it("names kinds and sizes for people", () => {
    assert.equal(kindDisplayName("preview-annotation"), "Preview annotation");
    assert.equal(formatBytes(999), "999 B");
    assert.equal(formatBytes(1536), "1.5 KB");
    assert.equal(formatBytes(20 * 1024 * 1024), "20 MB");
    assert.equal(middleTruncate("a".repeat(40) + ".png", 16), "aaaaaaaa…aaa.png");
  });
});
