// The markup of messages written before inline references (wire.md §d).

export const TERMINAL_TAG = "terminal_context";
export const ELEMENT_TAG = "element_context";
export const PREVIEW_TAG = "preview_annotation";
export const REVIEW_TAG = "review_comment";

/** U+FFFC OBJECT REPLACEMENT CHARACTER: where the old composer showed a terminal chip. */
export const PLACEHOLDER = "\uFFFC";

/** The kinds of the trailing blocks, in the order the old client appended them. */
export type TrailingTag = typeof TERMINAL_TAG | typeof ELEMENT_TAG | typeof PREVIEW_TAG;

export const openTag = (tag: string): string => `<${tag}>`;
export const closeTag = (tag: string): string => `</${tag}>`;

/** `legacy_<kind>_<n>`, numbered from 1 per kind in document order. */
export const legacyContextId = (kind: string, index: number): string => `legacy_${kind}_${index}`;
