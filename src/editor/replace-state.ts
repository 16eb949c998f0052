// Swapping in a new document (the `value` setter, a restored draft, a cleared one).
import type { EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/**
 * Puts `state` in `view`. A new document redraws every line, so when the editor does not have
 * focus the lines are built while the editable is out of the document, then put back at once:
 * - inserting thousands of nodes into a live tree invalidates style node by node, and
 * - after drawing, ProseMirror reads the DOM selection, and in a shadow root reading it makes
 *   Chromium lay out the whole draft right there, inside the setter.
 * Put back in one piece, the draft is laid out when the browser next renders (with
 * `content-visibility`, only the lines on screen). With focus, a person is typing: the editable
 * stays where it is so that focus and the caret stay too.
 */
export function replaceViewState(view: EditorView, state: EditorState): void {
  const editable = view.dom;
  const parent = editable.parentNode;
  if (!parent || view.hasFocus()) {
    view.updateState(state);
    return;
  }
  const next = editable.nextSibling;
  editable.remove();
  try {
    view.updateState(state);
  } finally {
    parent.insertBefore(editable, next);
  }
}
