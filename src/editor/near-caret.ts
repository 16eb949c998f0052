// Line groups are drawn lazily: the element's styles give every line group (line-groups.ts)
// `content-visibility: auto`, so the line groups of a big draft that are off screen skip style and
// layout. Chromium's caret movement cannot step into a skipped line group, though: the line group just
// above the top of the scroller is clipped, hence skipped, and ArrowUp there jumps to the start
// of the draft. So the line groups around the caret are always drawn: the plugin view below marks
// them with a class that the styles exempt.
//
// The class is set on the DOM, not by node decorations: a decoration set would be rebuilt for
// every keystroke (its positions move), and ProseMirror then compares each line group with each
// decoration. The line groups' node view (line-group-view.ts) tells ProseMirror that a change of `class` is not an edit.
import { Plugin, type EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/** The class of the line groups kept drawn around the caret. */
export const NEAR_CARET_CLASS = "t3-near";
/** Line groups kept drawn on each side of the caret's: more lines than a PageUp or PageDown moves. */
export const NEAR_CARET_GROUPS = 2;

/** The `<div>` of the caret's line group (the last one for a selection of everything). */
function caretGroup(view: EditorView, state: EditorState): Element | null {
  const { doc } = state;
  const $head = state.selection.$head;
  let pos = $head.depth > 0 ? $head.before(1) : $head.pos;
  if ($head.depth === 0 && $head.index(0) >= doc.childCount) pos -= doc.lastChild!.nodeSize;
  const dom = view.nodeDOM(pos);
  return dom instanceof Element ? dom : null;
}

/** The line groups within `NEAR_CARET_GROUPS` of `group`, itself first. */
function groupsAround(group: Element): Element[] {
  const groups = [group];
  let before = group.previousElementSibling;
  let after = group.nextElementSibling;
  for (let i = 0; i < NEAR_CARET_GROUPS; i++) {
    if (before) {
      groups.push(before);
      before = before.previousElementSibling;
    }
    if (after) {
      groups.push(after);
      after = after.nextElementSibling;
    }
  }
  return groups;
}

/** Whether two lists hold the same elements in the same order. */
const sameGroups = (a: readonly Element[], b: readonly Element[]) => a.length === b.length && a.every((group, i) => group === b[i]);

/** The plugin that keeps the line groups around the caret drawn; use it with `lineGroupNodeView`. */
export function nearCaretPlugin(): Plugin {
  return new Plugin({
    view(view) {
      let marked: Element[] = [];
      const mark = (state: EditorState) => {
        const group = caretGroup(view, state);
        const next = group ? groupsAround(group) : [];
        // A keystroke nearly always leaves the caret among the same line groups: nothing to touch.
        if (sameGroups(next, marked)) return;
        for (const old of marked) if (!next.includes(old)) old.classList.remove(NEAR_CARET_CLASS);
        for (const add of next) if (!marked.includes(add)) add.classList.add(NEAR_CARET_CLASS);
        marked = next;
      };
      mark(view.state);
      return {
        // Line groups are redrawn or moved only with the document, the caret moves with the selection.
        update(view, previous) {
          if (view.state.doc !== previous.doc || !view.state.selection.eq(previous.selection)) mark(view.state);
        },
        destroy() {
          for (const group of marked) group.classList.remove(NEAR_CARET_CLASS);
        },
      };
    },
  });
}
