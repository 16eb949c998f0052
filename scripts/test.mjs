// `npm test`: everything a change must pass, in the order that fails fastest. The build comes
// first because the Node tests import dist/codec.js and the size check reads the bundles. The
// whole browser suite runs in Chromium; the element suites every page depends on (`--core`: the
// composer, clipboard, transcript, presentation and accessibility files) run in Firefox and
// WebKit too, both engines at once. The other files (the end-to-end ones above all) do not pass in
// Firefox and WebKit yet, so they run in Chromium only here; `npm run test:engines` runs every file
// in every engine (docs/development.md, "Engines").
import { run } from "./run.mjs";

const steps = [
  ["build", ["run", "build"]],
  ["types", ["run", "test:types"]],
  ["lint", ["run", "test:lint"]],
  ["api reference", ["run", "test:api"]],
  ["dependencies", ["run", "test:deps"]],
  ["node tests", ["run", "test:node"]],
  ["browser tests, every file in Chromium", ["run", "test:browser", "--", "--engine", "chromium"]],
  ["browser tests, the element suites in Firefox and WebKit at once", ["run", "test:browser", "--", "--engine", "firefox,webkit", "--core", "--parallel"]],
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
