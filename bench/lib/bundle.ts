// Bundles an entry the way the drop-in is bundled (browser + production conditions, esbuild,
// terser) and measures it minified and gzipped, so peers are compared like for like.
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { rollup } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import { gzipSync } from "node:zlib";

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
