// `npm run build`: bundles (rollup), typings (tsc, then only those the entries reach), the JSON
// Schema of the contract (dist/schema/) and the custom-elements manifest.
import { rmSync } from "node:fs";
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
