import type { PullRequestMetadata, ReviewCommentContextRecord } from "../../contract/types.js";
import { displayRangeLabel, pullRequestTone } from "../labels.js";
import { appendAll, detailsCard, fieldList, numberedLines, section, textWithHost } from "./card.js";
import { el } from "./dom.js";

const TONE_TEXT = { open: "Open", draft: "Draft", merged: "Merged", closed: "Closed" } as const;

function diffLineClass(line: string): string | undefined {
  if (line.startsWith("@@")) return "t3-diff-hunk";
  if (line.startsWith("+")) return "t3-diff-add";
  if (line.startsWith("-")) return "t3-diff-del";
  return undefined;
}

/** A review comment: file path, `section · range`, the comment, and the diff it is about. */
export function renderReviewCommentDetails(record: ReviewCommentContextRecord): HTMLElement {
  const range = displayRangeLabel(record.rangeLabel);
  const where = [record.sectionTitle, range].filter(Boolean).join(" · ");
  const card = detailsCard("review-comment", record.filePath || record.label, where || undefined);
  return appendAll(card, [
    record.text ? el("div", "t3-details-text", record.text) : null,
    record.diff ? section("Diff", numberedLines(record.diff, 1, "t3-details-diff", diffLineClass)) : null,
  ]);
}

/** The hover card of a pull request: title, number and state, branches, URL. */
export function renderPullRequestCard(pullRequest: PullRequestMetadata): HTMLElement {
  const tone = pullRequestTone(pullRequest);
  const card = detailsCard("pull-request", pullRequest.title || `#${pullRequest.number}`);
  const state = el("span", "t3-details-state", TONE_TEXT[tone] ?? String(pullRequest.state));
  state.dataset.tone = tone;
  const meta = el("div", "t3-details-meta");
  meta.append(el("span", "t3-details-number", `#${pullRequest.number}`), state);
  return appendAll(card, [
    meta,
    fieldList([
      ["Branches", `${pullRequest.headBranch} → ${pullRequest.baseBranch}`],
      ["URL", pullRequest.url ? textWithHost(pullRequest.url) : null],
    ]),
  ]);
}

/** Review comments: the pull-request card for a summary with a snapshot, else the comment. */
export function renderReviewDetails(record: ReviewCommentContextRecord): HTMLElement {
  return record.pullRequest ? renderPullRequestCard(record.pullRequest) : renderReviewCommentDetails(record);
}
