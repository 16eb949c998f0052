// Guarded registration (docs/architecture.md, "Conventions"): defining the same class twice does nothing; a
// different class already under our tag warns once and is left in place.

const warned = new Set<string>();

/**
 * Defines `tag` as `constructor` unless it is defined already, and does nothing without a DOM: in
 * Node (a server render, a test runner) lit's Node build puts a stand-in registry on `globalThis`,
 * and an element defined there would only be found by code that expects a page (docs/ssr.md).
 */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  if (typeof document === "undefined" || typeof customElements === "undefined") return;
  const existing = customElements.get(tag);
  if (!existing) {
    customElements.define(tag, constructor);
  } else if (existing !== constructor && !warned.has(tag)) {
    warned.add(tag);
    console.warn(`t3-composer: <${tag}> is already defined by another class; keeping that one.`);
  }
}
