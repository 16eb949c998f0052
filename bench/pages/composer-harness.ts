// The in-page side of bench/composer.bench.ts. `?editor=t3` mounts <t3-composer> from
// dist/t3-composer.js; `?editor=tiptap` mounts Tiptap core + StarterKit + Mention (bundled into
// bench/.work/tiptap.js) in a box with the same size and look; `?editor=floor` is ours with the keys
// kept from the editor (below). All expose `window.bench`.
import type { Editor as TiptapEditor } from "@tiptap/core";
import type { BenchDraft } from "../fixtures/draft.js";
import type { T3ComposerElement } from "../../src/elements/composer/t3-composer.js";
import { collectGarbage, forceLayout, nextFrame } from "./frame.js";

/** What the benchmark drives, the same for both editors. */
interface EditorUnderTest {
  /** The contenteditable element. */
  editable: HTMLElement;
  /** Replaces the content; resolves when the editor says it is drawn. */
  load(draft: BenchDraft | null): Promise<void>;
  /** Focuses the editor with the caret at the end of the text. */
  focusEnd(): void;
}

// Module paths are kept in variables so esbuild leaves the imports to the browser: the harness
// measures the files as they are shipped.
// `?drop-in=/bench/.work/….js` measures another build of the drop-in (an A/B of a change).
const DROP_IN = new URLSearchParams(location.search).get("drop-in") ?? "/dist/t3-composer.js";
const TIPTAP = "/bench/.work/tiptap.js";

async function mountOurs(): Promise<EditorUnderTest> {
  await import(DROP_IN);
  const composer = document.createElement("t3-composer") as T3ComposerElement;
  document.body.append(composer);
  await composer.updateComplete;
  const editable = composer.shadowRoot!.querySelector<HTMLElement>("[contenteditable]")!;
  return {
    editable,
    async load(draft) {
      composer.value = draft ? { text: draft.text, context: { version: 1, records: draft.records } } : { text: "" };
      await composer.updateComplete;
    },
    focusEnd: () => composer.focus(),
  };
}

async function mountTiptap(): Promise<EditorUnderTest> {
  const { Editor, StarterKit, Mention } = (await import(TIPTAP)) as typeof import("../peers/tiptap-entry.js");
  const box = document.createElement("div");
  box.className = "peer";
  // `?content-visibility=off`: Tiptap without the off-screen rule of bench/pages/composer.html. In
  // WebKit the rule puts Tiptap's typed text at a line's start (docs/performance.md, "Engines").
  if (new URLSearchParams(location.search).get("content-visibility") === "off") box.classList.add("no-content-visibility");
  document.body.append(box);
  const editor: TiptapEditor = new Editor({ element: box, extensions: [StarterKit, Mention.configure({ HTMLAttributes: { class: "mention" } })] });
  return {
    editable: editor.view.dom,
    async load(draft) {
      editor.commands.setContent(draft ? draft.tiptap : "");
      await Promise.resolve(); // as ours awaits `updateComplete`
    },
    focusEnd: () => void editor.commands.focus("end"),
  };
}

/** A selection that may report ranges inside shadow trees (WebKit, recent Firefox). */
type ComposedSelection = Selection & { getComposedRanges?(options: { shadowRoots: ShadowRoot[] }): StaticRange[] };

/**
 * The caret inside `root`, however the engine exposes it: Chromium's `ShadowRoot.getSelection`;
 * else the composed range (WebKit retargets the document's selection to the host); else the
 * document's selection, which Firefox reports inside the shadow tree.
 */
function caretIn(root: ShadowRoot): { selection: Selection; node: Node | null; offset: number } {
  const own = (root as ShadowRoot & { getSelection?(): Selection | null }).getSelection?.();
  if (own) return { selection: own, node: own.focusNode, offset: own.focusOffset };
  const selection = document.getSelection() as ComposedSelection;
  const range = selection.getComposedRanges?.({ shadowRoots: [root] })[0];
  if (range) return { selection, node: range.endContainer, offset: range.endOffset };
  return { selection, node: selection.focusNode, offset: selection.focusOffset };
}

/**
 * `?editor=floor`: our composer's page and draft, but the keys never reach the editor. A listener
 * ahead of it writes each character into the caret's text node and moves the caret after it:
 * the least a keystroke can cost here (the browser's key events, the layout, the caret move and
 * its sync to the browser's text input state), the floor of the keystroke rows.
 */
function typeWithoutEditor(editable: HTMLElement): void {
  const root = editable.getRootNode() as ShadowRoot;
  addEventListener("keydown", (event) => event.stopImmediatePropagation(), { capture: true });
  addEventListener(
    "keypress",
    (event) => {
      const { selection, node: text, offset } = caretIn(root);
      if (!(text instanceof Text)) return; // the bench drafts end in text: the caret is in it
      event.preventDefault();
      event.stopImmediatePropagation();
      text.insertData(offset, event.key);
      selection.collapse(text, offset + event.key.length);
    },
    { capture: true },
  );
}

const kind = new URLSearchParams(location.search).get("editor");
const editor = await (kind === "tiptap" ? mountTiptap() : mountOurs());

// Keystroke timing: from the key event (a capturing listener on the window runs before either
// editor sees the key) to the end of the microtasks queued while the key was handled. Mutation
// observers are called in the order they were created, so this one runs after ProseMirror's
// DOMObserver has read the change, dispatched it, redrawn and set the selection (with the layout
// that forces). That alone would leave out what an editor queued as a microtask meanwhile (our
// element's lit update, a save at the end of the task): it runs before the browser can paint,
// so it is the keystroke's cost too. Those microtasks were queued before this callback runs, so
// the clock stops in a microtask queued from here, after them, on both sides alike.
let keyAt = 0;
const keystrokes: number[] = [];
addEventListener("keydown", () => (keyAt = performance.now()), { capture: true });
const observer = new MutationObserver(() => {
  if (!keyAt) return;
  const start = keyAt;
  keyAt = 0;
  queueMicrotask(() => keystrokes.push(performance.now() - start));
});
// After the clock's listener, so that the floor's keys are timed as the editors' are.
if (kind === "floor") typeWithoutEditor(editor.editable);
// Observing only while typing: during a hydration it would record a mutation per inserted line.
const observeTyping = () => observer.observe(editor.editable, { subtree: true, childList: true, characterData: true });

const bench = {
  /** Empties the editor, lets the page render, and collects garbage: before `hydrate`. */
  async reset(): Promise<void> {
    observer.disconnect();
    await editor.load(null);
    await nextFrame();
    collectGarbage();
  },
  /**
   * Loads `draft` (after `reset`): ms until the first frame could be painted, i.e. until the
   * editor has drawn and the browser has done the style and layout that frame needs (with
   * `content-visibility: auto` on both editors, only what is on screen is laid out).
   */
  async hydrate(draft: BenchDraft): Promise<number> {
    const start = performance.now();
    await editor.load(draft);
    forceLayout();
    return performance.now() - start;
  },
  /** Loads `draft` and puts the caret at its end, ready for typing. */
  async prepareTyping(draft: BenchDraft): Promise<void> {
    observer.disconnect();
    await editor.load(draft);
    editor.focusEnd();
    await nextFrame();
    collectGarbage();
    keystrokes.length = 0;
    observeTyping();
  },
  /** The keystroke times recorded since `prepareTyping`, in ms. */
  keystrokes: () => [...keystrokes],
  /** The last `length` characters of the editor's text: where the typed keys should be. */
  textTail: (length: number) => (editor.editable.textContent ?? "").slice(-length),
  nextFrame,
};
Object.assign(window, { bench });
document.title = "ready";
