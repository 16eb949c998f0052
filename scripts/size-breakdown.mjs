// `node scripts/size-breakdown.mjs [--modules]`: what weighs what in the drop-in. Bundles
// src/index.ts as rollup.config.js does, then minifies and gzips each module's tree-shaken code on
// its own (esbuild). Per-module gzip sums to more than the whole (gzip shares a dictionary across
// modules), so read the figures as shares, not as bytes saved by removing a module.
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { transform } from "esbuild";
import { rollup } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import { gzipSync } from "node:zlib";

const ROOT = new URL("../", import.meta.url).pathname;
const build = await rollup({
  input: new URL("../src/index.ts", import.meta.url).pathname,
  onwarn: () => {},
  plugins: [nodeResolve({ browser: true, exportConditions: ["production"] }), esbuild({ target: "es2022", tsconfig: "tsconfig.json" })],
});
const { output } = await build.generate({ format: "es", inlineDynamicImports: true });
await build.close();

/** The package a module belongs to, or its folder under src/. */
function group(id) {
  const path = id.startsWith(ROOT) ? id.slice(ROOT.length) : id;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1];
  const src = /^src\/([^/]+(?:\/[^/]+)?)\//.exec(path);
  return src ? `src/${src[1]}` : path;
}

const rows = [];
for (const chunk of output) {
  if (chunk.type !== "chunk") continue;
  for (const [id, info] of Object.entries(chunk.modules)) {
    if (!info.code) continue;
    const { code } = await transform(info.code, { minify: true, loader: "js", format: "esm", legalComments: "none" });
    rows.push({ id: id.startsWith(ROOT) ? id.slice(ROOT.length) : id, group: group(id), min: code.length, gzip: gzipSync(code, { level: 9 }).length });
  }
}
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const groups = new Map();
for (const row of rows) {
  const g = groups.get(row.group) ?? { min: 0, gzip: 0, count: 0 };
  g.min += row.min;
  g.gzip += row.gzip;
  g.count++;
  groups.set(row.group, g);
}
console.log(`${"group".padEnd(44)} ${"min KB".padStart(7)} ${"gz KB".padStart(7)}  share  modules`);
for (const [name, g] of [...groups].sort((a, b) => b[1].gzip - a[1].gzip)) {
  console.log(`${name.padEnd(44)} ${kb(g.min)} ${kb(g.gzip)}  ${((g.gzip / total) * 100).toFixed(1).padStart(4)}%  ${g.count}`);
}
if (process.argv.includes("--modules")) {
  console.log();
  for (const row of rows.sort((a, b) => b.gzip - a.gzip).slice(0, 80)) console.log(`${row.id.padEnd(80)} ${kb(row.min)} ${kb(row.gzip)}`);
}
