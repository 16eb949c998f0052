// Every fuzz property (test/fuzz/properties.ts) at CI size. `npm run fuzz` runs the same
// properties with a million cases or more. A failure prints fast-check's report, with the seed
// and path that replay it: `npm run fuzz -- --only <name> --seed <seed> --path <path>`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { FUZZ_PROPERTIES, failureOf } from "../fuzz/properties.js";

describe("fuzz properties (CI size)", () => {
  for (const property of FUZZ_PROPERTIES) {
    it(property.name, () => {
      const details = property.check({ numRuns: property.ciRuns });
      if (details.failed) {
        const replay = `npm run fuzz -- --only ${property.name} --seed ${details.seed} --path ${details.counterexamplePath}`;
        assert.fail(`${fc.defaultReportMessage(details)}\n\n${failureOf(details)}\nReplay: ${replay}`);
      }
    });
  }
});
