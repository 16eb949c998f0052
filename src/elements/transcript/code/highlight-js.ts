// The built-in highlighter (docs/dependencies.md, "highlight.js"): highlight.js's core, and one
// grammar per language, each loaded the first time a fence of that language is highlighted. This
// module is a chunk of its own, loaded with the first fence that comes into view (code-block.ts);
// each grammar is a chunk of its own too. highlight.js's HTML output is never used: an emitter of
// ours collects the runs as data. The modules are those of highlight.js's own ES module build
// (@highlightjs/cdn-assets): the `highlight.js` package's core is CommonJS, which neither the build
// nor the test server reads.
import hljs from "@highlightjs/cdn-assets/es/core.js";
import type { Emitter, LanguageFn } from "highlight.js";
import type { CodeToken, HighlightedCode } from "./types.js";

type GrammarModule = { default: LanguageFn };

/**
 * The grammars, by the name highlight.js registers them under. Those an agent writes most; a
 * language missing here stays plain (a host may plug its own highlighter for more).
 */
const GRAMMARS: Readonly<Record<string, () => Promise<GrammarModule>>> = {
  typescript: () => import("@highlightjs/cdn-assets/es/languages/typescript.min.js"),
  javascript: () => import("@highlightjs/cdn-assets/es/languages/javascript.min.js"),
  python: () => import("@highlightjs/cdn-assets/es/languages/python.min.js"),
  bash: () => import("@highlightjs/cdn-assets/es/languages/bash.min.js"),
  shell: () => import("@highlightjs/cdn-assets/es/languages/shell.min.js"),
  json: () => import("@highlightjs/cdn-assets/es/languages/json.min.js"),
  diff: () => import("@highlightjs/cdn-assets/es/languages/diff.min.js"),
  rust: () => import("@highlightjs/cdn-assets/es/languages/rust.min.js"),
  go: () => import("@highlightjs/cdn-assets/es/languages/go.min.js"),
  css: () => import("@highlightjs/cdn-assets/es/languages/css.min.js"),
  xml: () => import("@highlightjs/cdn-assets/es/languages/xml.min.js"),
  yaml: () => import("@highlightjs/cdn-assets/es/languages/yaml.min.js"),
  sql: () => import("@highlightjs/cdn-assets/es/languages/sql.min.js"),
  java: () => import("@highlightjs/cdn-assets/es/languages/java.min.js"),
  c: () => import("@highlightjs/cdn-assets/es/languages/c.min.js"),
  cpp: () => import("@highlightjs/cdn-assets/es/languages/cpp.min.js"),
  markdown: () => import("@highlightjs/cdn-assets/es/languages/markdown.min.js"),
};

/** Fence names that mean one of the grammars (each grammar's own aliases apply once it is in). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["ts", "typescript"], ["tsx", "typescript"], ["mts", "typescript"], ["cts", "typescript"],
  ["js", "javascript"], ["jsx", "javascript"], ["mjs", "javascript"], ["cjs", "javascript"],
  ["py", "python"], ["sh", "bash"], ["zsh", "bash"], ["console", "shell"], ["shellsession", "shell"],
  ["jsonc", "json"], ["patch", "diff"], ["rs", "rust"], ["golang", "go"], ["html", "xml"], ["svg", "xml"],
  ["yml", "yaml"], ["h", "c"], ["hpp", "cpp"], ["cc", "cpp"], ["c++", "cpp"], ["md", "markdown"],
]);

/** A private instance: a page's own highlight.js (and its configuration) is left alone. */
const engine = hljs.newInstance();
const loading = new Map<string, Promise<boolean>>();

/** The name a fence's language is registered under, or `undefined` when there is no grammar for it. */
export function grammarName(language: string): string | undefined {
  const name = ALIASES.get(language) ?? language;
  return Object.hasOwn(GRAMMARS, name) ? name : undefined;
}

/** Loads the grammar `name` once; resolves `false` when it could not be loaded. */
function loadGrammar(name: string): Promise<boolean> {
  let load = loading.get(name);
  if (!load) {
    load = GRAMMARS[name]!().then(
      (module) => {
        engine.registerLanguage(name, module.default);
        return true;
      },
      (error: unknown) => {
        console.warn(`t3-composer: the ${name} grammar could not be loaded; its code stays plain`, error);
        loading.delete(name);
        return false;
      },
    );
    loading.set(name, load);
  }
  return load;
}

/**
 * Collects the runs as highlight.js reads them: the innermost scope of each run, and the line
 * starts where no scope was open (where highlighting may start again).
 */
class TokenEmitter implements Emitter {
  readonly tokens: CodeToken[] = [];
  readonly restarts: number[] = [];
  #scopes: string[] = [];
  #offset = 0;

  startScope(name: string): void {
    this.#scopes.push(name);
  }
  endScope(): void {
    this.#scopes.pop();
  }
  // A mode's own scope opens and closes through these older names (highlight.js 11 calls both).
  openNode(name: string): void {
    this.startScope(name);
  }
  closeNode(): void {
    this.endScope();
  }
  addText(text: string): void {
    if (text === "") return;
    const scope = this.#scopes.at(-1);
    const last = this.tokens.at(-1);
    if (last && last.scope === scope) last.text += text;
    else this.tokens.push(scope === undefined ? { text } : { text, scope });
    if (this.#scopes.length === 0) {
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) this.restarts.push(this.#offset + at + 1);
    }
    this.#offset += text.length;
  }
  __addSublanguage(emitter: Emitter, language: string): void {
    // An embedded language (CSS in HTML): its runs, scoped by their own grammar.
    for (const token of (emitter as TokenEmitter).tokens) {
      this.#scopes.push(token.scope ?? language);
      this.addText(token.text);
      this.#scopes.pop();
    }
  }
  finalize(): void {}
  toHTML(): string {
    return "";
  }
}

engine.configure({ __emitter: TokenEmitter });

/** The runs of `code` in the registered grammar `name`; `null` when the grammar fails on it. */
function run(code: string, name: string): HighlightedCode | null {
  try {
    const result = engine.highlight(code, { language: name, ignoreIllegals: true });
    const emitter = result._emitter as TokenEmitter;
    return { tokens: emitter.tokens, restarts: emitter.restarts };
  } catch (error) {
    console.warn(`t3-composer: highlighting ${name} failed; the code stays plain`, error);
    return null;
  }
}

/**
 * The runs of `code` in `language`, once its grammar is in; `null` for a language without one.
 * Never throws: a grammar that fails on the code leaves it plain.
 */
export async function highlight(code: string, language: string): Promise<HighlightedCode | null> {
  const name = grammarName(language);
  if (name === undefined || !(await loadGrammar(name))) return null;
  return run(code, name);
}

/**
 * The runs of `code` in `language` at once, as `highlight` gives them, when no grammar needs
 * loading first; `undefined` when one does (`highlight` loads it).
 */
export function highlightNow(code: string, language: string): HighlightedCode | null | undefined {
  const name = grammarName(language);
  if (name === undefined) return null;
  return engine.getLanguage(name) ? run(code, name) : undefined;
}
