// Peels the `<preview_annotation>`, `<element_context>` and `<terminal_context>` blocks that
// the old client appended to a message (docs/wire-format.md, "Legacy text", step 3).
import { RECORDS_MAX } from "../../contract/limits.js";
import { type LegacyEntry, parseLegacyEntries } from "./entries.js";
import { elementFromEntry, terminalRecordFromEntry } from "./records.js";
import { isBlank, trimLineFeedsEnd } from "./scan.js";
import { ELEMENT_TAG, PREVIEW_TAG, TERMINAL_TAG, closeTag, openTag } from "./tags.js";

/**
 * What the peeling found; `text.slice(0, end)` is what is left before the blocks.
 * @internal
 */
export interface TrailingBlocks {
  end: number;
  terminals: LegacyEntry[];
  elements: LegacyEntry[];
  /** Preview bodies, in document order. */
  previews: string[];
}

interface Peel {
  start: number;
  body: string;
}

const blockOpen = (tag: string) => openTag(tag) + "\n";
const blockClose = (tag: string) => "\n" + closeTag(tag);
const PREVIEW_OPEN = blockOpen(PREVIEW_TAG);
const PREVIEW_CLOSE = blockClose(PREVIEW_TAG);

/** The last `\n</tag>` in `text[0, end)` when only whitespace follows it, else -1. */
function trailingClose(text: string, end: number, close: string): number {
  const at = end < close.length ? -1 : text.lastIndexOf(close, end - close.length);
  return at !== -1 && isBlank(text, at + close.length, end) ? at : -1;
}

/**
 * `\n*<preview_annotation>\n(body)\n</preview_annotation>\s*$` where the body holds no
 * "\n</preview_annotation>": the body starts after the previous closing tag, so adjacent
 * annotations peel one at a time.
 */
function peelPreview(text: string, end: number): Peel | undefined {
  const close = trailingClose(text, end, PREVIEW_CLOSE);
  if (close === -1) return undefined;
  const previous = close === 0 ? -1 : text.lastIndexOf(PREVIEW_CLOSE, close - 1);
  const open = text.indexOf(PREVIEW_OPEN, Math.max(0, previous - PREVIEW_OPEN.length + 1));
  if (open === -1 || open + PREVIEW_OPEN.length > close) return undefined;
  return { start: open, body: text.slice(open + PREVIEW_OPEN.length, close) };
}

/**
 * `\n*<tag>\n([\s\S]*?)\n</tag>\s*$`: the lazy body still has to reach the last closing tag,
 * so the block starts at the first opening of the whole text. That opening is found once.
 */
function peelOwning(text: string, end: number, tag: string, firstOpen: number): Peel | undefined {
  const close = trailingClose(text, end, blockClose(tag));
  const bodyStart = firstOpen + blockOpen(tag).length;
  if (close === -1 || firstOpen === -1 || bodyStart > close) return undefined;
  return { start: firstOpen, body: text.slice(bodyStart, close) };
}

/**
 * Peels trailing blocks off `text[0, end)`, checking preview, then element, then terminal each
 * time, until none matches. Returns `null` when the whole upgrade must stop: an element or
 * terminal block with no entries, a malformed one, an entry whose header its kind rejects, or
 * more blocks than a message may hold records.
 * @internal
 */
export function peelTrailingBlocks(text: string, end: number): TrailingBlocks | null {
  const previews: string[] = [];
  const elementBlocks: LegacyEntry[][] = [];
  const terminalBlocks: LegacyEntry[][] = [];
  const firstElement = text.indexOf(blockOpen(ELEMENT_TAG));
  const firstTerminal = text.indexOf(blockOpen(TERMINAL_TAG));
  for (;;) {
    const preview = peelPreview(text, end);
    if (preview) {
      // More annotations than records allowed: the upgrade would be refused anyway.
      if (previews.length === RECORDS_MAX) return null;
      previews.push(preview.body);
      end = trimLineFeedsEnd(text, preview.start);
      continue;
    }
    const element = peelOwning(text, end, ELEMENT_TAG, firstElement);
    const terminal = element ? undefined : peelOwning(text, end, TERMINAL_TAG, firstTerminal);
    const peel = element ?? terminal;
    if (!peel) break;
    const entries = parseLegacyEntries(peel.body);
    const valid = element
      ? (entry: LegacyEntry) => elementFromEntry(entry) !== null
      : (entry: LegacyEntry) => terminalRecordFromEntry(entry, 1) !== null;
    if (!entries?.length || !entries.every(valid)) return null;
    (element ? elementBlocks : terminalBlocks).push(entries);
    end = trimLineFeedsEnd(text, peel.start);
  }
  return {
    end,
    terminals: terminalBlocks.reverse().flat(),
    elements: elementBlocks.reverse().flat(),
    previews: previews.reverse(),
  };
}
