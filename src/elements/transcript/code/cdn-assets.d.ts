// Types of highlight.js's ES module build (@highlightjs/cdn-assets), which ships none: they are
// those of the `highlight.js` package of the same version (a development dependency).
declare module "@highlightjs/cdn-assets/es/core.js" {
  const hljs: import("highlight.js").HLJSApi;
  export default hljs;
}
declare module "@highlightjs/cdn-assets/es/languages/*.min.js" {
  const grammar: import("highlight.js").LanguageFn;
  export default grammar;
}
