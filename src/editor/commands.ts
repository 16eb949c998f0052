// The editing commands of a flat document of lines. prosemirror-commands' baseKeymap covers
// lists, code blocks and lifting, and its module builds the whole keymap when loaded; for
// paragraphs and one atom these few lines do the same job at a fraction of the drop-in's bytes.
import { AllSelection, TextSelection, type Command } from "prosemirror-state";
import { lineJoin } from "./line-groups.js";

/** Deletes a non-empty selection (text, a selected chip, everything). */
export const deleteSelection: Command = (state, dispatch) => {
  if (state.selection.empty) return false;
  dispatch?.(state.tr.deleteSelection().scrollIntoView());
  return true;
};

/**
 * Backspace at a line start (`dir` -1) or Delete at a line end (1) joins the line with its
 * neighbour: the "\n" between them goes.
 */
export function joinLines(dir: -1 | 1): Command {
  return (state, dispatch) => {
    const selection = state.selection;
    if (!(selection instanceof TextSelection) || !selection.$cursor) return false;
    const $cursor = selection.$cursor;
    const atEdge = dir < 0 ? $cursor.parentOffset === 0 : $cursor.parentOffset === $cursor.parent.content.size;
    const join = atEdge ? lineJoin($cursor, dir) : null;
    if (!join) return false;
    dispatch?.(state.tr.join(join.pos, join.depth).scrollIntoView());
    return true;
  };
}

/** Shift+Enter: replaces the selection with a line break. */
export const splitLine: Command = (state, dispatch) => {
  if (dispatch) {
    const tr = state.tr;
    if (!state.selection.empty) tr.deleteSelection();
    dispatch(tr.split(tr.selection.from).scrollIntoView());
  }
  return true;
};

/** Mod+A. */
export const selectAll: Command = (state, dispatch) => {
  dispatch?.(state.tr.setSelection(new AllSelection(state.doc)));
  return true;
};
