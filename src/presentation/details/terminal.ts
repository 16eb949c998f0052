import type { TerminalContextRecord } from "../../contract/types.js";
import { terminalLabel } from "../labels.js";
import { appendAll, detailsCard, numberedLines } from "./card.js";
import { el } from "./dom.js";

/** A terminal excerpt: its label and the captured lines, numbered from `lineStart`. */
export function renderTerminalDetails(record: TerminalContextRecord): HTMLElement {
  const card = detailsCard("terminal", terminalLabel(record));
  // An expired excerpt (empty text) still opens, and says so instead of drawing one empty line.
  const body = record.text === "" ? el("div", "t3-details-empty", "This excerpt is no longer available.") : numberedLines(record.text, record.lineStart, "t3-details-excerpt");
  return appendAll(card, [body]);
}
