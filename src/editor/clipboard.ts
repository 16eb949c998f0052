// The composer's clipboard (docs/composer.md, "Copy" and "Paste"). Copy, cut, paste and drop are taken over
// before ProseMirror's own handlers see them: copy and cut write what the element says through
// the event's `clipboardData` (the event still propagates), and paste and drop hand the data to
// the element, so that clipboard or dragged HTML, which is untrusted, is never parsed into the
// document. The one exception is a selection dragged inside this editor: ProseMirror moves it.
import type { Slice } from "prosemirror-model";
import { Plugin } from "prosemirror-state";
import type { EditorView } from "prosemirror-view";

export interface ClipboardOptions {
  /** Writes the copy of `slice` into `data`. */
  copy(view: EditorView, data: DataTransfer, slice: Slice): void;
  /**
   * Pastes `data`; returns whether it was taken. `plain` says the paste came with Shift held
   * (Ctrl/⌘+Shift+V, "paste as plain text").
   */
  paste(view: EditorView, data: DataTransfer, plain: boolean): boolean;
  /**
   * Drops `data`, dragged from outside this editor, at `pos` (`null`: the drop point has no
   * position in the text); returns whether it was taken.
   */
  drop(view: EditorView, data: DataTransfer, pos: number | null): boolean;
}

/** Copy or cut through the event's data; the cut then deletes the selection. */
function write(view: EditorView, event: ClipboardEvent, options: ClipboardOptions): boolean {
  const data = event.clipboardData;
  const selection = view.state.selection;
  const cut = event.type === "cut";
  // Without clipboardData (very old engines) ProseMirror's own fallback takes over; a cut in a
  // read-only editor is left to the browser, which does nothing with it.
  if (!data || selection.empty || (cut && !view.editable)) return false;
  event.preventDefault(); // the data set here is what the clipboard gets
  options.copy(view, data, selection.content());
  if (cut) view.dispatch(view.state.tr.deleteSelection().scrollIntoView().setMeta("uiEvent", "cut"));
  return true;
}

/**
 * A drop from outside the editor goes to the element. ProseMirror's own drop handler parses the
 * dragged HTML with the schema's rules (before `handleDrop` could refuse it), so a chip span from
 * another page would become a chip with no record behind it; and a drop that is not prevented
 * lets the browser insert the HTML into the editable itself. A selection dragged inside this
 * editor (`view.dragging`, set by this view's `dragstart`) is left to ProseMirror, which moves
 * its slice, chips and all, without parsing anything.
 */
function drop(view: EditorView, event: DragEvent, options: ClipboardOptions): boolean {
  if (view.dragging || !view.editable || !event.dataTransfer) return false;
  event.preventDefault();
  const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
  if (options.drop(view, event.dataTransfer, at ? at.pos : null)) view.focus();
  return true;
}

/**
 * Writes the copy of what is being dragged over ProseMirror's own drag data (its HTML, which only
 * another ProseMirror would read back, and plain text without the links). Listened to on the
 * editable after ProseMirror's own `dragstart` listener, which picks the slice (`view.dragging`)
 * and would clear data written before it. A move inside this editor still uses `view.dragging`.
 */
function dragStartWriter(view: EditorView, options: ClipboardOptions): { destroy(): void } {
  const write = (event: DragEvent) => {
    if (view.dragging && event.dataTransfer) options.copy(view, event.dataTransfer, view.dragging.slice);
  };
  view.dom.addEventListener("dragstart", write);
  return { destroy: () => view.dom.removeEventListener("dragstart", write) };
}

/** Input types with which the browser would insert clipboard or dragged content itself. */
const DATA_INPUT_TYPES = new Set(["insertFromPaste", "insertFromPasteAsQuotation", "insertFromDrop"]);

/**
 * A paste or drop the browser is about to insert on its own (a paste or drop event nobody took)
 * goes to the paste importer instead, so that its HTML is never put into the editable and read
 * back. A spelling replacement (`insertReplacementText`) is left alone: it targets a word, not
 * the selection, and carries plain text.
 */
function insertFromData(view: EditorView, event: InputEvent, options: ClipboardOptions): boolean {
  const data = event.dataTransfer;
  if (!data || !DATA_INPUT_TYPES.has(event.inputType) || !view.editable) return false;
  event.preventDefault();
  options.paste(view, data, false);
  return true;
}

/** The plugin; it handles DOM events, so its place among the plugins does not matter. */
export function clipboardPlugin(options: ClipboardOptions): Plugin {
  // Whether Shift is down, as the last key event said: a paste event does not say it itself.
  let shift = false;
  return new Plugin({
    view: (view) => dragStartWriter(view, options),
    props: {
      handleDOMEvents: {
        keydown(_view, event) {
          shift = event.shiftKey;
          return false;
        },
        keyup(_view, event) {
          if (event.key === "Shift") shift = false;
          return false;
        },
        copy: (view, event) => write(view, event, options),
        cut: (view, event) => write(view, event, options),
        // Taken during a composition too: ProseMirror leaves such a paste to the browser, except
        // on Android, where it parses the HTML itself (issue 14). Either way it would skip the
        // paste importer.
        paste(view, event) {
          if (!view.editable || !event.clipboardData) return false;
          const taken = options.paste(view, event.clipboardData, shift);
          if (taken) event.preventDefault();
          return taken;
        },
        beforeinput: (view, event) => insertFromData(view, event, options),
        drop: (view, event) => drop(view, event, options),
      },
    },
  });
}
