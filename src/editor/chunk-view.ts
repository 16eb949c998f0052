// How chunks of lines (chunks.ts) are drawn. A chunk far from the caret and from the scroller's
// viewport is drawn lazily: its `<div>` holds the chunk's text (chips as their labels) in one text
// node, and ProseMirror builds its lines only when it comes near. Hydrating a 1 MB draft then
// builds ~5 of ~180 chunks: its 11,690 lines and 2,000 chips were most of the time a `value`
// set took, and the browser skips off-screen chunks anyway (`content-visibility`).
//
// The text stays in the lazy `<div>`s so that find-in-page, assistive technology and a
// selection of everything still see every line. A lazy chunk is a ProseMirror node view without
// `contentDOM`: ProseMirror can neither read nor put a selection inside one, so the chunks that
// hold the ends of the selection, and those around them (near-caret.ts keeps them out of
// `content-visibility`, the caret moves through them), are always built. Which chunks are built
// is plugin state, as node decorations on those chunks (few: the set is mapped on every
// keystroke): giving a chunk the mark is the way to make ProseMirror build it again, now with
// its lines. A chunk that loses its mark (split or joined) goes lazy until it is needed again.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { Plugin, PluginKey, type EditorState, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView, type NodeView, type NodeViewConstructor, type ViewMutationRecord } from "prosemirror-view";
import { NEAR_CARET_CHUNKS } from "./near-caret.js";
import { CHUNK_CLASS, chipAttrs, composerSchema, isChip } from "./schema.js";

/** Chunks at the top of a draft that are always built: what shows first after a `value` set. */
export const TOP_CHUNKS = 1;
/** How far beyond the scroller's edges a lazy chunk is built: one more scrollerful each way. */
const NEAR_VIEWPORT_MARGIN = "100% 0px";

/** The decoration spec that marks a built chunk; a chunk without it is lazy. */
const BUILT_SPEC = { t3Built: true };
const builtKey = new PluginKey<DecorationSet>("t3-built-chunks");

/** The text a lazy chunk shows: its lines, chips as the labels they show. */
function chunkText(chunk: ProseMirrorNode): string {
  const lines: string[] = [];
  chunk.forEach((line) => {
    let text = "";
    line.forEach((inline) => (text += inline.isText ? inline.text! : isChip(inline) ? chipAttrs(inline).label : ""));
    lines.push(text);
  });
  return lines.join("\n");
}

/** The indexes of the chunks that must be built in `state`: the top ones and those near the selection's ends. */
function mustBuild(state: EditorState): Set<number> {
  const { doc, selection } = state;
  const built = new Set<number>();
  for (let i = 0; i < Math.min(TOP_CHUNKS, doc.childCount); i++) built.add(i);
  for (const $pos of [selection.$from, selection.$to]) {
    // At depth 0 (a selection of everything) the index past the last chunk means the last one.
    const index = Math.min($pos.index(0), doc.childCount - 1);
    for (let i = Math.max(0, index - NEAR_CARET_CHUNKS); i <= Math.min(doc.childCount - 1, index + NEAR_CARET_CHUNKS); i++) built.add(i);
  }
  return built;
}

/** `set` with a built mark on the chunks of `doc` at `indexes` and at `positions` that lack one. */
function markBuilt(set: DecorationSet, doc: ProseMirrorNode, indexes: ReadonlySet<number>, positions: readonly number[] = []): DecorationSet {
  const added: Decoration[] = [];
  doc.forEach((chunk, offset, index) => {
    if (!indexes.has(index) && !positions.includes(offset)) return;
    if (set.find(offset, offset + chunk.nodeSize, (spec) => spec === BUILT_SPEC).some((deco) => deco.from === offset)) return;
    added.push(Decoration.node(offset, offset + chunk.nodeSize, {}, BUILT_SPEC));
  });
  return added.length > 0 ? set.add(doc, added) : set;
}

function applyBuilt(tr: Transaction, set: DecorationSet, state: EditorState): DecorationSet {
  let next = tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
  const asked = tr.getMeta(builtKey) as number[] | undefined;
  // Chunks whose mark was lost (a split, a join) or new ones are built if the selection needs them.
  if (asked || tr.docChanged || tr.selectionSet) next = markBuilt(next, state.doc, mustBuild(state), asked);
  return next;
}

/**
 * The plugin that keeps which chunks are built; use it with `chunkNodeView`. A state without it
 * builds every chunk.
 */
export function lazyChunkPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: builtKey,
    state: {
      init: (_config, state) => markBuilt(DecorationSet.empty, state.doc, mustBuild(state)),
      apply: (tr, set, _old, state) => applyBuilt(tr, set, state),
    },
    props: { decorations: (state) => builtKey.getState(state) },
  });
}

/** Watches a view's lazy chunks and builds those that come near the scroller's viewport. */
class NearViewport {
  readonly #positions = new Map<Element, () => number | undefined>();
  readonly #observer: IntersectionObserver;

  constructor(view: EditorView) {
    this.#observer = new IntersectionObserver(
      (entries) => {
        const asked: number[] = [];
        for (const entry of entries) {
          const pos = entry.isIntersecting ? this.#positions.get(entry.target)?.() : undefined;
          if (pos !== undefined) asked.push(pos);
        }
        if (asked.length > 0 && !view.isDestroyed) view.dispatch(view.state.tr.setMeta(builtKey, asked).setMeta("addToHistory", false));
      },
      { root: view.dom, rootMargin: NEAR_VIEWPORT_MARGIN },
    );
  }

  observe(dom: Element, getPos: () => number | undefined): void {
    this.#positions.set(dom, getPos);
    this.#observer.observe(dom);
  }

  unobserve(dom: Element): void {
    this.#positions.delete(dom);
    this.#observer.unobserve(dom);
  }
}

// One watcher per view, made by its first lazy chunk. Each lazy chunk stops being watched when
// ProseMirror destroys it (built, removed, or the view destroyed), so an unused watcher watches
// nothing and goes with its view. Not owned by a plugin view: ProseMirror destroys plugin views
// when a new state comes in (a `value` set) after it built that state's chunks.
const watchers = new WeakMap<EditorView, NearViewport>();

function watcherOf(view: EditorView): NearViewport {
  let watcher = watchers.get(view);
  if (!watcher) watchers.set(view, (watcher = new NearViewport(view)));
  return watcher;
}

/** Whether a chunk is drawn lazily: the plugin is there and has not marked it built. */
const isLazy = (view: EditorView, decorations: readonly Decoration[]) =>
  builtKey.getState(view.state) !== undefined && !decorations.some((deco) => deco.spec === BUILT_SPEC);

/** A chunk's `<div>`: its lines, or its text while it is lazy. Its `class` is near-caret.ts's. */
class ChunkView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement | null = null;
  readonly #watcher: NearViewport | undefined;
  readonly #view: EditorView;
  #node: ProseMirrorNode;

  constructor(node: ProseMirrorNode, view: EditorView, getPos: () => number | undefined, decorations: readonly Decoration[]) {
    this.#node = node;
    this.#view = view;
    this.dom = document.createElement("div");
    this.dom.className = CHUNK_CLASS;
    if (isLazy(view, decorations)) {
      this.dom.textContent = chunkText(node);
      this.#watcher = watcherOf(view);
      this.#watcher.observe(this.dom, getPos);
    } else {
      this.contentDOM = this.dom;
    }
  }

  update(node: ProseMirrorNode, decorations: readonly Decoration[]): boolean {
    if (node.type !== composerSchema.nodes.chunk || isLazy(this.#view, decorations) !== !this.contentDOM) return false;
    if (!this.contentDOM && node !== this.#node) this.dom.textContent = chunkText(node);
    this.#node = node;
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    if (mutation.type === "attributes" && mutation.attributeName === "class") return true;
    // A lazy chunk's text is ours; a selection in it is read (it ends up beside the chunk).
    return !this.contentDOM && mutation.type !== "selection";
  }

  destroy(): void {
    this.#watcher?.unobserve(this.dom);
  }
}

/** The node view constructor for chunks. */
export const chunkNodeView: NodeViewConstructor = (node, view, getPos, decorations) => new ChunkView(node, view, getPos, decorations);
