// Old drafts' placeholders (docs/composer.md, "Value": old drafts). The draft model binds them
// when it builds a document from text (draft.ts); this module stands apart from value.ts so that
// the model imports nothing that imports it.
import { formatComposerContextReference } from "../../codec/references.js";
import type { ComposerContextRecord, TerminalContextRecord } from "../../contract/types.js";
import { terminalLabel } from "../../presentation/labels.js";

/** What old drafts wrote where a terminal excerpt was (the legacy hydration rule). */
const PLACEHOLDER = /\ufffc/g;

/**
 * Binds each U+FFFC, in order, to the next terminal record (its link replaces it); a placeholder
 * with no terminal left is removed (docs/composer.md, "Value": old drafts).
 */
export function bindPlaceholders(text: string, records: readonly ComposerContextRecord[]): string {
  if (!text.includes("\ufffc")) return text;
  const terminals = records.filter((record): record is TerminalContextRecord => record.kind === "terminal");
  let next = 0;
  return text.replace(PLACEHOLDER, () => {
    const terminal = terminals[next++];
    if (!terminal) return "";
    const label = terminal.label.trim() || terminalLabel(terminal);
    return formatComposerContextReference({ kind: "terminal", contextId: terminal.contextId, label });
  });
}
