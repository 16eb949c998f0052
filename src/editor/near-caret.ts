// Lines are drawn lazily: the element's styles give every line `content-visibility: auto`, so the
// lines of a big draft that are off screen skip style and layout, and a keystroke lays out what
// is on screen, not the whole draft. Chromium's caret movement cannot step into a skipped line,
// though: the line just above the top of the scroller is clipped, hence skipped, and ArrowUp
// there jumps to the start of the draft. So the lines around the caret are always drawn: this
// plugin marks them, and the styles exempt marked lines.
import { Plugin } from "prosemirror-state";
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { Decoration, DecorationSet } from "prosemirror-view";

/** The class of the lines kept drawn around the caret. */
export const NEAR_CARET_CLASS = "t3-near";
/** Lines kept drawn on each side of the caret's line: more than a PageUp or PageDown moves. */
export const NEAR_CARET_LINES = 100;

const near = Decoration.node;
const ATTRS = { class: NEAR_CARET_CLASS };

/** The node decorations of the lines within `NEAR_CARET_LINES` of line `index`. */
function nearLines(doc: ProseMirrorNode, index: number, start: number): DecorationSet {
  const decorations: Decoration[] = [];
  // Walk out from the caret's line, so the cost is the window's, whatever the draft's length.
  let pos = start;
  for (let i = index; i >= 0 && i >= index - NEAR_CARET_LINES; i--) {
    const line = doc.child(i);
    if (i < index) pos -= line.nodeSize;
    decorations.push(near(pos, pos + line.nodeSize, ATTRS));
  }
  pos = start + doc.child(index).nodeSize;
  for (let i = index + 1; i < doc.childCount && i <= index + NEAR_CARET_LINES; i++) {
    const size = doc.child(i).nodeSize;
    decorations.push(near(pos, pos + size, ATTRS));
    pos += size;
  }
  return DecorationSet.create(doc, decorations);
}

/** The plugin that keeps the lines around the caret drawn. */
export function nearCaretPlugin(): Plugin {
  // Decorations are asked for on every redraw; they change only with the document or the line.
  let last: { doc: ProseMirrorNode; index: number; set: DecorationSet } | null = null;
  return new Plugin({
    props: {
      decorations(state) {
        const { doc } = state;
        const $head = state.selection.$head;
        // Inside a line, or (a selection of everything) between lines: then the line after, or
        // the last one at the very end.
        const index = Math.min($head.index(0), doc.childCount - 1);
        if (last && last.doc === doc && last.index === index) return last.set;
        const start = $head.depth > 0 ? $head.before(1) : index < $head.index(0) ? $head.pos - doc.child(index).nodeSize : $head.pos;
        last = { doc, index, set: nearLines(doc, index, start) };
        return last.set;
      },
    },
  });
}
