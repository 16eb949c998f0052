// `npm run build:embeds`: builds the recipes of demo/embed/ (Vite alone, React, Vue, Svelte) with
// Vite into demo/embed/<name>/dist/, from the built package (run `npm run build` first; `npm test`
// does). The plain HTML recipe loads dist/t3-composer.js as it is and needs no build.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const RECIPES = ["vite", "react", "vue", "svelte"];
/** A recipe is one small page: one chunk holding the framework and the package is what we want. */
const CHUNK_WARNING_KB = 2048;

if (!existsSync(new URL("../dist/index.js", import.meta.url))) {
  console.error("dist/ is missing: run `npm run build` first.");
  process.exit(1);
}
for (const name of RECIPES) {
  const root = fileURLToPath(new URL(`../demo/embed/${name}/`, import.meta.url));
  // Each recipe's config is the one its Vite template has: vite.config.ts for Vue's TypeScript one.
  const configFile = [`${root}vite.config.ts`, `${root}vite.config.js`].find((file) => existsSync(file));
  await build({ root, configFile, logLevel: "warn", build: { chunkSizeWarningLimit: CHUNK_WARNING_KB } });
}
