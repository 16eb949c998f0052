// The escape of captured text in the legacy format (docs/security.md, "Legacy serializer"): what
// the serializer writes inside a block can neither close that block nor open another, and the
// upgrade reads back exactly what was written.
//
// Character references, because a model reads them as the characters they stand for and the old
// format has no escape of its own: `&#60;` for a `<` that would start one of the format's tags,
// `&#10;` and `&#13;` for a line break inside a one-line field. A reference that was in the text
// already gains one `amp;` (`&#60;` → `&amp;#60;`, `&amp;#60;` → `&amp;amp;#60;`), so decoding
// (the reverse, in one pass) is exact. The `&lt;` the reference client writes is left alone: the
// conformance vectors keep it as text through the upgrade.
import type { ComposerContextRecord } from "../../contract/types.js";
import { ELEMENT_TAG, PREVIEW_TAG, REVIEW_TAG, TERMINAL_TAG } from "./tags.js";

const TAG_NAMES = [TERMINAL_TAG, ELEMENT_TAG, PREVIEW_TAG, REVIEW_TAG].join("|");
/** A `<` that opens or closes one of the format's tags, or an existing reference to bump. */
const CAPTURE_SPECIAL = new RegExp(`<(?=\\/?(?:${TAG_NAMES})\\b)|&((?:amp;)*)#(60|10|13);`, "gi");
const LINE_BREAKS = /\r|\n/g;
const REFERENCE = /&((?:amp;)*)#(60|10|13);/g;
const AMP = "amp;";
const DECODED: Record<string, string> = { "60": "<", "10": "\n", "13": "\r" };
const ENCODED: Record<string, string> = { "<": "&#60;", "\n": "&#10;", "\r": "&#13;" };

/**
 * Captured text of any kind (a terminal's lines, a review's comment, HTML): no tag of the format
 * can start inside it.
 * @internal
 */
export function escapeCaptured(text: string): string {
  if (!text.includes("<") && !text.includes("&")) return text;
  return text.replace(CAPTURE_SPECIAL, (match: string, amps: string | undefined, code: string | undefined) =>
    code === undefined ? ENCODED[match]! : `&${AMP}${amps}#${code};`,
  );
}

/**
 * A one-line field (a label, a path, a URL): {@link escapeCaptured}, and its line breaks as
 * references, so that it stays on its line.
 * @internal
 */
export function escapeCapturedLine(text: string): string {
  return escapeCaptured(text).replace(LINE_BREAKS, (char) => ENCODED[char]!);
}

/** The reverse of both escapes. @internal */
export function unescapeCaptured(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (_, amps: string, code: string) => (amps === "" ? DECODED[code]! : `&${amps.slice(AMP.length)}#${code};`));
}

const STRUCTURAL = new Set(["version", "kind", "contextId"]);

function unescapeValue(value: unknown): unknown {
  if (typeof value === "string") return unescapeCaptured(value);
  if (Array.isArray(value)) return value.map(unescapeValue);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = unescapeValue(inner);
    return out;
  }
  return value;
}

/**
 * A record read from legacy blocks with every captured string unescaped.
 * @internal
 */
export function unescapeRecord<R extends ComposerContextRecord>(record: R): R {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = STRUCTURAL.has(key) ? value : unescapeValue(value);
  return out as R;
}
