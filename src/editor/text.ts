// Conversions between canonical text and the document. Each line is a paragraph (grouped in
// line groups, see line-groups.ts); each valid reference link is a chip whose text is its canonical link
// (docs/composer.md, "Value").
import { Fragment, Slice, type Node as ProseMirrorNode } from "prosemirror-model";
import { collectComposerContextReferences } from "../codec/references.js";
import { groupLines, forEachLine } from "./line-groups.js";
import { chipAttrs, chipLink, composerSchema, createChip, isChip, isPasted, pastedAttrs, pastedText } from "./schema.js";

const LINE_FEED = "\n";

/** Appends the inline content of one line of text (which holds no line feed) to `inline`. */
function inlineFromLine(line: string, inline: ProseMirrorNode[]): ProseMirrorNode[] {
  let cursor = 0;
  for (const occurrence of collectComposerContextReferences(line)) {
    if (occurrence.start > cursor) inline.push(composerSchema.text(line.slice(cursor, occurrence.start)));
    inline.push(createChip({ kind: occurrence.kind, contextId: occurrence.contextId, label: occurrence.label }));
    cursor = occurrence.end;
  }
  if (cursor < line.length) inline.push(composerSchema.text(line.slice(cursor)));
  return inline;
}

const paragraphFromLine = (line: string) => composerSchema.nodes.paragraph.create(null, inlineFromLine(line, []));

/**
 * Parses canonical text: one paragraph per line, every valid link a chip with a fresh reference
 * id, anything else text. A link can hold no line feed, so lines are parsed one by one.
 */
export function docFromText(text: string): ProseMirrorNode {
  return composerSchema.nodes.doc.create(null, groupLines(text.split(LINE_FEED).map(paragraphFromLine)));
}

/**
 * Like `docFromText` for text given in segments: a string is text parsed as there, a node is an
 * inline atom placed where it comes (a pasted block of a restored draft, docs/composer.md,
 * "Large pastes"). The text of the result is the segments' texts joined.
 */
export function docFromSegments(segments: readonly (string | ProseMirrorNode)[]): ProseMirrorNode {
  const paragraphs: ProseMirrorNode[] = [];
  let inline: ProseMirrorNode[] = [];
  for (const segment of segments) {
    if (typeof segment !== "string") {
      inline.push(segment);
      continue;
    }
    const lines = segment.split(LINE_FEED);
    inlineFromLine(lines[0]!, inline);
    for (let index = 1; index < lines.length; index++) {
      paragraphs.push(composerSchema.nodes.paragraph.create(null, inline));
      inline = inlineFromLine(lines[index]!, []);
    }
  }
  paragraphs.push(composerSchema.nodes.paragraph.create(null, inline));
  return composerSchema.nodes.doc.create(null, groupLines(paragraphs));
}

/** How deep a pasted slice is open at each end: its first and last line group, and their lines. */
const SLICE_DEPTH = 2;

/** Plain text as a slice to paste: its lines become paragraphs, its links chips. */
export function sliceFromText(text: string): Slice {
  const doc = docFromText(text);
  return new Slice(doc.content, SLICE_DEPTH, SLICE_DEPTH);
}

// Unchanged paragraphs are shared between successive documents, so caching per paragraph makes
// serializing a big draft after a keystroke cost one paragraph plus a join, not the whole text.
interface ParagraphSummary {
  text: string;
  /** Context ids of the paragraph's chips, in order, with repeats. */
  ids: readonly string[];
  /** Whether it holds a pasted block. */
  pasted: boolean;
}
const summaries = new WeakMap<ProseMirrorNode, ParagraphSummary>();

function summarize(paragraph: ProseMirrorNode): ParagraphSummary {
  let summary = summaries.get(paragraph);
  if (summary) return summary;
  let text = "";
  const ids: string[] = [];
  let pasted = false;
  paragraph.forEach((child) => {
    if (child.isText) {
      text += child.text;
    } else if (isChip(child)) {
      text += chipLink(child);
      ids.push(chipAttrs(child).contextId);
    } else if (isPasted(child)) {
      text += pastedText(child);
      pasted = true;
      for (const piece of pastedAttrs(child).pieces) for (const reference of piece.references) ids.push(reference.contextId);
    }
  });
  summary = { text, ids, pasted };
  summaries.set(paragraph, summary);
  return summary;
}

const texts = new WeakMap<ProseMirrorNode, string>();

/** The canonical text of a document: paragraphs joined by "\n", chips as their links. */
export function textOfDoc(doc: ProseMirrorNode): string {
  let text = texts.get(doc);
  if (text === undefined) {
    const lines: string[] = [];
    forEachLine(doc, (paragraph) => lines.push(summarize(paragraph).text));
    text = lines.join(LINE_FEED);
    texts.set(doc, text);
  }
  return text;
}

/** The distinct context ids the document's chips reference, in first-reference order. */
export function referencedIdsOf(doc: ProseMirrorNode): string[] {
  const seen = new Set<string>();
  forEachLine(doc, (paragraph) => {
    for (const id of summarize(paragraph).ids) seen.add(id);
  });
  return [...seen];
}

/** Where a pasted block's text lies in its document's text. */
export interface PastedRange {
  start: number;
  end: number;
}

/** Where the pasted blocks of `doc` are in `textOfDoc(doc)`, in order. */
export function pastedRanges(doc: ProseMirrorNode): PastedRange[] {
  const ranges: PastedRange[] = [];
  let offset = -LINE_FEED.length; // the first line has no line feed before it
  forEachLine(doc, (paragraph) => {
    offset += LINE_FEED.length;
    const summary = summarize(paragraph);
    if (!summary.pasted) {
      offset += summary.text.length;
      return;
    }
    paragraph.forEach((child) => {
      const length = child.isText ? child.text!.length : isChip(child) ? chipLink(child).length : isPasted(child) ? pastedText(child).length : 0;
      if (isPasted(child)) ranges.push({ start: offset, end: offset + length });
      offset += length;
    });
  });
  return ranges;
}

/** The canonical text of a slice (what a copy of it writes as plain text). */
export function textOfSlice(slice: Slice): string {
  return textOfFragment(slice.content);
}

function textOfFragment(fragment: Fragment): string {
  const lines: string[] = [];
  let inline = "";
  let sawBlock = false;
  fragment.forEach((node) => {
    if (node.isBlock) {
      sawBlock = true;
      // A line group gives its lines, already joined.
      lines.push(node.type === composerSchema.nodes.paragraph ? summarize(node).text : textOfFragment(node.content));
    } else if (node.isText) {
      inline += node.text;
    } else if (isChip(node)) {
      inline += chipLink(node);
    } else if (isPasted(node)) {
      inline += pastedText(node);
    }
  });
  return sawBlock ? lines.join(LINE_FEED) : inline;
}

/** Whether the document is one empty line. */
export function isEmptyDoc(doc: ProseMirrorNode): boolean {
  return doc.childCount === 1 && doc.firstChild!.childCount === 1 && doc.firstChild!.firstChild!.content.size === 0;
}
