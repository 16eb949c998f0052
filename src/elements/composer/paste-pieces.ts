// The sizes a large paste is handled in (issue 14, docs/security.md "Large pastes"): 50,000
// chips parsed, drawn and counted in one task froze a page for 11–19 s. A paste larger than one
// piece is read in pieces (paste-slices.ts) into a collapsed pasted block, and Expand turns the
// block into chips a piece per task (pasted-block.ts).

/**
 * Chips one piece holds at most: a thousand chip views take well under 100 ms to draw. A paste of
 * more is collapsed, and Expand inserts this many at a time.
 */
export const PASTE_PIECE_CHIPS = 1000;
/** Characters one piece holds at most, for long stretches without chips (the same two roles). */
export const PASTE_PIECE_CHARS = 200_000;
/**
 * Links a large paste is read in pieces of: each is rewritten, redacted (one redactor call per
 * stretch between two links, which is what costs most) and counted in one step, and a step must
 * fit well inside a slice of the main thread (paste-slices.ts) on a slow, loaded machine.
 */
export const READ_PIECE_CHIPS = 200;
/** Characters a large paste is read in pieces of, for long stretches without links. */
export const READ_PIECE_CHARS = 40_000;
/**
 * What one paste may bring: 16,000,000 characters (the wire's limit on a message's records, as
 * JSON) and 100,000 chips. A larger paste is refused with a `paste-import-failed` error that says
 * so, and nothing of it goes in (paste-large.ts).
 */
export const PASTE_TEXT_MAX = 16_000_000;
export const PASTE_CHIPS_MAX = 100_000;

/** Resolves in a new task, so that input, rendering and other work run between pieces. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
