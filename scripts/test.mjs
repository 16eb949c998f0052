// `npm test`: everything a change must pass, in the order that fails fastest. The build comes
// first because the Node tests import dist/codec.js and the size check reads the bundles. The
// browser suite runs in Chromium only: it does not pass in Firefox and WebKit yet
// (docs/development.md "Engines"), and `npm test` must stay green. `npm run test:engines` and
// `npm run test:browser -- --engine firefox|webkit` run the other engines.
import { run } from "./run.mjs";

const steps = [
  ["build", ["run", "build"]],
  ["types", ["run", "test:types"]],
  ["lint", ["run", "test:lint"]],
  ["api reference", ["run", "test:api"]],
  ["dependencies", ["run", "test:deps"]],
  ["node tests", ["run", "test:node"]],
  ["browser tests: Chromium", ["run", "test:browser", "--", "--engine", "chromium"]],
];

const started = Date.now();
for (const [name, args] of steps) {
  console.log(`\n── ${name} ──`);
  const code = await run("npm", ["--silent", ...args]);
  if (code !== 0) {
    console.error(`\n✗ ${name} failed (exit ${code})`);
    process.exit(code);
  }
}
console.log(`\n✓ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
