// End and Home with a chip selected (a click on it) left the chip selected: Firefox moved the
// caret into the label of a chip that ends or starts the line (the chip is a
// `contenteditable=false` span, chip-view.ts), Chromium kept the selection of a chip that starts
// it, and ProseMirror read either as the chip still selected, so the next character typed
// replaced the chip. These keys now put the caret beside the chip first (after it for End, before
// it for Home), so that the browser moves a caret, not a selection.
import { NodeSelection, Plugin, TextSelection } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

/** The side of the chip each key leaves the caret on. */
const LINE_KEYS: Readonly<Record<string, 1 | -1>> = { End: 1, Home: -1 };

/**
 * End or Home with a chip selected: the caret goes beside the chip. Handled here in full (the
 * answer is whether it did) when the chip ends or starts its line, which is where the caret then
 * is; otherwise the browser goes on to the line's end or start from there.
 */
function besideSelectedChip(view: EditorView, side: 1 | -1): boolean {
  const { selection } = view.state;
  if (!(selection instanceof NodeSelection) || !selection.node.isInline) return false;
  const $caret = view.state.doc.resolve(side > 0 ? selection.to : selection.from);
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, $caret.pos)));
  return side > 0 ? $caret.parentOffset === $caret.parent.content.size : $caret.parentOffset === 0;
}

/** The plugin that keeps End and Home from leaving a chip selected. */
export function lineKeysPlugin(): Plugin {
  return new Plugin({
    props: {
      handleKeyDown(view, event) {
        const side = LINE_KEYS[event.key];
        const plain = !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;
        return side !== undefined && plain && besideSelectedChip(view, side);
      },
    },
  });
}
