// An input method's composition, driven the same way in every engine: what the browser does for
// an IME, done by the test itself, as prosemirror-view's own composition tests do
// (test/webtest-composition.ts there). `compositionstart`, then the composed text edited into
// the DOM at the caret with `compositionupdate` and an `input` of `insertCompositionText`, then
// `compositionend`; ProseMirror reads the DOM edits through its MutationObserver, as it reads an
// IME's. No engine's driver can type through a real IME (only Chromium's DevTools protocol has
// `Input.imeSetComposition`), so this is the one way the three engines share.

/** The composition in progress: its text node, where its text starts, and how long it is. */
interface Composition {
  readonly target: Element;
  readonly node: Text;
  readonly start: number;
  length: number;
}

let current: Composition | undefined;

/** The focused element, through open shadow roots and same-origin frames, with its document. */
function focused(): { element: Element; doc: Document; root: Document | ShadowRoot } {
  let doc = document;
  let root: Document | ShadowRoot = document;
  let element = document.activeElement;
  for (;;) {
    if (element instanceof HTMLIFrameElement && element.contentDocument) {
      doc = element.contentDocument;
      root = doc;
      element = doc.activeElement;
    } else if (element?.shadowRoot?.activeElement) {
      root = element.shadowRoot;
      element = root.activeElement;
    } else break;
  }
  if (!element) throw new Error("composition: nothing has focus");
  return { element, doc, root };
}

type ComposedSelection = Selection & { getComposedRanges?: (...args: unknown[]) => StaticRange[] };

/**
 * The caret, inside the shadow root `root` when it is one. `getComposedRanges` answers the range
 * inside the shadow tree in every engine that has it (WebKit retargets the document's selection
 * to the host, and its `ShadowRoot.getSelection` answers the retargeted one too); without it,
 * Chromium's `ShadowRoot.getSelection`, or the document's selection, which Firefox lets reach
 * into shadow trees.
 */
export function caret(doc: Document, root: Document | ShadowRoot): { node: Node; offset: number } {
  const selection = doc.getSelection() as ComposedSelection | null;
  if (!selection) throw new Error("composition: no selection");
  if (root !== doc && selection.getComposedRanges) {
    let ranges: StaticRange[];
    try {
      ranges = selection.getComposedRanges({ shadowRoots: [root] });
    } catch {
      // The first form Safari shipped takes the shadow roots as arguments.
      ranges = selection.getComposedRanges(root);
    }
    const [range] = ranges;
    if (range) return { node: range.endContainer, offset: range.endOffset };
  }
  const own = (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.();
  if (own && own.rangeCount > 0) return { node: own.focusNode!, offset: own.focusOffset };
  if (selection.rangeCount === 0) throw new Error("composition: no caret");
  return { node: selection.focusNode!, offset: selection.focusOffset };
}

/**
 * The caret moved out of a `contenteditable=false` element (a chip), as the browser's editing
 * does before it inserts: Firefox reports a caret right after a chip at the end of the chip's
 * label, where nothing can be typed. After the chip when the caret is at its end, else before.
 */
function outsideAtoms(at: { node: Node; offset: number }): { node: Node; offset: number } {
  const element = at.node instanceof Element ? at.node : at.node.parentElement;
  const atom = element?.closest('[contenteditable="false"]');
  if (!atom?.parentNode) return at;
  const tail = textAfter(at.node, at.offset, atom);
  const index = Array.prototype.indexOf.call(atom.parentNode.childNodes, atom) as number;
  return { node: atom.parentNode, offset: tail === "" ? index + 1 : index };
}

/** The text of `atom` after (`node`, `offset`). */
function textAfter(node: Node, offset: number, atom: Element): string {
  const range = atom.ownerDocument.createRange();
  range.setStart(node, offset);
  range.setEndAfter(atom.lastChild ?? atom);
  return range.toString();
}

/** A text node at the caret to compose into: the caret's own, or a new one put there. */
function textAtCaret(doc: Document, root: Document | ShadowRoot): { node: Text; offset: number } {
  const at = outsideAtoms(caret(doc, root));
  if (at.node.nodeType === Node.TEXT_NODE) return { node: at.node as Text, offset: at.offset };
  const node = doc.createTextNode("");
  at.node.insertBefore(node, at.node.childNodes[at.offset] ?? null);
  return { node, offset: 0 };
}

function fire(composition: Composition, type: "compositionstart" | "compositionupdate" | "compositionend", data: string): void {
  const view = composition.target.ownerDocument.defaultView!;
  composition.target.dispatchEvent(new view.CompositionEvent(type, { data, bubbles: true, cancelable: type === "compositionstart", composed: true }));
}

/** Puts `text` in place of the composition's text and the caret after it, as the IME does. */
function edit(composition: Composition, text: string): void {
  const { node, start } = composition;
  node.replaceData(start, composition.length, text);
  composition.length = text.length;
  node.ownerDocument.getSelection()!.collapse(node, start + text.length);
  const view = node.ownerDocument.defaultView!;
  fire(composition, "compositionupdate", text);
  composition.target.dispatchEvent(new view.InputEvent("input", { data: text, inputType: "insertCompositionText", isComposing: true, bubbles: true, composed: true }));
}

/** Two animation frames: ProseMirror has read the DOM edits (MutationObserver) and rendered. */
function settled(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** Starts a composition at the focused editable's caret, or updates the one in progress, to `text`. */
export async function compose(text: string): Promise<void> {
  if (!current) {
    const { element, doc, root } = focused();
    // The start event goes out before the DOM changes, as a browser sends it.
    fire({ target: element } as Composition, "compositionstart", "");
    const { node, offset } = textAtCaret(doc, root);
    current = { target: element, node, start: offset, length: 0 };
  }
  edit(current, text);
  await settled();
}

/** Commits the composition with `text` (starting one first when none is in progress). */
export async function commit(text: string): Promise<void> {
  if (!current) await compose(text);
  const composition = current!;
  edit(composition, text);
  current = undefined;
  fire(composition, "compositionend", text);
  await settled();
}

/**
 * A key pressed while an input method composes, as the page sees it: `keydown` and `keyup` with
 * `keyCode` 229 and `isComposing` (the IME takes the key; the editable's default action never runs).
 */
export async function composingKey(key: string, { isComposing = true }: { isComposing?: boolean } = {}): Promise<void> {
  const { element } = focused();
  const view = element.ownerDocument.defaultView!;
  for (const type of ["keydown", "keyup"]) {
    element.dispatchEvent(new view.KeyboardEvent(type, { key, code: key, keyCode: 229, isComposing, bubbles: true, cancelable: true, composed: true }));
  }
  await settled();
}
