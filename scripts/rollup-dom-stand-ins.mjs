// A rollup plugin for the drop-ins: it lets each drop-in be imported in Node 20, where there is no
// DOM, without throwing (docs/ssr.md). The drop-ins bundle lit's browser build, whose base class
// extends the global `HTMLElement` and whose template module reads `document` as it is evaluated;
// in Node both are missing and the import fails with a ReferenceError. lit's own Node build answers
// the same problem in the same two places (its `NODE_MODE` branches: `globalThis.HTMLElement ??
// HTMLElement` from `@lit-labs/ssr-dom-shim`, and a `document` that only makes a tree walker); this
// plugin gives those two modules a local binding that is the global when there is one and a
// stand-in otherwise. Nothing is written to `globalThis`, and other modules keep reading the real
// globals: ProseMirror, for one, asks `typeof document` and must hear "undefined" in Node. In a
// browser each binding is the global itself, so the code runs as before; in Node the element
// classes are built on an empty class and `defineElement` (src/elements/register.ts) defines
// nothing.

/** Per module of lit's browser build (by the end of its path), the globals it reads at evaluation, each with its stand-in. */
const STAND_INS = [
  // `class ReactiveElement extends HTMLElement`.
  { module: /[\\/]@lit[\\/]reactive-element[\\/]reactive-element\.js$/, name: "HTMLElement", standIn: "class {}" },
  // `document.createTreeWalker(document, …)`, once, to make the walker every template reuses.
  { module: /[\\/]lit-html[\\/]lit-html\.js$/, name: "document", standIn: "{ createTreeWalker: () => ({}) }" },
];

export function domStandIns() {
  return {
    name: "t3-dom-stand-ins",
    transform(code, id) {
      const found = STAND_INS.filter(({ module }) => module.test(id));
      if (found.length === 0) return null;
      // On the first line, before lit's licence comment: no line moves, so `map: null` keeps the mappings right.
      const prelude = found.map(({ name, standIn }) => `const ${name} = globalThis.${name} ?? ${standIn}; `).join("");
      return { code: prelude + code, map: null };
    },
  };
}
