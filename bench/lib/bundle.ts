// Bundles an entry the way the drop-in is bundled (browser + production conditions, esbuild,
// terser) and measures it minified and gzipped, so peers are compared like for like. A peer's
// bundle only changes when its packages do, so it is cached under bench/.work/peers/, keyed by a
// hash of the lockfile, the entry and this file: a run re-bundles nothing that did not change.
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { rollup } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = new URL("../../", import.meta.url);
const CACHE = new URL("bench/.work/peers/", ROOT);
/** Hex digits of the cache key kept in a file name: enough to tell lockfiles apart. */
const KEY_LENGTH = 16;

/** gzip -9 size in bytes. */
export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** Bundles `entry` (a file path) into one minified module and returns its code. */
export async function bundleMinified(entry: string): Promise<string> {
  const build = await rollup({
    input: entry,
    onwarn: () => {},
    plugins: [
      nodeResolve({ browser: true, exportConditions: ["production"] }),
      esbuild({ target: "es2022" }),
      terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
    ],
  });
  const { output } = await build.generate({ format: "es", inlineDynamicImports: true });
  await build.close();
  return output.map((chunk) => (chunk.type === "chunk" ? chunk.code : "")).join("");
}

/** The peer bundle of `entry` (a file path), from the cache when the lockfile has not changed. */
export async function peerBundle(entry: string): Promise<string> {
  const hash = createHash("sha256");
  for (const input of [new URL("package-lock.json", ROOT).pathname, entry, new URL(import.meta.url).pathname]) hash.update(readFileSync(input));
  const file = new URL(`${basename(entry, ".ts")}-${hash.digest("hex").slice(0, KEY_LENGTH)}.js`, CACHE);
  if (existsSync(file)) return readFileSync(file, "utf8");
  const code = await bundleMinified(entry);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, code);
  return code;
}
