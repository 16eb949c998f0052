// `npm run build`: bundles (rollup), typings (tsc, then only those the entries reach), the JSON
// Schema of the contract (dist/schema/) and the custom-elements manifest.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { bin, run } from "./run.mjs";

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
const steps = [
  [bin("rollup"), ["-c", "--silent"]],
  [bin("tsc"), ["-p", "tsconfig.build.json"]],
  [process.execPath, ["scripts/prune-types.mjs"]],
  [process.execPath, ["--import", "tsx", "scripts/json-schema.ts"]],
  ["npm", ["--silent", "run", "analyze"]],
];
for (const [command, args] of steps) {
  const code = await run(command, args);
  if (code !== 0) process.exit(code);
}

// The analyzer lists modules in the order the file system hands them over, which differs between
// checkouts of the same commit: sorted by path, the manifest changes only when an element does.
const manifestUrl = new URL("../custom-elements.json", import.meta.url);
const manifest = JSON.parse(readFileSync(manifestUrl, "utf8"));
manifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
writeFileSync(manifestUrl, JSON.stringify(manifest, null, 2) + "\n");
