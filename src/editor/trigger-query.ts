// Finds an `@` or `$` suggestion trigger before the caret (docs/composer.md, "Suggestions"). Pure, so it has its
// own tests; the trigger plugin feeds it the end of the caret's line.

/** The characters that open a suggestion list: mentions and skills. */
export const TRIGGER_CHARACTERS = ["@", "$"] as const;
export type TriggerCharacter = (typeof TRIGGER_CHARACTERS)[number];

/** A query longer than this is not a query any more (paths are long, sentences longer). */
export const QUERY_MAX = 256;

/** How a chip shows in the text the query is looked for in: it ends a query like a space. */
export const CHIP_CHARACTER = "\ufffc";

/** A trigger before the caret: its character, the text typed after it, and where it starts. */
export interface TriggerMatch {
  trigger: TriggerCharacter;
  query: string;
  /** Offset of the trigger character in the text searched. */
  start: number;
}

const WHITESPACE = /\s/;

function isBoundary(char: string): boolean {
  return char === CHIP_CHARACTER || WHITESPACE.test(char);
}

/**
 * The trigger whose query runs up to the end of `before`, or `null`. A trigger counts at the
 * start of a line or after whitespace; its query holds no whitespace and no chip.
 *
 *     "see @src/ma|"  → { trigger: "@", query: "src/ma", start: 4 }
 *     "mail a@b|"     → null (the `@` follows a letter)
 *     "@src |"        → null (the query ended at the space)
 *
 * `lineStart` says whether `before` begins at the start of its line (otherwise it is the tail of
 * a longer line, and its first character cannot open a trigger by position alone).
 */
export function findTrigger(before: string, lineStart: boolean): TriggerMatch | null {
  const floor = Math.max(0, before.length - QUERY_MAX - 1);
  for (let index = before.length - 1; index >= floor; index--) {
    const char = before.charAt(index);
    if (isBoundary(char)) return null;
    if (char !== "@" && char !== "$") continue;
    // After a chip the trigger is glued to it, so only a line start or whitespace opens one.
    const opens = index === 0 ? lineStart : WHITESPACE.test(before.charAt(index - 1));
    if (opens) return { trigger: char, query: before.slice(index + 1), start: index };
  }
  return null;
}
