// `npm test`: everything a change must pass, in the order that fails fastest. The build comes
// first because the Node tests import dist/codec.js and the size check reads the bundles. Every
// browser test file runs in Chromium, then in WebKit beside Firefox, which runs the element
// suites every page depends on (`--core-in firefox`: the composer, clipboard, transcript,
// presentation and accessibility files). The other files pass in Firefox too, under
// `npm run test:engines`, which runs every file in every engine; they are left out here to keep
// `npm test` within its time (docs/development.md, "Engines").
import { run } from "./run.mjs";

const steps = [
  ["build", ["run", "build"]],
  ["types", ["run", "test:types"]],
  ["lint", ["run", "test:lint"]],
  ["api reference", ["run", "test:api"]],
  ["dependencies", ["run", "test:deps"]],
  ["node tests", ["run", "test:node"]],
  ["browser tests, every file in Chromium", ["run", "test:browser", "--", "--engine", "chromium"]],
  ["browser tests in WebKit, and the element suites in Firefox, at once", ["run", "test:browser", "--", "--engine", "webkit,firefox", "--core-in", "firefox", "--parallel"]],
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
