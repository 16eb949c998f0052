// The one test that says whether a text may be in the legacy format (docs/wire-format.md, "Legacy
// text"). The upgrade runs it first and returns text without a marker unchanged, so a reader that
// loads the upgrade only when it is needed (the transcript: docs/transcript.md, "Legacy messages")
// asks it first, and the two can never disagree.
import { ELEMENT_TAG, PLACEHOLDER, PREVIEW_TAG, REVIEW_TAG, TERMINAL_TAG } from "./tags.js";

const LEGACY_MARKERS = new RegExp(`<(?:${[TERMINAL_TAG, ELEMENT_TAG, PREVIEW_TAG, REVIEW_TAG].join("|")})\\b|${PLACEHOLDER}`);

/**
 * Whether `text` holds a legacy block's opening tag or a U+FFFC placeholder: without one, the
 * upgrade returns the text unchanged with no records.
 * @internal
 */
export function hasLegacyMarkers(text: string): boolean {
  return LEGACY_MARKERS.test(text);
}

/**
 * Whether `resolveUserMessageContext` (codec/resolve.ts) would upgrade this message: it has no
 * structured `context` and its text holds a legacy marker.
 * @internal
 */
export function needsLegacyUpgrade(message: { text: string; context?: unknown }): boolean {
  return !message.context && hasLegacyMarkers(message.text);
}
