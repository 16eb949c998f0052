// How many chips reference each context id, kept up to date from each transaction's replaced
// ranges: the draft's live records are the ones its chips reference (docs/composer.md, "Drafts"). A keystroke replaces a few characters, so keeping count costs a walk
// over those ranges, never a rescan of a draft that can be a megabyte with thousands of chips.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import type { Transaction } from "prosemirror-state";
import { AttrStep } from "prosemirror-transform";
import { chipAttrs, isChip, isPasted, pastedAttrs, type ChipAttrs } from "./schema.js";

/** By how much a transaction changed the chips of one context id, and one of those chips. */
export interface ReferenceChange {
  change: number;
  attrs: ChipAttrs;
}

/** Per context id, what a transaction did to its chips. */
export type ReferenceDelta = Map<string, ReferenceChange>;

function tallyOne(attrs: ChipAttrs, sign: 1 | -1, delta: ReferenceDelta): void {
  const entry = delta.get(attrs.contextId);
  if (entry) entry.change += sign;
  else delta.set(attrs.contextId, { change: sign, attrs });
}

function tally(doc: ProseMirrorNode, from: number, to: number, sign: 1 | -1, delta: ReferenceDelta): void {
  if (from >= to) return;
  doc.nodesBetween(from, to, (node, pos) => {
    // A chip has size 1, so one that nodesBetween reports lies wholly inside the range.
    if (isChip(node) && pos >= from) tallyOne(chipAttrs(node), sign, delta);
    // A pasted block (size 1 too) references what its chips would: they count the same.
    else if (isPasted(node) && pos >= from) {
      for (const piece of pastedAttrs(node).pieces) for (const attrs of piece.references) tallyOne(attrs, sign, delta);
    }
    return !node.isInline;
  });
}

/**
 * Chip counts per context id. Immutable, so that it can live in an editor state (the draft
 * plugin's, src/elements/composer/draft-state.ts): a transaction gives a new one.
 */
export class ReferenceCounts {
  readonly #counts: Map<string, number>;

  private constructor(counts = new Map<string, number>()) {
    this.#counts = counts;
  }

  /** Counts every chip of `doc` (once, when a document is loaded). */
  static of(doc: ProseMirrorNode): ReferenceCounts {
    const counts = new ReferenceCounts();
    const delta: ReferenceDelta = new Map();
    tally(doc, 0, doc.content.size, 1, delta);
    counts.#merge(delta);
    return counts;
  }

  /** How many chips reference `contextId`. */
  count(contextId: string): number {
    return this.#counts.get(contextId) ?? 0;
  }

  /** Every referenced context id (in no particular order). */
  ids(): IterableIterator<string> {
    return this.#counts.keys();
  }

  /**
   * The counts after `tr`, from what it replaced: chips in the old side of each step's ranges
   * are subtracted, chips in the new side added. Returns them with the non-zero changes; when
   * there are none, the counts are this very object.
   */
  apply(tr: Transaction): { counts: ReferenceCounts; delta: ReferenceDelta } {
    const delta: ReferenceDelta = new Map();
    tr.steps.forEach((step, index) => {
      const before = tr.docs[index]!;
      const after = tr.docs[index + 1] ?? tr.doc;
      if (step instanceof AttrStep) {
        tally(before, step.pos, step.pos + 1, -1, delta);
        tally(after, step.pos, step.pos + 1, 1, delta);
        return;
      }
      step.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
        tally(before, oldStart, oldEnd, -1, delta);
        tally(after, newStart, newEnd, 1, delta);
      });
    });
    for (const [id, { change }] of delta) if (change === 0) delta.delete(id);
    if (delta.size === 0) return { counts: this, delta };
    // Copying costs one entry per referenced id, and only when chips changed (not per keystroke).
    const counts = new ReferenceCounts(new Map(this.#counts));
    counts.#merge(delta);
    return { counts, delta };
  }

  #merge(delta: ReferenceDelta): void {
    for (const [id, { change }] of delta) {
      const next = (this.#counts.get(id) ?? 0) + change;
      if (next > 0) this.#counts.set(id, next);
      else this.#counts.delete(id);
    }
  }
}

/** Positions of every chip of `contextId`, in document order. */
export function chipPositions(doc: ProseMirrorNode, contextId: string): number[] {
  const positions: number[] = [];
  doc.descendants((node, pos) => {
    if (isChip(node) && chipAttrs(node).contextId === contextId) positions.push(pos);
    return !node.isInline;
  });
  return positions;
}
