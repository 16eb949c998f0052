import type {
  ElementContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from "../../contract/types.js";
import {
  previewAnnotationChipLabel,
  pullRequestKindLabel,
  pullRequestNumber,
  pullRequestTone,
  reviewCommentLabel,
  terminalLabel,
} from "../labels.js";
import { maskIcon } from "../chip-dom.js";
import { lazyDetails } from "../details/lazy.js";
import type { ChipPresenter } from "../types.js";

/** The pull request's URL, for the presenter's `href`. */
function pullRequestHref(record: ReviewCommentContextRecord): string | undefined {
  return record.pullRequest?.url;
}

/** A terminal excerpt: the terminal's label with its line range; details in a popover. */
export const terminalPresenter: ChipPresenter<TerminalContextRecord> = {
  label: terminalLabel,
  icon: () => maskIcon("terminal"),
  details: "popover",
  renderDetails: lazyDetails("terminal"),
  expanded: "none",
};

/** A page element: its tag or component name; url, selector, html and styles in a popover. */
export const elementPresenter: ChipPresenter<ElementContextRecord> = {
  label: (record) => record.label.trim() || `<${record.componentName ?? record.tagName}>`,
  kindLabel: () => "Browser element",
  icon: () => maskIcon("element"),
  details: "popover",
  renderDetails: lazyDetails("element"),
  expanded: "none",
};

/** A preview annotation: its comment (else its label); screenshot, page and counts in a popover. */
export const previewAnnotationPresenter: ChipPresenter<PreviewAnnotationContextRecord> = {
  label: previewAnnotationChipLabel,
  icon: () => maskIcon("preview-annotation"),
  details: "popover",
  renderDetails: lazyDetails("previewAnnotation"),
  expanded: "modal",
};

/**
 * A review comment (file and range) with its details in a popover, or a pull-request summary
 * (`#number` with a state tone) whose snapshot shows as a hover card and whose URL opens.
 */
export const reviewCommentPresenter: ChipPresenter<ReviewCommentContextRecord> = {
  label: reviewCommentLabel,
  kindLabel: (record) => (pullRequestNumber(record) === undefined ? "Review comment" : pullRequestKindLabel(record)),
  icon: (record) => maskIcon(pullRequestNumber(record) === undefined ? "review-comment" : "pull-request"),
  tone: (record) => (record.pullRequest ? pullRequestTone(record.pullRequest) : undefined),
  href: pullRequestHref,
  details: "popover",
  renderDetails: lazyDetails("review"),
  expanded: "none",
};
