// How line groups (line-groups.ts) are drawn. A line group far from the caret and from the scroller's
// viewport is drawn lazily: its `<div>` holds the line group's text (chips as their labels) in one text
// node, and ProseMirror builds its lines only when it comes near. Hydrating a 1 MB draft then
// builds ~5 of ~180 line groups: its 11,690 lines and 2,000 chips were most of the time a `value`
// set took, and the browser skips off-screen line groups anyway (`content-visibility`).
//
// The text stays in the lazy `<div>`s so that find-in-page, assistive technology and a
// selection of everything still see every line. A lazy line group is a ProseMirror node view without
// `contentDOM`: ProseMirror can neither read nor put a selection inside one, so the line groups that
// hold the ends of the selection, and those around them (near-caret.ts keeps them out of
// `content-visibility`, the caret moves through them), are always built. Which line groups are built
// is plugin state, as node decorations on those line groups (few: the set is mapped on every
// keystroke): giving a line group the mark is the way to make ProseMirror build it again, now with
// its lines. A line group that loses its mark (split or joined) goes lazy until it is needed again.
import type { Node as ProseMirrorNode } from "prosemirror-model";
import { Plugin, PluginKey, type EditorState, type Transaction } from "prosemirror-state";
import { Decoration, DecorationSet, type EditorView, type NodeView, type NodeViewConstructor, type ViewMutationRecord } from "prosemirror-view";
import { NEAR_CARET_GROUPS } from "./near-caret.js";
import { LINE_GROUP_CLASS, chipAttrs, composerSchema, isChip } from "./schema.js";

/** Line groups at the top of a draft that are always built: what shows first after a `value` set. */
export const TOP_GROUPS = 1;
/** How far beyond the scroller's edges a lazy line group is built: one more scrollerful each way. */
const NEAR_VIEWPORT_MARGIN = "100% 0px";

/** The decoration spec that marks a built line group; a line group without it is lazy. */
const BUILT_SPEC = { t3Built: true };
const builtKey = new PluginKey<DecorationSet>("t3-built-line-groups");

/** The text a lazy line group shows: its lines, chips as the labels they show. */
function groupText(group: ProseMirrorNode): string {
  const lines: string[] = [];
  group.forEach((line) => {
    let text = "";
    line.forEach((inline) => (text += inline.isText ? inline.text! : isChip(inline) ? chipAttrs(inline).label : ""));
    lines.push(text);
  });
  return lines.join("\n");
}

/** The indexes of the line groups that must be built in `state`: the top ones and those near the selection's ends. */
function mustBuild(state: EditorState): Set<number> {
  const { doc, selection } = state;
  const built = new Set<number>();
  for (let i = 0; i < Math.min(TOP_GROUPS, doc.childCount); i++) built.add(i);
  for (const $pos of [selection.$from, selection.$to]) {
    // At depth 0 (a selection of everything) the index past the last line group means the last one.
    const index = Math.min($pos.index(0), doc.childCount - 1);
    for (let i = Math.max(0, index - NEAR_CARET_GROUPS); i <= Math.min(doc.childCount - 1, index + NEAR_CARET_GROUPS); i++) built.add(i);
  }
  return built;
}

/** `set` with a built mark on the line groups of `doc` at `indexes` and at `positions` that lack one. */
function markBuilt(set: DecorationSet, doc: ProseMirrorNode, indexes: ReadonlySet<number>, positions: readonly number[] = []): DecorationSet {
  const added: Decoration[] = [];
  doc.forEach((group, offset, index) => {
    if (!indexes.has(index) && !positions.includes(offset)) return;
    if (set.find(offset, offset + group.nodeSize, (spec) => spec === BUILT_SPEC).some((deco) => deco.from === offset)) return;
    added.push(Decoration.node(offset, offset + group.nodeSize, {}, BUILT_SPEC));
  });
  return added.length > 0 ? set.add(doc, added) : set;
}

function applyBuilt(tr: Transaction, set: DecorationSet, state: EditorState): DecorationSet {
  let next = tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
  const asked = tr.getMeta(builtKey) as number[] | undefined;
  // Line groups whose mark was lost (a split, a join) or new ones are built if the selection needs them.
  if (asked || tr.docChanged || tr.selectionSet) next = markBuilt(next, state.doc, mustBuild(state), asked);
  return next;
}

/**
 * The plugin that keeps which line groups are built; use it with `lineGroupNodeView`. A state without it
 * builds every line group.
 */
export function lazyLineGroupPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: builtKey,
    state: {
      init: (_config, state) => markBuilt(DecorationSet.empty, state.doc, mustBuild(state)),
      apply: (tr, set, _old, state) => applyBuilt(tr, set, state),
    },
    props: { decorations: (state) => builtKey.getState(state) },
  });
}

/** Watches a view's lazy line groups and builds those that come near the scroller's viewport. */
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

// One watcher per view, made by its first lazy line group. Each lazy line group stops being watched when
// ProseMirror destroys it (built, removed, or the view destroyed), so an unused watcher watches
// nothing and goes with its view. Not owned by a plugin view: ProseMirror destroys plugin views
// when a new state comes in (a `value` set) after it built that state's line groups.
const watchers = new WeakMap<EditorView, NearViewport>();

function watcherOf(view: EditorView): NearViewport {
  let watcher = watchers.get(view);
  if (!watcher) watchers.set(view, (watcher = new NearViewport(view)));
  return watcher;
}

/** Whether a line group is drawn lazily: the plugin is there and has not marked it built. */
const isLazy = (view: EditorView, decorations: readonly Decoration[]) =>
  builtKey.getState(view.state) !== undefined && !decorations.some((deco) => deco.spec === BUILT_SPEC);

/** A line group's `<div>`: its lines, or its text while it is lazy. Its `class` is near-caret.ts's. */
class LineGroupView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement | null = null;
  readonly #watcher: NearViewport | undefined;
  readonly #view: EditorView;
  #node: ProseMirrorNode;

  constructor(node: ProseMirrorNode, view: EditorView, getPos: () => number | undefined, decorations: readonly Decoration[]) {
    this.#node = node;
    this.#view = view;
    this.dom = document.createElement("div");
    this.dom.className = LINE_GROUP_CLASS;
    if (isLazy(view, decorations)) {
      this.dom.textContent = groupText(node);
      this.#watcher = watcherOf(view);
      this.#watcher.observe(this.dom, getPos);
    } else {
      this.contentDOM = this.dom;
    }
  }

  update(node: ProseMirrorNode, decorations: readonly Decoration[]): boolean {
    if (node.type !== composerSchema.nodes.lineGroup || isLazy(this.#view, decorations) !== !this.contentDOM) return false;
    if (!this.contentDOM && node !== this.#node) this.dom.textContent = groupText(node);
    this.#node = node;
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    if (mutation.type === "attributes" && mutation.attributeName === "class") return true;
    // A lazy line group's text is ours; a selection in it is read (it ends up beside the line group).
    return !this.contentDOM && mutation.type !== "selection";
  }

  destroy(): void {
    this.#watcher?.unobserve(this.dom);
  }
}

/** The node view constructor for line groups. */
export const lineGroupNodeView: NodeViewConstructor = (node, view, getPos, decorations) => new LineGroupView(node, view, getPos, decorations);
