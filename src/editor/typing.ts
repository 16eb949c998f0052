// Typed characters go into the document as transactions. Left to the browser, a key press is
// inserted by Chromium's editing code, which lays the editable out before and after inserting
// (about a millisecond in a short draft; in a long one, every line not skipped by
// content-visibility), and ProseMirror then reads the change back from the DOM. As a transaction
// (what ProseMirror itself does when a character replaces a selected node) the browser does
// neither: ProseMirror writes the text node and places the caret.
//
// Only plain key presses come here: ProseMirror's keypress handler has already left out input
// method compositions, Ctrl and Cmd shortcuts and keys without a character, and flushed the DOM
// selection on keydown, so the state's selection is where the caret is. Input methods,
// dictation, the emoji picker, autocorrect and spellcheck replacements fire no keypress: they
// still go through the browser's `beforeinput`, as before.
import { Plugin } from "prosemirror-state";

/** One character, as `KeyboardEvent.key` gives it (an astral one is two UTF-16 units). */
function typedCharacter(event: KeyboardEvent): string | null {
  const { key } = event;
  const single = key.length === 1 || (key.length === 2 && key.codePointAt(0)! > 0xffff);
  return single && key !== "\r" && key !== "\n" ? key : null;
}

/** The plugin that inserts typed characters itself. */
export function typingPlugin(): Plugin {
  return new Plugin({
    props: {
      handleKeyPress(view, event) {
        const text = typedCharacter(event);
        if (text === null) return false;
        const { from, to } = view.state.selection;
        const insert = () => view.state.tr.insertText(text, from, to).scrollIntoView();
        // As ProseMirror's own input does: `handleTextInput` props (input rules) see it first.
        if (!view.someProp("handleTextInput", (handle) => handle(view, from, to, text, insert))) view.dispatch(insert());
        return true;
      },
    },
  });
}
