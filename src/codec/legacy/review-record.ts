// A legacy review block as a `review-comment` record (docs/wire-format.md, "Legacy text", step 1).
import type { ReviewCommentContextRecord } from "../../contract/types.js";
import { basename } from "../chars.js";
import { lastReviewFence } from "./review-fence.js";
import { legacyContextId } from "./tags.js";

const DIGITS = /^\d+$/;
const DEFAULT_RANGE_LABEL = "line";
const DEFAULT_SECTION_TITLE = "Review";
const DEFAULT_FENCE_LANGUAGE = "diff";
const ENTITY = /&(lt|gt|quot|amp);/g;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };

/** `&lt;`, `&gt;`, `&quot;`, then `&amp;`: one pass gives the same result as four in order. */
function unescapeAttribute(value: string): string {
  return value.replace(ENTITY, (_, name: string) => ENTITIES[name]!);
}

// The reference reads pairs with /([a-zA-Z][a-zA-Z0-9_-]*)="([^"]*)"/g, which retries a long run
// of name characters from each of its letters (quadratic). A match can only begin in the run's
// first letter, so the lookbehind pins each try to a run's start and the run's leading digits,
// `_` and `-` are skipped: the same pairs, one try per run.
const ATTRIBUTE = /(?<![\w-])[\d_-]*([a-zA-Z][\w-]*)="([^"]*)"/g;

/**
 * The `name="value"` pairs of an opening tag, values unescaped, the last of a name winning.
 * @internal
 */
export function parseReviewAttributes(source: string): Map<string, string> {
  return new Map(Array.from(source.matchAll(ATTRIBUTE), (match) => [match[1]!, unescapeAttribute(match[2]!)]));
}

/**
 * The record of one review block, or `null` when `filePath` or `sectionId` is blank or an index
 * is not all digits. The record is not validated here.
 * @internal
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
