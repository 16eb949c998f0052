// The entries of a `<terminal_context>` or `<element_context>` body (docs/wire-format.md, "Legacy text", step 3).

/**
 * One `- header:` line and its body lines, two-space indent removed, joined and trimEnd.
 * @internal
 */
export interface LegacyEntry {
  header: string;
  body: string;
}

// `.` stops at any line terminator, so a header holding "\r" is not a header.
const HEADER = /^- (.+):$/;
const INDENT = "  ";

/**
 * Parses a block body into entries, or returns `null` when it is malformed: a non-blank line
 * that is neither a header nor indented under one. Blank lines before the first header are
 * ignored; inside an entry they become empty body lines. A body with no entries gives `[]`.
 * @internal
 */
export function parseLegacyEntries(block: string): LegacyEntry[] | null {
  const entries: LegacyEntry[] = [];
  let header: string | undefined;
  let lines: string[] = [];
  const commit = () => {
    if (header !== undefined) entries.push({ header, body: lines.join("\n").trimEnd() });
  };
  for (const line of block.split("\n")) {
    const match = HEADER.exec(line);
    if (match) {
      commit();
      header = match[1]!;
      lines = [];
    } else if (header !== undefined && line.startsWith(INDENT)) {
      lines.push(line.slice(INDENT.length));
    } else if (line.trim() !== "") {
      return null;
    } else if (header !== undefined) {
      lines.push("");
    }
  }
  commit();
  return entries;
}
