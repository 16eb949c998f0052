// The page's own idea of its engine (test/support/engine.ts) decides which single-engine tests
// are registered: a wrong guess drops them without a failure, so it is checked against the
// engine the runner started.
import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { ENGINE } from "../support/engine.js";

describe("the test page's engine", () => {
  it("is the one the test runner started", async () => {
    expect(ENGINE).to.equal(await executeServerCommand<string, undefined>("engine"));
  });
});
