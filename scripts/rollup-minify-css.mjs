// A rollup plugin for the minified bundles: lit `css` templates are minified with esbuild's CSS
// minifier (esbuild already builds the TypeScript), since terser leaves template text as it is.
// Only templates without interpolations or escapes are touched (all of ours): their text is
// exactly the stylesheet.
import { transform } from "esbuild";

/** `css` as a tag (not `….css` in a comment), then a template without `${`, `\` or a backtick. */
const CSS_TEMPLATE = /(?<![\w.$])css`([^`\\$]*)`/g;

export function minifyCss() {
  return {
    name: "t3-minify-css",
    async transform(code, id) {
      // Only our own modules: a dependency may hold "css`" in a string (highlight.js's JavaScript
      // grammar matches css`…` templates).
      if (!/\.[cm]?[jt]s$/.test(id) || id.includes("/node_modules/") || !code.includes("css`")) return null;
      let out = "";
      let last = 0;
      for (const match of code.matchAll(CSS_TEMPLATE)) {
        const { code: minified } = await transform(match[1], { loader: "css", minify: true, logLevel: "error" });
        out += `${code.slice(last, match.index)}css\`${minified.trim()}\``;
        last = match.index + match[0].length;
      }
      // Only the stylesheets' own lines changed: the rest of the module keeps its mappings.
      return last === 0 ? null : { code: out + code.slice(last), map: null };
    },
  };
}
