// The composer's keys (docs/composer.md, "Keys"): Enter sends, Shift+Enter breaks the line, arrows
// step over a chip in one press, Backspace/Delete take a whole chip, Mod+Z/Mod+Y undo and redo.
// Nothing fires while an input method composes: its Enter commits the text, it never sends.
import { redo, undo } from "prosemirror-history";
import { keydownHandler } from "prosemirror-keymap";
import { NodeSelection, Plugin, TextSelection, type Command, type EditorState } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";
import { deleteSelection, joinLines, selectAll, splitLine } from "./commands.js";
import { isChip } from "./schema.js";

/** keyCode of every key event an IME takes while it composes. */
const IME_KEY_CODE = 229;

export interface KeymapOptions {
  /**
   * Enter (`mod` false) and Mod+Enter (`mod` true): send. The key is consumed either way: Enter
   * never breaks a line.
   */
  submit(view: EditorView, mod: boolean): void;
  /** Enter on a selected chip: activate it (`pos` is the chip's position). */
  activateChip(view: EditorView, pos: number): void;
  /** Keys the open suggestion list takes first (arrows, Enter, Tab, Escape). */
  suggestionKey?(view: EditorView, event: KeyboardEvent): boolean;
  /** ArrowUp/ArrowDown the prompt history takes (after the suggestion list, before the caret moves). */
  historyKey?(view: EditorView, event: KeyboardEvent): boolean;
}

/** Whether a key event belongs to an input method composition. */
export function isComposing(view: EditorView, event: KeyboardEvent): boolean {
  return view.composing || event.isComposing || event.keyCode === IME_KEY_CODE;
}

/** Arrow over an adjacent chip in one step (ProseMirror would select it first). */
function stepOverChip(visual: -1 | 1): Command {
  return (state, dispatch, view) => {
    const selection = state.selection;
    if (!(selection instanceof TextSelection) || !selection.empty) return false;
    const rtl = view ? getComputedStyle(view.dom).direction === "rtl" : false;
    const dir = rtl ? -visual : visual;
    const $head = selection.$head;
    const node = dir < 0 ? $head.nodeBefore : $head.nodeAfter;
    if (!isChip(node)) return false;
    dispatch?.(state.tr.setSelection(TextSelection.create(state.doc, $head.pos + dir * node.nodeSize)).scrollIntoView());
    return true;
  };
}

/** Backspace/Delete next to a chip removes the chip whole. */
function deleteChip(dir: -1 | 1): Command {
  return (state, dispatch) => {
    const selection = state.selection;
    if (!(selection instanceof TextSelection) || !selection.empty) return false;
    const $head = selection.$head;
    const node = dir < 0 ? $head.nodeBefore : $head.nodeAfter;
    if (!isChip(node)) return false;
    const from = dir < 0 ? $head.pos - node.nodeSize : $head.pos;
    dispatch?.(state.tr.delete(from, from + node.nodeSize).scrollIntoView());
    return true;
  };
}

/**
 * The position of the chip the selection holds: a node selection (a click), or a text selection
 * of exactly that chip (Shift+Arrow), or -1.
 */
export function selectedChip(state: EditorState): number {
  const { selection } = state;
  if (selection instanceof NodeSelection) return isChip(selection.node) ? selection.from : -1;
  return selection.to - selection.from === 1 && isChip(state.doc.nodeAt(selection.from)) ? selection.from : -1;
}

/** The keymap plugin; put it before any other plugin that handles keys. */
export function composerKeymap(options: KeymapOptions): Plugin {
  const enter =
    (mod: boolean): Command =>
    (state, _dispatch, view) => {
      if (!view) return false;
      const chip = selectedChip(state);
      if (chip >= 0) options.activateChip(view, chip);
      else options.submit(view, mod);
      return true;
    };
  const own = keydownHandler({
    Enter: enter(false),
    "Mod-Enter": enter(true),
    "Shift-Enter": splitLine,
    "Mod-z": undo,
    "Mod-y": redo,
    "Shift-Mod-z": redo,
    ArrowLeft: stepOverChip(-1),
    ArrowRight: stepOverChip(1),
    Backspace: deleteChip(-1),
    Delete: deleteChip(1),
  });
  const joinBackward = joinLines(-1);
  const joinForward = joinLines(1);
  const backward: Command = (state, dispatch, view) => deleteSelection(state, dispatch, view) || joinBackward(state, dispatch, view);
  const forward: Command = (state, dispatch, view) => deleteSelection(state, dispatch, view) || joinForward(state, dispatch, view);
  const base = keydownHandler({
    Backspace: backward,
    "Shift-Backspace": backward,
    "Mod-Backspace": backward,
    Delete: forward,
    "Mod-Delete": forward,
    "Mod-a": selectAll,
  });
  return new Plugin({
    props: {
      handleKeyDown(view, event) {
        // Leave composing keys to the input method and ProseMirror's own composition handling.
        if (isComposing(view, event)) return false;
        return options.suggestionKey?.(view, event) || options.historyKey?.(view, event) || own(view, event) || base(view, event);
      },
    },
  });
}
