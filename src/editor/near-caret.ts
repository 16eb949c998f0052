// Lines are drawn lazily: the element's styles give every line `content-visibility: auto`, so the
// lines of a big draft that are off screen skip style and layout, and a keystroke lays out what
// is on screen, not the whole draft. Chromium's caret movement cannot step into a skipped line,
// though: the line just above the top of the scroller is clipped, hence skipped, and ArrowUp
// there jumps to the start of the draft. So the lines around the caret are always drawn: the
// plugin view below marks them with a class that the styles exempt.
//
// Why not decorations: a node decoration per marked line makes ProseMirror compare every line
// with every decoration on each redraw (200 × 11,690 checks per keystroke in a 1 MB draft).
// The class is set on the DOM instead, and the lines' node view tells ProseMirror that a change
// of `class` is not an edit to read back.
import { Plugin, type EditorState } from "prosemirror-state";
import type { EditorView, NodeViewConstructor } from "prosemirror-view";

/** The class of the lines kept drawn around the caret. */
export const NEAR_CARET_CLASS = "t3-near";
/** Lines kept drawn on each side of the caret's line: more than a PageUp or PageDown moves. */
export const NEAR_CARET_LINES = 100;

/** A line: a plain `<p>` whose `class` ProseMirror leaves to others (the mark, decorations). */
export const lineNodeView: NodeViewConstructor = () => {
  const dom = document.createElement("p");
  return { dom, contentDOM: dom, ignoreMutation: (mutation) => mutation.type === "attributes" && mutation.attributeName === "class" };
};

/** The `<p>` of the caret's line (the last line for a selection of everything that ends there). */
function caretLine(view: EditorView, state: EditorState): Element | null {
  const { doc } = state;
  const $head = state.selection.$head;
  let pos = $head.depth > 0 ? $head.before(1) : $head.pos;
  if ($head.depth === 0 && $head.index(0) >= doc.childCount) pos -= doc.lastChild!.nodeSize;
  const dom = view.nodeDOM(pos);
  return dom instanceof Element ? dom : null;
}

/** The lines within `NEAR_CARET_LINES` of `line`, walking the DOM: the window's cost, not the draft's. */
function linesAround(line: Element): Set<Element> {
  const lines = new Set<Element>([line]);
  let before = line.previousElementSibling;
  let after = line.nextElementSibling;
  for (let i = 0; i < NEAR_CARET_LINES && (before || after); i++) {
    if (before) {
      lines.add(before);
      before = before.previousElementSibling;
    }
    if (after) {
      lines.add(after);
      after = after.nextElementSibling;
    }
  }
  return lines;
}

/** The plugin that keeps the lines around the caret drawn; use it with `lineNodeView`. */
export function nearCaretPlugin(): Plugin {
  return new Plugin({
    view(view) {
      let marked = new Set<Element>();
      const mark = (state: EditorState) => {
        const line = caretLine(view, state);
        const next = line ? linesAround(line) : new Set<Element>();
        for (const old of marked) if (!next.has(old)) old.classList.remove(NEAR_CARET_CLASS);
        for (const add of next) if (!marked.has(add)) add.classList.add(NEAR_CARET_CLASS);
        marked = next;
      };
      mark(view.state);
      return {
        // Lines are redrawn or moved only with the document, the window only with the selection.
        update(view, previous) {
          if (view.state.doc !== previous.doc || !view.state.selection.eq(previous.selection)) mark(view.state);
        },
        destroy() {
          for (const line of marked) line.classList.remove(NEAR_CARET_CLASS);
        },
      };
    },
  });
}
