// Guarded registration (docs/architecture.md, "Conventions"): defining the same class twice does nothing; a
// different class already under our tag warns once and is left in place.

const warned = new Set<string>();

/** Defines `tag` as `constructor` unless it is defined already. */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (!existing) {
    customElements.define(tag, constructor);
  } else if (existing !== constructor && !warned.has(tag)) {
    warned.add(tag);
    console.warn(`t3-composer: <${tag}> is already defined by another class; keeping that one.`);
  }
}
