// A legacy review block as a `review-comment` record (wire.md §d, step 1).
import type { ReviewCommentContextRecord } from "../../contract/types.js";
import { lastReviewFence } from "./review-fence.js";
import { isAsciiLetter, isWordChar } from "./scan.js";
import { legacyContextId } from "./tags.js";

const DIGITS = /^\d+$/;
const DEFAULT_RANGE_LABEL = "line";
const DEFAULT_SECTION_TITLE = "Review";
const DEFAULT_FENCE_LANGUAGE = "diff";
const ENTITY = /&(lt|gt|quot|amp);/g;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };
const EQUALS = 0x3d;
const QUOTE = 0x22;
const HYPHEN = 0x2d;

/** `&lt;`, `&gt;`, `&quot;`, then `&amp;`: one pass gives the same result as four in order. */
function unescapeAttribute(value: string): string {
  return value.replace(ENTITY, (_, name: string) => ENTITIES[name]!);
}

const isNameChar = (code: number): boolean => isWordChar(code) || code === HYPHEN;

/**
 * The `name="value"` pairs of an opening tag, the last one winning, as the pattern
 * /([a-zA-Z][a-zA-Z0-9_-]*)="([^"]*)"/g finds them. Scanned run by run: the pattern would retry
 * a long run of name characters from each of its letters.
 */
export function parseReviewAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let index = 0;
  while (index < source.length) {
    if (!isNameChar(source.charCodeAt(index))) {
      index++;
      continue;
    }
    let end = index;
    while (end < source.length && isNameChar(source.charCodeAt(end))) end++;
    let name = index; // a name starts at the run's first letter
    while (name < end && !isAsciiLetter(source.charCodeAt(name))) name++;
    if (name < end && source.charCodeAt(end) === EQUALS && source.charCodeAt(end + 1) === QUOTE) {
      const close = source.indexOf('"', end + 2);
      if (close === -1) break; // no later pair can close its quote either
      attributes.set(source.slice(name, end), unescapeAttribute(source.slice(end + 2, close)));
      end = close + 1;
    }
    index = end;
  }
  return attributes;
}

/** The last path segment, split on `/` or `\`. */
function basename(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

/**
 * The record of one review block, or `null` when `filePath` or `sectionId` is blank or an index
 * is not all digits. The record is not validated here.
 */
export function reviewRecordFromBlock(
  attributeSource: string,
  body: string,
  index: number,
): ReviewCommentContextRecord | null {
  const attributes = parseReviewAttributes(attributeSource);
  const filePath = attributes.get("filePath")?.trim();
  const sectionId = attributes.get("sectionId")?.trim();
  const start = attributes.get("startIndex") ?? "";
  const end = attributes.get("endIndex") ?? "";
  if (!filePath || !sectionId || !DIGITS.test(start) || !DIGITS.test(end)) return null;
  const fence = lastReviewFence(body);
  const rangeLabel = attributes.get("rangeLabel")?.trim() || DEFAULT_RANGE_LABEL;
  return {
    version: 1,
    contextId: legacyContextId("review-comment", index),
    kind: "review-comment",
    label: `${basename(filePath)} ${rangeLabel}`,
    sectionId,
    sectionTitle: attributes.get("sectionTitle")?.trim() || DEFAULT_SECTION_TITLE,
    filePath,
    startIndex: Math.min(Number(start), Number(end)),
    endIndex: Math.max(Number(start), Number(end)),
    rangeLabel,
    text: body.slice(0, fence ? fence.index : body.length).trim(),
    diff: fence ? fence.content : "",
    fenceLanguage: fence?.language || DEFAULT_FENCE_LANGUAGE,
  };
}
