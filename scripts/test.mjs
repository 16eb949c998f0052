// `npm test`: everything a change must pass, in the order that fails fastest. The build comes
// first because the Node tests import dist/codec.js and the size check reads the bundles. The
// browser suite runs whole in Chromium and its element suites in Firefox and WebKit
// (scripts/test-browser.mjs `--core`); `npm run test:engines` runs every file in every engine.
import { run } from "./run.mjs";

const steps = [
  ["build", ["run", "build"]],
  ["types", ["run", "test:types"]],
  ["lint", ["run", "test:lint"]],
  ["api reference", ["run", "test:api"]],
  ["dependencies", ["run", "test:deps"]],
  ["node tests", ["run", "test:node"]],
  ["browser tests: Chromium, every file", ["run", "test:browser", "--", "--engine", "chromium"]],
  ["browser tests: Firefox and WebKit, the element suites", ["run", "test:browser", "--", "--engine", "firefox,webkit", "--core"]],
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
