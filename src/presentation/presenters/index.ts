// The eight built-in presenters; details and expanded modes follow docs/transcript.md, "Chips".
import type { ChipPresenter } from "../types.js";
import { filePresenter, imagePresenter } from "./image-and-file.js";
import { elementPresenter, previewAnnotationPresenter, reviewCommentPresenter, terminalPresenter } from "./captured.js";
import { mentionPresenter, skillPresenter } from "./tokens.js";

/** @internal */
export const builtInPresenters: ReadonlyArray<readonly [string, ChipPresenter]> = [
  ["image", imagePresenter as ChipPresenter],
  ["file", filePresenter as ChipPresenter],
  ["terminal", terminalPresenter as ChipPresenter],
  ["element", elementPresenter as ChipPresenter],
  ["preview-annotation", previewAnnotationPresenter as ChipPresenter],
  ["review-comment", reviewCommentPresenter as ChipPresenter],
  ["mention", mentionPresenter as ChipPresenter],
  ["skill", skillPresenter as ChipPresenter],
];
