// The placeholder of an empty composer, drawn by CSS from a node decoration so it never enters
// the document (and never reaches the text or the undo history).
import { Plugin } from "prosemirror-state";
import { Decoration, DecorationSet } from "prosemirror-view";
import { firstLine } from "./line-groups.js";
import { isEmptyDoc } from "./text.js";

/** The class an empty composer's only line gets; its `data-placeholder` holds the text. */
export const PLACEHOLDER_CLASS = "t3-placeholder";

/** `text()` is read on every redraw, so a changed placeholder shows after the next update. */
export function placeholderPlugin(text: () => string): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const placeholder = text();
        if (!placeholder || !isEmptyDoc(state.doc)) return null;
        // The only line, inside the only line group.
        const start = 1;
        return DecorationSet.create(state.doc, [
          Decoration.node(start, start + firstLine(state.doc).nodeSize, { class: PLACEHOLDER_CLASS, "data-placeholder": placeholder }),
        ]);
      },
    },
  });
}
