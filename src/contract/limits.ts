// Limits of the v1 wire contract (docs/wire-format.md, "Records"). Each is named once and used everywhere.

/** `contextId`: at most this many characters after trimming. */
export const CONTEXT_ID_MAX = 128;
/** `label`: at most this many UTF-16 code units on the wire (and after sanitizing). */
export const LABEL_MAX = 200;
/** Names, terminal ids and labels, skill names, section ids, tag names. */
export const NAME_MAX = 255;
/** `mimeType`. */
export const MIME_TYPE_MAX = 100;
/** A "short string": URLs, titles, selectors, paths. */
export const SHORT_MAX = 2048;
/** Terminal excerpt text. */
export const TERMINAL_TEXT_MAX = 64_000;
/** Element `htmlPreview`, `styles`; annotation `comment`; style change values. */
export const ELEMENT_TEXT_MAX = 8000;
/** Review comment `text`. */
export const REVIEW_TEXT_MAX = 16_000;
/** Review comment `diff`. */
export const REVIEW_DIFF_MAX = 32_000;
/** Review comment `fenceLanguage`. */
export const FENCE_LANGUAGE_MAX = 64;
/** Annotation `styleChanges` and `styleChangeDetails` entries. */
export const STYLE_CHANGES_MAX = 200;
/** Annotation `elements` and `elementIds` entries. */
export const ANNOTATION_ELEMENTS_MAX = 50;
/** `JSON.stringify(payload).length` of an unknown-kind record. */
export const UNKNOWN_PAYLOAD_MAX = 64_000;
/** Raw `records` entries in a message context or a clipboard fragment. */
export const RECORDS_MAX = 200;
/** `JSON.stringify(rawRecords).length` of a message context; also a whole encoded fragment. */
export const RECORDS_JSON_MAX = 16_000_000;
/** The HTML clipboard flavor is not even searched beyond this many characters. */
export const CLIPBOARD_HTML_MAX = 64_000_000;

/** `contextId` and `attachmentId` grammar (case-insensitive). */
export const CONTEXT_ID_PATTERN = /^[a-z0-9_-]+$/i;
/** An open (custom) kind: lowercase, starts with a letter, at most 40 characters. */
export const KIND_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/** `clientMessageId` of a message (and the host protocol's thread and frame ids): 1 to 128 characters. */
export const CLIENT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** `attachments` entries of one outgoing message. */
export const MESSAGE_ATTACHMENTS_MAX = 200;
