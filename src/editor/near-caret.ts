// Chunks of lines are drawn lazily: the element's styles give every chunk (chunks.ts)
// `content-visibility: auto`, so the chunks of a big draft that are off screen skip style and
// layout. Chromium's caret movement cannot step into a skipped chunk, though: the chunk just
// above the top of the scroller is clipped, hence skipped, and ArrowUp there jumps to the start
// of the draft. So the chunks around the caret are always drawn: the plugin view below marks
// them with a class that the styles exempt.
//
// The class is set on the DOM, not by node decorations: a decoration set would be rebuilt for
// every keystroke (its positions move), and ProseMirror then compares each chunk with each
// decoration. The chunks' node view (chunk-view.ts) tells ProseMirror that a change of `class` is not an edit.
import { Plugin, type EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/** The class of the chunks kept drawn around the caret. */
export const NEAR_CARET_CLASS = "t3-near";
/** Chunks kept drawn on each side of the caret's: more lines than a PageUp or PageDown moves. */
export const NEAR_CARET_CHUNKS = 2;

/** The `<div>` of the caret's chunk (the last one for a selection of everything). */
function caretChunk(view: EditorView, state: EditorState): Element | null {
  const { doc } = state;
  const $head = state.selection.$head;
  let pos = $head.depth > 0 ? $head.before(1) : $head.pos;
  if ($head.depth === 0 && $head.index(0) >= doc.childCount) pos -= doc.lastChild!.nodeSize;
  const dom = view.nodeDOM(pos);
  return dom instanceof Element ? dom : null;
}

/** The chunks within `NEAR_CARET_CHUNKS` of `chunk`, itself first. */
function chunksAround(chunk: Element): Element[] {
  const chunks = [chunk];
  let before = chunk.previousElementSibling;
  let after = chunk.nextElementSibling;
  for (let i = 0; i < NEAR_CARET_CHUNKS; i++) {
    if (before) {
      chunks.push(before);
      before = before.previousElementSibling;
    }
    if (after) {
      chunks.push(after);
      after = after.nextElementSibling;
    }
  }
  return chunks;
}

/** Whether two lists hold the same elements in the same order. */
const sameChunks = (a: readonly Element[], b: readonly Element[]) => a.length === b.length && a.every((chunk, i) => chunk === b[i]);

/** The plugin that keeps the chunks around the caret drawn; use it with `chunkNodeView`. */
export function nearCaretPlugin(): Plugin {
  return new Plugin({
    view(view) {
      let marked: Element[] = [];
      const mark = (state: EditorState) => {
        const chunk = caretChunk(view, state);
        const next = chunk ? chunksAround(chunk) : [];
        // A keystroke nearly always leaves the caret among the same chunks: nothing to touch.
        if (sameChunks(next, marked)) return;
        for (const old of marked) if (!next.includes(old)) old.classList.remove(NEAR_CARET_CLASS);
        for (const add of next) if (!marked.includes(add)) add.classList.add(NEAR_CARET_CLASS);
        marked = next;
      };
      mark(view.state);
      return {
        // Chunks are redrawn or moved only with the document, the caret moves with the selection.
        update(view, previous) {
          if (view.state.doc !== previous.doc || !view.state.selection.eq(previous.selection)) mark(view.state);
        },
        destroy() {
          for (const chunk of marked) chunk.classList.remove(NEAR_CARET_CLASS);
        },
      };
    },
  });
}
