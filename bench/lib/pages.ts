// Builds what the browser benchmarks load: the in-page harnesses (bench/pages/*-harness.ts) and
// the peers, bundled like the drop-in, into bench/.work/ (gitignored). dist/ must be built.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { peerBundle } from "./bundle.js";

const bench = (path: string) => new URL(`../${path}`, import.meta.url).pathname;

/** Bundles the harnesses (each run: they are ours) and writes the peers (cached, bundle.ts). */
export async function preparePages(): Promise<void> {
  mkdirSync(bench(".work/pages"), { recursive: true });
  await build({
    entryPoints: [bench("pages/composer-harness.ts"), bench("pages/transcript-harness.ts")],
    outdir: bench(".work/pages"),
    bundle: true,
    format: "esm",
    target: "es2022",
    // The drop-in and the peers are loaded by the page as shipped, not bundled in again.
    external: ["/dist/*", "/bench/*"],
    logLevel: "warning",
  });
  writeFileSync(bench(".work/tiptap.js"), await peerBundle(bench("peers/tiptap-entry.ts")));
  writeFileSync(bench(".work/marked.js"), await peerBundle(bench("peers/marked-entry.ts")));
}
