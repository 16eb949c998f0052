// Every typed character asks ProseMirror to scroll the caret into view. It measures the caret,
// then walks every ancestor of it up to the document, reading each one's box, four of its sizes
// and its computed `position`, to learn (nearly always) that nothing has to move: about a tenth of
// a keystroke in a short draft (docs/performance.md, "Keystrokes"). The editor is the only
// scroller inside the composer. When the browser last saw it whole in the viewport (an
// IntersectionObserver, whose visibility takes every clipping ancestor into account) and the
// caret is inside its box and the viewport, no ancestor would scroll, so the walk is skipped.
// Otherwise (the editor partly hidden, the caret past its edge, a node or range selection)
// ProseMirror scrolls as it always does. The observer reports after each frame: in the frame
// in which the page itself moved the editor out of view, a key does not bring it back; the next
// one does.
import { Plugin, TextSelection } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/** Whether each view's editable was wholly visible when the browser last rendered. */
const wholeInView = new WeakMap<EditorView, boolean>();

/** Whether `rect` lies inside `view.dom`'s client box (without its scrollbars) and the viewport. */
function insideEditor(view: EditorView, rect: { left: number; right: number; top: number; bottom: number }): boolean {
  const editor = view.dom;
  const box = editor.getBoundingClientRect();
  const viewport = editor.ownerDocument.defaultView?.visualViewport;
  const [width, height] = viewport ? [viewport.width, viewport.height] : [innerWidth, innerHeight];
  return (
    rect.top >= box.top &&
    rect.bottom <= box.top + editor.clientHeight &&
    rect.left >= box.left &&
    rect.right <= box.left + editor.clientWidth &&
    rect.top >= 0 &&
    rect.left >= 0 &&
    rect.bottom <= height &&
    rect.right <= width
  );
}

/** The plugin that skips ProseMirror's scroll walk while the caret is visibly in place. */
export function caretScrollPlugin(): Plugin {
  return new Plugin({
    view(view) {
      const observer = new IntersectionObserver((entries) => {
        const last = entries[entries.length - 1];
        if (last) wholeInView.set(view, last.isIntersecting && last.intersectionRatio >= 1);
      }, { threshold: 1 });
      observer.observe(view.dom);
      return {
        destroy() {
          observer.disconnect();
          wholeInView.delete(view);
        },
      };
    },
    props: {
      handleScrollToSelection(view) {
        const { selection } = view.state;
        if (!wholeInView.get(view) || !(selection instanceof TextSelection) || !selection.empty) return false;
        // The rect ProseMirror itself scrolls to.
        return insideEditor(view, view.coordsAtPos(selection.head, 1));
      },
    },
  });
}
