import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import esbuild from "rollup-plugin-esbuild";
import { fileURLToPath } from "node:url";
import pkg from "./package.json" with { type: "json" };
import { markedLexerOnly } from "./scripts/rollup-marked-lexer.mjs";
import { parallelImports } from "./scripts/rollup-parallel-imports.mjs";
import { minifyCss } from "./scripts/rollup-minify-css.mjs";
import { domStandIns } from "./scripts/rollup-dom-stand-ins.mjs";

// Peer dependencies (the host kit's drivers and ws) and Node's built-ins stay imports too.
const dependencies = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const isDependency = (id) => id.startsWith("node:") || dependencies.some((name) => id === name || id.startsWith(`${name}/`));

/** The module that registers the elements: its import is for its effect, whatever `sideEffects` says. */
const DEFINE_MODULE = /[\\/]src[\\/]elements[\\/]define\.ts$/;
const defineHasEffects = () => ({
  name: "t3-define-has-effects",
  // A `transform` result's `moduleSideEffects` overrides what node-resolve said when resolving.
  transform: (code, id) => (DEFINE_MODULE.test(id) ? { code, map: null, moduleSideEffects: true } : null),
});

/**
 * `manualChunks` for a drop-in: every module the drop-in's entry reaches by static imports stays in
 * one file, the drop-in's first load (`drop-in/t3-composer.js` for `t3-composer.js`, which
 * re-exports it). Without this, rollup would split what the entries of a build share (the old
 * paths' modules import from the first load) into more files; and it would put the codec modules
 * that only the chunks share (the envelope's escape, the look-alike table) into the first load,
 * where `codecChunk` groups them into chunks of their own. Modules reached only by a dynamic import
 * (the Markdown engine, the composer's on-demand parts, the overlays) are left to rollup: they are
 * the chunks, except those matched by `inline`, whose dynamic imports are followed too (they load
 * with the file), and the modules matched by `keep`, which stay in the file though only chunks
 * import them.
 */
function firstLoadIn(name, entry, { inline, keep } = {}) {
  let reached;
  return (id, { getModuleInfo }) => {
    if (!reached) {
      reached = new Set();
      const pending = [fileURLToPath(new URL(entry, import.meta.url))];
      for (let next; (next = pending.pop()) !== undefined; ) {
        if (reached.has(next)) continue;
        reached.add(next);
        const info = getModuleInfo(next);
        pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []).filter((id) => inline?.test(id)));
      }
    }
    return reached.has(id) || keep?.test(id) ? name : codecChunk(id, name);
  };
}

/**
 * The chunk of a codec module the first load does not hold (the combined drop-in's codec extras,
 * which its chunks share): the legacy reader and serializer in one, the projection and its measure
 * with the envelope's escape in another. Left to rollup, each shared module would be a file of its
 * own, fetched one after another as each file's imports are read. The look-alike table is one of
 * its own, since the overlays use it alone. The legacy marker test (and the tag names it reads)
 * goes with the first load: the transcript's engine runs it on every user message to decide
 * whether to fetch the legacy chunk (src/elements/transcript/load-legacy.ts), and rollup would
 * otherwise pull it into that chunk with the upgrade that imports it, making the engine import it.
 */
function codecChunk(id, firstLoad) {
  if (/[\\/]src[\\/]codec[\\/]legacy[\\/](markers|tags)\.ts$/.test(id)) return firstLoad;
  if (/[\\/]src[\\/]codec[\\/](legacy[\\/]|resolve\.ts$)/.test(id)) return "legacy";
  if (/[\\/]src[\\/]codec[\\/](projection|projection-bodies|measure|escape)\.ts$/.test(id)) return "projection";
  if (/[\\/]src[\\/]codec[\\/]confusables\.ts$/.test(id)) return "confusables";
  return undefined;
}

/**
 * The long press (src/elements/long-press.ts), which the combined drop-in keeps in its first load:
 * the transcript's engine and the composer both import it, and as a chunk of its own
 * it would be one more request on the way to the engine, without which a transcript draws nothing.
 */
const LONG_PRESS = /[\\/]src[\\/]elements[\\/]long-press\.ts$/;

/** The transcript's engine (src/elements/transcript/engine.ts), which the transcript-only drop-in holds. */
const TRANSCRIPT_ENGINE = /[\\/]src[\\/]elements[\\/]transcript[\\/]engine\.ts$/;

const ts = () => esbuild({ target: "es2022", tsconfig: "tsconfig.json", legalComments: "none" });

/** Minified, with lit's production build (no dev-mode warnings). */
const minified = () => [
  defineHasEffects(),
  minifyCss(),
  markedLexerOnly(),
  domStandIns(),
  nodeResolve({ browser: true, exportConditions: ["production"] }),
  ts(),
  parallelImports(),
  terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
];

/**
 * Every build, by name. `T3_BUILD=drop-in,codec-min rollup -c` builds only those (the benchmark
 * of one suite needs one or two of them: scripts/bench.mjs).
 */
const builds = {
  // The npm library: ESM, dependencies external, one file per entry plus shared chunks.
  // node-resolve applies package.json `sideEffects` (which names shipped files only) to our own
  // sources too: `defineHasEffects` keeps the `import "./elements/define.js"` of src/index.ts,
  // without which importing "t3-composer" would define no element.
  library: {
    input: {
      index: "src/index.ts",
      codec: "src/codec/index.ts",
      // Old paths kept for one release (docs/entries.md, "Old paths"): each the same names as
      // before, and its development twin in dist/moved/, which warns once (src/moved/warn.ts).
      "codec/legacy": "src/codec/legacy/index.ts",
      "codec/secrets": "src/codec/secrets.ts",
      transport: "src/transport/index.ts",
      "moved/codec-legacy": "src/moved/codec-legacy.ts",
      "moved/codec-secrets": "src/moved/codec-secrets.ts",
      "moved/transport": "src/moved/transport.ts",
      // `t3-composer/host`: Node only; no browser entry or drop-in imports it.
      host: "src/host/index.ts",
      define: "src/elements/define.ts",
    },
    external: isDependency,
    plugins: [defineHasEffects(), nodeResolve(), ts()],
    output: { dir: "dist", format: "es", chunkFileNames: "chunks/[name]-[hash].js", sourcemap: true },
  },
  // The drop-in: one module for a <script type="module"> tag, built from the package entry
  // (src/index.ts), so that it defines both elements and exports the same names. What a page opens
  // later is in chunks beside it, fetched relative to its URL: the transcript's engine (its drawing
  // code and the Markdown lexer: dist/drop-in/engine.js, src/elements/transcript/load-engine.ts),
  // the composer's on-demand views (dist/drop-in/composer-parts.js), the chip overlays both
  // elements share (dist/drop-in/overlays.js: src/elements/chunks.ts) and the fetch and
  // WebSocket transports' implementation (dist/drop-in/transports.js:
  // src/transport/network/transports.ts). `t3-composer.js` itself re-exports the first load,
  // `drop-in/t3-composer.js`: the chunks import from that file, and `strict` entry signatures keep
  // the names they import out of the drop-in's exports, which are then exactly its declarations'
  // (test/node/entries.test.ts). The old paths `memory-transport.js` and `codec-extras.js`
  // (docs/entries.md, "Old paths") re-export from the first load too, with their development
  // twins in dist/moved/.
  "drop-in": {
    input: {
      "t3-composer": "src/index.ts",
      "memory-transport": "src/drop-in/memory-transport.ts",
      "codec-extras": "src/drop-in/codec-extras.ts",
      "moved/memory-transport": "src/moved/memory-transport.ts",
      "moved/codec-extras": "src/moved/codec-extras.ts",
    },
    preserveEntrySignatures: "strict",
    plugins: minified(),
    // The map lets profiles (bench/profile.ts) and people debugging name the minified code.
    output: {
      dir: "dist",
      entryFileNames: "[name].js",
      chunkFileNames: "drop-in/[name].js",
      manualChunks: firstLoadIn("t3-composer", "src/index.ts", { keep: LONG_PRESS }),
      format: "es",
      sourcemap: true,
    },
  },
  // The per-element drop-ins: the composer's with its on-demand parts and its overlays in
  // chunks beside it (dist/composer/composer-parts.js, dist/composer/overlays.js), the network transports too (dist/composer/transports.js), and the
  // codec modules those chunks share grouped as in the combined drop-in (dist/composer/projection.js,
  // legacy.js, confusables.js: `codecChunk`); the transcript's with its Markdown engine in its own file, since it
  // draws nothing without it, and its overlays in a chunk beside it (dist/transcript/overlays.js,
  // src/elements/chunks.ts). Each entry file re-exports its first load
  // (dist/composer/composer.js, dist/transcript/transcript.js), as the combined drop-in does.
  "drop-in-composer": {
    input: { composer: "src/drop-in/composer.ts" },
    preserveEntrySignatures: "strict",
    plugins: minified(),
    output: {
      dir: "dist",
      entryFileNames: "[name].js",
      chunkFileNames: "composer/[name].js",
      manualChunks: firstLoadIn("composer", "src/drop-in/composer.ts"),
      format: "es",
      sourcemap: true,
    },
  },
  "drop-in-transcript": {
    input: { transcript: "src/drop-in/transcript.ts" },
    preserveEntrySignatures: "strict",
    plugins: minified(),
    output: {
      dir: "dist",
      entryFileNames: "[name].js",
      chunkFileNames: "transcript/[name].js",
      manualChunks: firstLoadIn("transcript", "src/drop-in/transcript.ts", { inline: TRANSCRIPT_ENGINE }),
      format: "es",
      sourcemap: true,
    },
  },
  // The codec entry whole (legacy format and redactor included), minified: what the size budget measures.
  "codec-min": {
    input: "src/codec/index.ts",
    plugins: minified(),
    output: { file: "dist/codec.min.js", format: "es" },
  },
};

const only = process.env.T3_BUILD?.split(",").filter(Boolean);
for (const name of only ?? []) if (!(name in builds)) throw new Error(`T3_BUILD: no build named ${JSON.stringify(name)}`);
export default only ? only.map((name) => builds[name]) : Object.values(builds);
