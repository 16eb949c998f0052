// Styles that come with a chunk (docs/performance.md, "What the drop-ins load later"): a part that
// only a chunk draws brings its own styles, which join the element's shadow root when the element
// first uses the chunk, after the styles the element adopted itself (lit's `adoptStyles` would
// replace those). Where constructed sheets cannot be adopted, they go in as `<style>`s in `node`,
// as lit itself falls back.
import type { CSSResult } from "lit";

/** The styles already added to each shadow root (or node, without constructed sheets). */
const added = new WeakMap<Node, Set<CSSResult>>();

/** Adds each of `styles` not yet there to the shadow root `node` is in. */
export function adoptInto(node: Node | null, styles: readonly CSSResult[]): void {
  if (!node) return;
  const root = node.getRootNode();
  const done = added.get(root) ?? new Set<CSSResult>();
  added.set(root, done);
  const fresh = styles.filter((style) => !done.has(style));
  if (fresh.length === 0) return;
  for (const style of fresh) done.add(style);
  const sheets = fresh.map((style) => style.styleSheet);
  if (root instanceof ShadowRoot && sheets.every((sheet) => sheet !== undefined)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
    return;
  }
  for (const style of fresh) node.appendChild(document.createElement("style")).textContent = style.cssText;
}
