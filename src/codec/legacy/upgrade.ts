// The legacy upgrade (docs/wire-format.md, "Legacy text"): a message written before inline references, with trailing
// context blocks, review blocks and U+FFFC placeholders, becomes canonical links plus records.
// It runs in memory on read; stored history is never rewritten.
import { RECORDS_MAX } from "../../contract/limits.js";
import type { ComposerContextRecord, ReviewCommentContextRecord } from "../../contract/types.js";
import { formatComposerContextReference } from "../references.js";
import { unescapeRecord } from "./capture-escape.js";
import { passesContract } from "./contract-check.js";
import { bindLegacyTerminals } from "./inline-binding.js";
import { hasLegacyMarkers } from "./markers.js";
import { previewRecordFromBody } from "./preview-record.js";
import { elementRecordFromEntry, terminalRecordFromEntry } from "./records.js";
import { findReviewBlocks } from "./review-blocks.js";
import { reviewRecordFromBlock } from "./review-record.js";
import { type TokenSpan, chooseReviewToken, cutTrailingReviews } from "./review-tokens.js";
import { peelTrailingBlocks } from "./trailing-blocks.js";

/** The canonical form of a message: text with reference links, and their records. */
export interface UpgradedLegacyContext {
  text: string;
  records: ComposerContextRecord[];
}

/**
 * Tokens longer than this (the text holds 64 or more U+E000 in a row) are replaced by a short
 * stand-in. Only a token that ends up inside a peeled payload could show the difference, and
 * then the message is returned unchanged rather than building strings of unbounded size.
 */
const TOKEN_MAX = 64;
const STAND_IN_TOKEN = "\uE000";

/** What the serializer escaped inside a block, read back as it was written (capture-escape.ts). */
const readBack = <R extends ComposerContextRecord>(record: R | null): R | null => record && unescapeRecord(record);

/** Review blocks replaced by tokens, as long as their records pass the contract. */
function tokenizeReviews(text: string, token: string) {
  const reviews: ReviewCommentContextRecord[] = [];
  const spans: TokenSpan[] = [];
  let tokenized = "";
  let cursor = 0;
  for (const block of findReviewBlocks(text)) {
    const record = readBack(reviewRecordFromBlock(block.attributes, block.body, reviews.length + 1));
    // A block whose record the wire would drop stays as text, so no link dangles.
    if (!record || !passesContract(record)) continue;
    // One review more than a message may hold: the upgrade will be refused, stop here.
    if (reviews.length === RECORDS_MAX) return undefined;
    tokenized += text.slice(cursor, block.start);
    const tokenText = token + reviews.length + token; // `token<n>token`, n from 0
    spans.push({ start: tokenized.length, end: tokenized.length + tokenText.length, review: reviews.length });
    tokenized += tokenText;
    cursor = block.end;
    reviews.push(record);
  }
  return { text: tokenized + text.slice(cursor), spans, reviews };
}

/** `text[0, end)` with each token in it replaced by its review's link. */
function restoreReviewLinks(
  text: string,
  end: number,
  spans: readonly TokenSpan[],
  reviews: readonly ReviewCommentContextRecord[],
): string {
  let out = "";
  let cursor = 0;
  for (const span of spans) {
    if (span.start >= end) break;
    out += text.slice(cursor, span.start) + formatComposerContextReference(reviews[span.review]!);
    cursor = span.end;
  }
  return out + text.slice(cursor, end);
}

/**
 * Upgrades a message written before inline references into canonical text and records:
 * trailing `<terminal_context>`, `<element_context>` and `<preview_annotation>` blocks and
 * `<review_comment>` blocks become records with ids `legacy_<kind>_<n>`, and links take their
 * places (U+FFFC placeholders and `@label:range` inline labels bind terminals in place).
 *
 * Deterministic and idempotent: text with none of these markers comes back unchanged with no
 * records, and so does upgraded text (unless a label it wrote carries a marker itself, such as
 * U+FFFC in a terminal label, as in the reference). The conversion of trailing blocks is
 * all-or-nothing: a malformed block, or records the wire contract would reject (more than 200,
 * or any invalid one), return the original text with no records. A review block whose own
 * record is invalid stays as text. Text with markers that converts nothing still loses its
 * trailing whitespace and stray U+FFFC, as in the reference. Never throws; runs in near-linear
 * time on hostile input.
 */
export function upgradeLegacyContextMessage(text: string): UpgradedLegacyContext {
  const unchanged: UpgradedLegacyContext = { text, records: [] };
  if (!hasLegacyMarkers(text)) return unchanged;

  const exactToken = chooseReviewToken(text);
  const token = exactToken.length <= TOKEN_MAX ? exactToken : STAND_IN_TOKEN;
  const tokenized = tokenizeReviews(text, token);
  if (!tokenized) return unchanged;
  const { spans, reviews } = tokenized;
  const trailing = cutTrailingReviews(tokenized.text, spans);
  const peeled = peelTrailingBlocks(tokenized.text, trailing.end);
  if (!peeled) return unchanged;
  const tokenInPayload = spans.some((span) => span.start >= peeled.end && span.start < trailing.end);
  if (tokenInPayload && token !== exactToken) return unchanged;

  const terminals = peeled.terminals.map((entry, index) => readBack(terminalRecordFromEntry(entry, index + 1))!);
  const elements = peeled.elements.map((entry, index) => readBack(elementRecordFromEntry(entry, index + 1))!);
  const recordCount = terminals.length + elements.length + peeled.previews.length + reviews.length;
  if (recordCount > RECORDS_MAX) return unchanged;
  const previews = [];
  for (const [index, body] of peeled.previews.entries()) {
    const record = readBack(previewRecordFromBody(body, index + 1));
    if (!record) return unchanged;
    previews.push(record);
  }

  const bound = bindLegacyTerminals(restoreReviewLinks(tokenized.text, peeled.end, spans, reviews), terminals);
  const body = bound.text.trimEnd();
  const appended = [...bound.unplaced, ...elements, ...previews, ...trailing.reviews.map((index) => reviews[index]!)]
    .map(formatComposerContextReference)
    .join(" ");
  const records = [...terminals, ...elements, ...previews, ...reviews];
  if (!records.every(passesContract)) return unchanged;
  return { text: [body, appended].filter((part) => part !== "").join("\n\n"), records };
}
