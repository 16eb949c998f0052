// The inline label the old composer wrote for a terminal excerpt: `@build-log:3-7`.
import type { TerminalContextRecord } from "../../contract/types.js";
import { WHITESPACE_RUN } from "../chars.js";


/**
 * A terminal label lowercased, each whitespace run replaced by `-`: `My Term` → `my-term`.
 * @internal
 */
export function terminalSlug(label: string): string {
  return label.trim().toLowerCase().replace(WHITESPACE_RUN, "-");
}

/**
 * `@<slug>:<N>`, or `@<slug>:<A>-<B>` for a range of more than one line.
 * @internal
 */
export function inlineTerminalLabel(record: TerminalContextRecord): string {
  const range = record.lineStart === record.lineEnd ? `${record.lineStart}` : `${record.lineStart}-${record.lineEnd}`;
  return `@${terminalSlug(record.terminalLabel)}:${range}`;
}
