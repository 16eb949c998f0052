import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import esbuild from "rollup-plugin-esbuild";
import pkg from "./package.json" with { type: "json" };
import { markedLexerOnly } from "./scripts/rollup-marked-lexer.mjs";
import { minifyCss } from "./scripts/rollup-minify-css.mjs";

const dependencies = Object.keys(pkg.dependencies ?? {});
const isDependency = (id) => dependencies.some((name) => id === name || id.startsWith(`${name}/`));

const ts = () => esbuild({ target: "es2022", tsconfig: "tsconfig.json", legalComments: "none" });

/** Minified, with lit's production build (no dev-mode warnings). */
const minified = () => [
  minifyCss(),
  markedLexerOnly(),
  nodeResolve({ browser: true, exportConditions: ["production"] }),
  ts(),
  terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
];

/**
 * Every build, by name. `T3_BUILD=drop-in,codec-min rollup -c` builds only those (the benchmark
 * of one suite needs one or two of them: scripts/bench.mjs).
 */
const builds = {
  // The npm library: ESM, dependencies external, one file per entry plus shared chunks.
  // node-resolve applies package.json `sideEffects` to our own sources too: that list names
  // src/elements/define.ts, or the `import "./elements/define.js"` of src/index.ts would be
  // dropped from dist/index.js, and importing "t3-composer" would define no element.
  library: {
    input: {
      index: "src/index.ts",
      codec: "src/codec/index.ts",
      transport: "src/transport/index.ts",
      define: "src/elements/define.ts",
    },
    external: isDependency,
    plugins: [nodeResolve(), ts()],
    output: { dir: "dist", format: "es", chunkFileNames: "chunks/[name]-[hash].js", sourcemap: true },
  },
  // The drop-in: one self-contained module for a <script type="module"> tag.
  "drop-in": {
    input: "src/index.ts",
    plugins: minified(),
    // The map lets profiles (bench/profile.ts) and people debugging name the minified code.
    output: { file: "dist/t3-composer.js", format: "es", inlineDynamicImports: true, sourcemap: true },
  },
  // The codec entry alone, minified: what the size budget measures.
  "codec-min": {
    input: "src/codec/index.ts",
    plugins: minified(),
    output: { file: "dist/codec.min.js", format: "es" },
  },
};

const only = process.env.T3_BUILD?.split(",").filter(Boolean);
for (const name of only ?? []) if (!(name in builds)) throw new Error(`T3_BUILD: no build named ${JSON.stringify(name)}`);
export default only ? only.map((name) => builds[name]) : Object.values(builds);
