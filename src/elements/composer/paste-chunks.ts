// A large paste goes in by pieces (issue 14, docs/security.md "Large pastes"): 50,000 chips
// parsed, drawn and counted in one task froze a page for 11–19 s. Each piece is one transaction
// in its own task, and the pieces form one undo step. Pure cutting is here; the scheduling is in
// `insertInPieces`.
import { collectComposerContextReferences } from "../../codec/references.js";

/** Chips one piece holds at most: a few thousand chip views take well under 100 ms to draw. */
export const PASTE_PIECE_CHIPS = 1000;
/** Characters one piece holds at most, for long stretches without chips. */
export const PASTE_PIECE_CHARS = 200_000;
/**
 * What one paste may bring: 16,000,000 characters (the wire's limit on a message's records, as
 * JSON) and 100,000 chips. A larger paste is refused with a `paste-import-failed` error that says
 * so, and nothing of it goes in.
 */
export const PASTE_TEXT_MAX = 16_000_000;
export const PASTE_CHIPS_MAX = 100_000;

const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;

/** `at`, moved back one unit when it would split a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= HIGH_SURROGATE_MIN && code <= HIGH_SURROGATE_MAX ? at - 1 : at;
}

/** The pieces of a plain stretch (no link in it), each at most {@link PASTE_PIECE_CHARS}. */
function plainCuts(text: string, from: number, to: number, cuts: number[]): number {
  let start = from;
  while (to - start > PASTE_PIECE_CHARS) {
    start = safeCut(text, start + PASTE_PIECE_CHARS);
    cuts.push(start);
  }
  return start;
}

/**
 * Where `text` is cut into pieces: never inside a link, a piece holding at most
 * {@link PASTE_PIECE_CHIPS} links and {@link PASTE_PIECE_CHARS} characters (a single longer link
 * cannot be: links are at most 716 characters). Returns the pieces in order; one piece for a
 * text that needs no cutting.
 * @internal
 */
export function pastePieces(text: string): { pieces: string[]; chips: number } {
  const occurrences = collectComposerContextReferences(text);
  const cuts: number[] = [];
  let start = 0;
  let chips = 0;
  for (const occurrence of occurrences) {
    start = plainCuts(text, start, occurrence.start, cuts);
    if (chips === PASTE_PIECE_CHIPS || occurrence.end - start > PASTE_PIECE_CHARS) {
      cuts.push(occurrence.start);
      start = occurrence.start;
      chips = 0;
    }
    chips++;
  }
  plainCuts(text, start, text.length, cuts);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    if (cut > from) pieces.push(text.slice(from, cut));
    from = cut;
  }
  pieces.push(text.slice(from));
  return { pieces, chips: occurrences.length };
}

/** The message of a paste over {@link PASTE_TEXT_MAX} or {@link PASTE_CHIPS_MAX}, or `null`. */
export function pasteLimitMessage(length: number, chips: number): string | null {
  if (length > PASTE_TEXT_MAX) {
    return `The paste was not inserted: it holds ${length.toLocaleString("en")} characters, more than the ${PASTE_TEXT_MAX.toLocaleString("en")} one paste may bring.`;
  }
  if (chips > PASTE_CHIPS_MAX) {
    return `The paste was not inserted: it holds ${chips.toLocaleString("en")} context references, more than the ${PASTE_CHIPS_MAX.toLocaleString("en")} one paste may bring.`;
  }
  return null;
}

/** Resolves in a new task, so that input, rendering and other work run between pieces. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
