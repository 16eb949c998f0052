// Puts each legacy terminal back where the old text showed it (docs/wire-format.md, "Legacy text", step 5): at a U+FFFC
// placeholder, else at the `@label:range` the old client wrote inline.
import type { TerminalContextRecord } from "../../contract/types.js";
import { formatComposerContextReference } from "../references.js";
import { escapeCaptured } from "./capture-escape.js";
import { PLACEHOLDER } from "./tags.js";
import { inlineTerminalLabel } from "./terminal-label.js";

// A label glued to a word, an address or a path is not the old inline label: `email@build:7`,
// `@build:7é`, `@build:7.foo` and `@build:7@x` stay text; `@build:7.` and `@build:7@ x` match.
const WORD_BEFORE = /[\p{L}\p{N}\p{M}_@.-]$/u;
const WORD_AFTER = /[\p{L}\p{N}\p{M}_-]|[.@]+[\p{L}\p{N}\p{M}_-]/uy;

/** The first occurrence of `label` in `text` that stands alone, or -1. */
function findStandaloneLabel(text: string, label: string): number {
  for (let at = text.indexOf(label); at !== -1; at = text.indexOf(label, at + 1)) {
    // Two code units are enough to see the last code point before the label.
    if (WORD_BEFORE.test(text.slice(Math.max(0, at - 2), at))) continue;
    WORD_AFTER.lastIndex = at + label.length;
    if (!WORD_AFTER.test(text)) return at;
  }
  return -1;
}

/**
 * Binds the terminals, in entry order, to the placeholders in order (a placeholder with no
 * terminal left is removed), then each terminal still unbound to its standalone inline label.
 * Returns the text with links and the terminals that found no place.
 * @internal
 */
export function bindLegacyTerminals(
  text: string,
  terminals: readonly TerminalContextRecord[],
): { text: string; unplaced: TerminalContextRecord[] } {
  let placeholders = 0;
  let bound = text.replaceAll(PLACEHOLDER, () => {
    const record = terminals[placeholders++];
    return record ? formatComposerContextReference(record) : "";
  });
  const unplaced: TerminalContextRecord[] = [];
  for (const record of terminals.slice(placeholders)) {
    // As the serializer wrote it: a label holding a tag of the format has it escaped.
    const label = escapeCaptured(inlineTerminalLabel(record));
    const at = findStandaloneLabel(bound, label);
    if (at === -1) unplaced.push(record);
    else bound = bound.slice(0, at) + formatComposerContextReference(record) + bound.slice(at + label.length);
  }
  return { text: bound, unplaced };
}
