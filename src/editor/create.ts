// Builds the composer's editor state and view. The element supplies the behaviour (what Enter,
// a drop or a clicked chip does); this module wires it into ProseMirror.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { history } from "prosemirror-history";
import { EditorState, Selection, type Plugin, type Transaction } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { caretScrollPlugin } from "./caret-scroll.js";
import { chipNodeView, type ChipPainter } from "./chip-view.js";
import { clipboardPlugin, type ClipboardOptions } from "./clipboard.js";
import { composerKeymap, type KeymapOptions } from "./keymap.js";
import { lineKeysPlugin } from "./line-keys.js";
import { lineGroupPlugin } from "./line-groups.js";
import { lineGroupNodeView, lazyLineGroupPlugin } from "./line-group-view.js";
import { nearCaretPlugin } from "./near-caret.js";
import { pastedNodeView, type PastedPainter } from "./pasted-view.js";
import { placeholderPlugin } from "./placeholder.js";
import { isChip } from "./schema.js";
import { textOfSlice } from "./text.js";
import { triggerPlugin } from "./trigger.js";
import { typingPlugin } from "./typing.js";

export interface EditorPluginOptions extends KeymapOptions, ClipboardOptions {
  placeholder(): string;
}

/**
 * The plugins of a composer state, keys first so they see events before anything else. The undo
 * history (prosemirror-history) and the suggestion trigger (trigger.ts) are fixed here, so every
 * state of the draft has them from its creation.
 */
export function composerPlugins(options: EditorPluginOptions): Plugin[] {
  return [
    composerKeymap(options),
    lineKeysPlugin(),
    typingPlugin(),
    placeholderPlugin(options.placeholder),
    clipboardPlugin(options),
    lineGroupPlugin(),
    nearCaretPlugin(),
    lazyLineGroupPlugin(),
    caretScrollPlugin(),
    triggerPlugin(),
    history(),
  ];
}

/** A fresh state for `doc`, caret at the end (an empty undo history, when `plugins` has one). */
export function createComposerState(doc: ProseMirrorNode, plugins: readonly Plugin[]): EditorState {
  return EditorState.create({ doc, plugins, selection: Selection.atEnd(doc) });
}

export interface EditorViewOptions {
  /** The element that becomes the editable. */
  mount: HTMLElement;
  state: EditorState;
  painter: ChipPainter;
  /** Draws pasted blocks' cards. */
  pastedPainter: PastedPainter;
  dispatch(tr: Transaction): void;
  editable(): boolean;
  /** A click on the chip at `pos`. */
  clickChip(view: EditorView, pos: number, event: MouseEvent): void;
}

/**
 * The view: chips through `painter`. Copy, cut, paste and drops from outside go through the
 * clipboard plugin; the text serializer below writes the plain text of a selection dragged out
 * of the editor.
 */
export function createComposerView(options: EditorViewOptions): EditorView {
  return new EditorView(
    { mount: options.mount },
    {
      state: options.state,
      dispatchTransaction: options.dispatch,
      editable: options.editable,
      nodeViews: { chip: chipNodeView(options.painter), lineGroup: lineGroupNodeView, pasted: pastedNodeView(options.pastedPainter) },
      // A multi-line text box with a list of suggestions (docs/accessibility.md): ARIA's combobox
      // is single-line only, and a textbox takes `aria-autocomplete`, `aria-controls` and
      // `aria-activedescendant`, which is all the suggestion list needs.
      attributes: { role: "textbox", "aria-multiline": "true", "aria-autocomplete": "list", spellcheck: "true" },
      clipboardTextSerializer: (slice) => textOfSlice(slice),
      handleClickOn(view, _pos, node, nodePos, event, direct) {
        if (!direct || !isChip(node)) return false;
        options.clickChip(view, nodePos, event);
        return false; // ProseMirror still selects the chip
      },
    },
  );
}
