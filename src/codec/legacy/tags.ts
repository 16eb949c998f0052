// The markup of messages written before inline references (docs/wire-format.md, "Legacy text").

/** @internal */
export const TERMINAL_TAG = "terminal_context";
/** @internal */
export const ELEMENT_TAG = "element_context";
/** @internal */
export const PREVIEW_TAG = "preview_annotation";
/** @internal */
export const REVIEW_TAG = "review_comment";

/**
 * U+FFFC OBJECT REPLACEMENT CHARACTER: where the old composer showed a terminal chip.
 * @internal
 */
export const PLACEHOLDER = "\uFFFC";

/** @internal */
export const openTag = (tag: string): string => `<${tag}>`;
/** @internal */
export const closeTag = (tag: string): string => `</${tag}>`;

/**
 * `legacy_<kind>_<n>`, numbered from 1 per kind in document order.
 * @internal
 */
export const legacyContextId = (kind: string, index: number): string => `legacy_${kind}_${index}`;
