// A draft's lines are grouped in line groups of about `GROUP_LINES`: `doc > lineGroup > paragraph`. A
// line group is a `<div>` the browser can skip as a whole while it is off screen
// (`content-visibility: auto` in the styles), so a keystroke in a 1 MB draft lays out one line group
// and a list of ~200 line groups, not 11,690 lines, and the browser tracks ~200 elements for
// visibility, not 11,690. Line groups never show in the text: the lines are the paragraphs, in
// order, whichever line group holds them.
import type { Node as ProseMirrorNode, ResolvedPos } from "prosemirror-model";
import { Plugin, type Transaction } from "prosemirror-state";
import { composerSchema } from "./schema.js";

/**
 * Lines per line group when a draft is built: a few screens of text. Larger line groups make a keystroke
 * lay out more lines; smaller ones give the browser more line groups to track.
 */
export const GROUP_LINES = 64;
/** A line group that grows past this (Enter, a paste) is split back into `GROUP_LINES` pieces. */
export const GROUP_LINES_MAX = 2 * GROUP_LINES;

/** The line groups holding `paragraphs`, `GROUP_LINES` each. */
export function groupLines(paragraphs: readonly ProseMirrorNode[]): ProseMirrorNode[] {
  const groups: ProseMirrorNode[] = [];
  for (let start = 0; start < paragraphs.length; start += GROUP_LINES) {
    groups.push(composerSchema.nodes.lineGroup.create(null, paragraphs.slice(start, start + GROUP_LINES)));
  }
  return groups;
}

/** Calls `f` with every line (paragraph) of `doc`, in order. */
export function forEachLine(doc: ProseMirrorNode, f: (line: ProseMirrorNode) => void): void {
  doc.forEach((group) => group.forEach(f));
}

/** The first line of `doc`. */
export function firstLine(doc: ProseMirrorNode): ProseMirrorNode {
  return doc.firstChild!.firstChild!;
}

/** Where two neighbouring lines meet: the position between them and how many node boundaries deep. */
export interface LineJoin {
  pos: number;
  /** 1 between two lines of a line group; 2 between line groups (the line groups meet too). */
  depth: 1 | 2;
}

/**
 * Where the line holding `$pos` (a position inside a line) meets the line before it (`dir` -1)
 * or after it (1), for `tr.join(pos, depth)`; `null` at the first or the last line. The
 * previous line's text ends at `pos - depth`, the next one's starts at `pos + depth`.
 */
export function lineJoin($pos: ResolvedPos, dir: -1 | 1): LineJoin | null {
  const inGroup = $pos.index(1);
  if (dir < 0) {
    if (inGroup > 0) return { pos: $pos.before(2), depth: 1 };
    return $pos.index(0) > 0 ? { pos: $pos.before(1), depth: 2 } : null;
  }
  if (inGroup < $pos.node(1).childCount - 1) return { pos: $pos.after(2), depth: 1 };
  return $pos.index(0) < $pos.doc.childCount - 1 ? { pos: $pos.after(1), depth: 2 } : null;
}

/** Splits the line groups of `tr.doc` that hold more than `GROUP_LINES_MAX` lines; `null` if none do. */
function splitLongGroups(tr: Transaction): Transaction | null {
  const cuts: number[] = [];
  tr.doc.forEach((group, offset) => {
    if (group.childCount <= GROUP_LINES_MAX) return;
    let pos = offset + 1;
    group.forEach((line, _offset, index) => {
      if (index > 0 && index % GROUP_LINES === 0) cuts.push(pos);
      pos += line.nodeSize;
    });
  });
  if (cuts.length === 0) return null;
  // Last to first, so that each cut's position is still where it was measured.
  for (let i = cuts.length - 1; i >= 0; i--) tr.split(cuts[i]!);
  return tr;
}

/** The plugin that keeps line groups short as lines are added. */
export function lineGroupPlugin(): Plugin {
  return new Plugin({
    appendTransaction(transactions, _old, state) {
      if (!transactions.some((tr) => tr.docChanged)) return null;
      return splitLongGroups(state.tr);
    },
  });
}
