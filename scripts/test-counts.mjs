// A reporter for Node's test runner that prints one line at the end: how many tests passed,
// failed and were skipped (suites are not counted, their tests are). scripts/test-node.mjs uses
// it beside the dot reporter, which prints no counts.
export default async function* counts(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const started = Date.now();
  for await (const { type, data } of source) {
    if (type !== "test:pass" && type !== "test:fail") continue;
    if (data.details?.type === "suite") continue;
    if (data.skip || data.todo) skipped++;
    else if (type === "test:pass") passed++;
    else failed++;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  yield `\n${failed === 0 ? "✓" : "✗"} node     ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""} in ${seconds} s\n`;
}
