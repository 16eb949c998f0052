// A large paste is read in slices of the main thread (issue 14; docs/composer.md, "Large
// pastes"): its text is cut into pieces a few at a time, each task stopping after about
// `SLICE_MS` (paste-large.ts, which reads it), so that input and rendering run in between
// and no task comes near 100 ms. Pieces are never cut inside a link and hold at most
// `READ_PIECE_CHIPS` links and about `READ_PIECE_CHARS` characters (paste-pieces.ts); they are
// found without scanning the whole text at once. Cutting a piece and making one are here, in the
// first load, because a saved draft's blocks are made at once when it is restored (pasted-block.ts).
import { visitLinks } from "../../codec/link-scan.js";
import { collectComposerContextReferences } from "../../codec/references.js";
import { mintReferenceId } from "../../editor/random.js";
import type { PastedPiece } from "../../editor/schema.js";
import { PASTE_PIECE_CHARS, PASTE_PIECE_CHIPS, READ_PIECE_CHARS, READ_PIECE_CHIPS } from "./paste-pieces.js";

/**
 * The longest a match of the link pattern can be (docs/wire-format.md, "Reference links"):
 * `!`, `[`, 512 label characters, `](`, the 16-character `t3-context://v1/`, 200 href characters
 * and `)`. A piece's scan reads this far past its end, so that a link starting inside it is whole.
 */
const LINK_MAX_CHARS = 1 + 1 + 512 + 2 + 16 + 200 + 1;
const LINE_FEED = "\n";
const SPACE = " ";
/** Where the link scan's fast path looks: text without it has no links. */
const LINK_MARKER = "](t3-context://v1/";

/**
 * Whether a paste is large enough to be collapsed into a pasted block: more than one piece's
 * characters, or more link markers than one piece's chips (a marker is counted without parsing
 * its link, so near-misses count too; counting stops as soon as the answer is known).
 */
export function isLargePaste(text: string): boolean {
  if (text.length > PASTE_PIECE_CHARS) return true;
  let markers = 0;
  for (let at = text.indexOf(LINK_MARKER); at !== -1; at = text.indexOf(LINK_MARKER, at + 1)) {
    if (++markers > PASTE_PIECE_CHIPS) return true;
  }
  return false;
}

/** How large a piece may be: characters (a link may run past) and links. */
export interface PieceLimits {
  chars: number;
  chips: number;
}

const PIECE_LIMITS: PieceLimits = { chars: READ_PIECE_CHARS, chips: READ_PIECE_CHIPS };

/** One piece of a text: where it ends, and the context ids of its links (in order, with repeats). */
interface PieceCut {
  end: number;
  ids: string[];
}

/**
 * Where, in a stretch no match starts in, a piece may end: after its last line feed, else after
 * its last space (a secret rarely spans either, and redaction runs per piece), else at `until`.
 */
function quietCut(window: string, from: number, until: number): number {
  for (const separator of [LINE_FEED, SPACE]) {
    const at = window.lastIndexOf(separator, until - 1);
    if (at >= from) return at + 1;
  }
  const code = window.charCodeAt(until - 1);
  return code >= 0xd800 && code <= 0xdbff ? until - 1 : until; // never between a surrogate pair
}

/**
 * The piece of `text` that starts at `from`, which must be where the link pattern's scan
 * resumes (0, or the end of an earlier piece). Links are matched as a scan of the whole text
 * would match them: a scan from such a point finds the same matches, and each one that starts
 * before the piece's limit is whole within `LINK_MAX_CHARS` after it. The piece ends after its
 * `limits.chips`th link, else past the last match starting before its limit (parsed or
 * not: an unparsed match is consumed whole), else anywhere no match starts, at a line break or a
 * space where there is one.
 * @internal
 */
export function cutPiece(text: string, from: number, limits = PIECE_LIMITS): PieceCut {
  const limit = Math.min(text.length, from + limits.chars);
  const window = text.slice(from, Math.min(text.length, limit + LINK_MAX_CHARS));
  const until = limit - from;
  const ids: string[] = [];
  let capped = -1;
  let lastEnd = 0;
  visitLinks(
    window,
    (start, _open, _close, slash, end) => {
      if (start >= until || capped !== -1) return;
      ids.push(window.slice(slash + 1, end - 1));
      if (ids.length === limits.chips) capped = end;
    },
    (start, end) => {
      if (start < until && capped === -1) lastEnd = end;
    },
  );
  if (capped !== -1) return { end: from + capped, ids };
  if (limit === text.length) return { end: text.length, ids };
  return { end: from + (lastEnd >= until ? lastEnd : quietCut(window, lastEnd, until)), ids };
}

/**
 * Cuts `text` into pieces at once: a restored draft's block, which is never as large as a paste
 * can be, and a paste whose reading in slices could not be fetched (paste-import.ts).
 */
export function cutNow(text: string, limits = PIECE_LIMITS): number[] {
  const ends: number[] = [];
  for (let from = 0; from < text.length; from = ends[ends.length - 1]!) ends.push(cutPiece(text, from, limits).end);
  return ends;
}

const UTF8_TWO_BYTES_FROM = 0x80;
const UTF8_THREE_BYTES_FROM = 0x800;
const HIGH_SURROGATE_MIN = 0xd800;
const LOW_SURROGATE_MAX = 0xdfff;
const NON_ASCII = /[\u0080-\uffff]/;

/** The size of `text` in UTF-8 (a surrogate pair is 4 bytes; each of its halves is counted 2). */
function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length; // the common case, found by one native scan
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    bytes += code < UTF8_TWO_BYTES_FROM ? 1 : code < UTF8_THREE_BYTES_FROM ? 2 : code >= HIGH_SURROGATE_MIN && code <= LOW_SURROGATE_MAX ? 2 : 3;
  }
  return bytes;
}

/** A piece of a pasted block: its text and the chips its links would be. */
export function pastedPiece(text: string): PastedPiece {
  const referenceId = mintReferenceId(); // one per piece: its references are never drawn one by one
  const references = collectComposerContextReferences(text).map(({ kind, contextId, label }) => ({ kind, contextId, label, referenceId }));
  return { text, references, bytes: utf8Bytes(text) };
}

/** The pieces of `text`, made at once. */
export function pastedPiecesNow(text: string): PastedPiece[] {
  let from = 0;
  return cutNow(text).map((end) => pastedPiece(text.slice(from, (from = end))));
}
