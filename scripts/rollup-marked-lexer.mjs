// A rollup plugin for the drop-in: marked's Lexer without the rest of marked.
//
// marked ships one prebuilt module whose last statements build the `marked` singleton
// (`new Marked()`, then properties assigned to the `marked` function). A bundler must keep them,
// as they might have effects, and with them the Parser, the Renderer and the Marked class that
// only they reference. The elements use the Lexer alone (transcript/markdown/lexer.ts draws DOM
// from tokens), so the drop-in leaves that block out: about 3 KB gzip. The exports it defines
// go with it; anything that imports one of them fails the build, as does a marked whose module
// no longer has this shape.
/** The statement that starts the singleton: `var v=new ne;function x(l,e){return v.parse(l,e)}`. */
const SINGLETON = /\bvar ([\w$]+)=new [\w$]+;function ([\w$]+)\([\w$]+,[\w$]+\)\{return \1\.parse\(/;
const MARKED_MODULE = /[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/;

export function markedLexerOnly() {
  return {
    name: "t3-marked-lexer-only",
    transform(code, id) {
      if (!MARKED_MODULE.test(id)) return null;
      const start = code.search(SINGLETON);
      const exportAt = code.lastIndexOf("export{");
      if (start < 0 || exportAt < start) {
        this.error("marked's module no longer has the shape scripts/rollup-marked-lexer.mjs expects: update the plugin");
      }
      const before = code.slice(0, start);
      const entries = code.slice(exportAt + "export{".length, code.indexOf("}", exportAt)).split(",");
      // Keep the exports whose local binding is declared before the singleton (`var X=`,
      // `,X=` in a list of declarations, `class X`, `function X(`).
      const declared = (local) => new RegExp(`(?:\\bvar |\\blet |\\bconst |,|\\bclass |\\bfunction )${local.replace(/\$/g, "\\$")}(?=[=({ ])`).test(before);
      const kept = entries.filter((entry) => declared(entry.split(" as ")[0]));
      if (!kept.some((entry) => entry.endsWith(" as Lexer"))) this.error("marked's Lexer was not found before the singleton");
      return { code: `${before}export{${kept.join(",")}};`, map: null };
    },
  };
}
