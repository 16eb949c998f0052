// A rollup plugin for the drop-in: marked's Lexer without the rest of marked.
//
// marked ships one prebuilt module whose last statements build the `marked` singleton
// (`new Marked()`, then properties assigned to the `marked` function). A bundler must keep them,
// as they might have effects, and with them the Parser, the Renderer and the Marked class that
// only they reference. The elements use the Lexer alone (transcript/markdown/lexer.ts draws DOM
// from tokens), so the drop-in leaves that block out: about 3 KB gzip. The exports it defines
// go with it; anything that imports one of them fails the build, as does a marked whose module
// no longer has this shape.
//
// marked also builds, at import, the rule sets of its `pedantic` mode (the original markdown.pl's
// grammar): a block and an inline set of regular expressions that only `pedantic: true` selects.
// The lexer's options never set it (transcript/markdown/lexer.ts), so the drop-in leaves those two
// sets out too, with the expressions only they use: their declarations are cut from the module
// (they are calls, which a minifier must keep), and the `pedantic` entries of the rule tables go.
// A declaration is cut only once nothing else names it, and only if cutting the sets left it
// unnamed, so nothing marked uses otherwise is touched.
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
      const lexerOnly = `${before}export{${kept.join(",")}};`;
      return { code: dropPedanticRules(lexerOnly, (source) => this.parse(source), (message) => this.error(message)), map: null };
    },
  };
}

/** Every node of an ESTree `node`, depth first, each with its parent. */
function* walk(node, parent = null) {
  if (!node || typeof node.type !== "string") return;
  yield [node, parent];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* walk(child, node);
    else if (value && typeof value === "object") yield* walk(value, node);
  }
}

/** The module's top-level `var`/`let`/`const` declarators by name, and how often each name is read. */
function survey(ast) {
  const declarators = new Map();
  for (const statement of ast.body) {
    if (statement.type !== "VariableDeclaration") continue;
    for (const [index, declarator] of statement.declarations.entries()) {
      if (declarator.id.type === "Identifier") declarators.set(declarator.id.name, { declarator, statement, index });
    }
  }
  // Any identifier counts as a use (a property key, a shadowing local): over-counting keeps code.
  const uses = new Map();
  for (const [node, parent] of walk(ast)) {
    if (node.type !== "Identifier" || (parent?.type === "VariableDeclarator" && parent.id === node)) continue;
    uses.set(node.name, (uses.get(node.name) ?? 0) + 1);
  }
  return { declarators, uses };
}

/** `code` without the text of each [start, end) range, ranges sorted and apart. */
function cut(code, ranges) {
  let out = "";
  let cursor = 0;
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    out += code.slice(cursor, start);
    cursor = end;
  }
  return out + code.slice(cursor);
}

/** The text a declarator takes in its list, with the comma that joins it to a neighbour. */
function declaratorRange({ declarator, statement, index }) {
  const list = statement.declarations;
  if (list.length === 1) return [statement.start, statement.end];
  return index > 0 ? [list[index - 1].end, declarator.end] : [declarator.start, list[1].start];
}

/** `code` without marked's pedantic rule sets (see the file's comment); fails the build on a new shape. */
export function dropPedanticRules(code, parse, fail) {
  const ast = parse(code);
  const entries = [...walk(ast)]
    .map(([node]) => node)
    .filter((node) => node.type === "Property" && !node.computed && node.key.type === "Identifier" && node.key.name === "pedantic" && node.value.type === "Identifier");
  // The block table and the inline table; `pedantic: false` in the defaults is a literal.
  if (entries.length !== 2) fail(`marked's pedantic rule tables are not where scripts/rollup-marked-lexer.mjs expects them (found ${entries.length})`);
  const before = survey(ast);
  const unusedBefore = new Set([...before.declarators.keys()].filter((name) => !before.uses.has(name)));
  // Each entry with the comma before it: `{normal:a,gfm:b,pedantic:c}` becomes `{normal:a,gfm:b}`.
  let next = cut(code, entries.map((entry) => [code.lastIndexOf(",", entry.start), entry.end]));
  for (;;) {
    const { declarators, uses } = survey(parse(next));
    const unnamed = [...declarators].filter(([name]) => !uses.has(name) && !unusedBefore.has(name));
    if (unnamed.length === 0) return next;
    // One per declaration list per round, so that the ranges of neighbours never overlap.
    const seen = new Set();
    const ranges = [];
    for (const [, place] of unnamed) {
      if (seen.has(place.statement)) continue;
      seen.add(place.statement);
      ranges.push(declaratorRange(place));
    }
    next = cut(next, ranges);
  }
}
