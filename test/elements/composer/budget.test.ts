import { expect } from "@esm-bundle/chai";
import { executeServerCommand } from "@web/test-runner-commands";
import { measureComposerContext } from "../../../src/codec/index.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import { ComposerError } from "../../../src/transport/errors.js";
import { T1, chipsOf, focusEnd, memoryTransport, mount, press, record, terminal, type, unmountAll } from "./helpers.js";
import { itIn } from "../../support/engine.js";


/** Polls until `check` holds (the measure runs once typing pauses). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const budgetOf = (el: T3ComposerElement) => el.shadowRoot!.querySelector<HTMLElement>("[part~=budget]");
const meterOf = (el: T3ComposerElement) => budgetOf(el)?.querySelector("meter") ?? null;
const statusOf = (el: T3ComposerElement) => budgetOf(el)!.querySelector<HTMLElement>(".budget-status")!.textContent!.trim();
/** The tokens the draft would cost, as the codec counts them (the draft holds no expired excerpt). */
const expectedTokens = (el: T3ComposerElement, estimateTokens?: (text: string) => number) =>
  measureComposerContext({ text: el.value.text, records: el.value.context?.records ?? [] }, { estimateTokens }).tokens;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("<t3-composer budget>", () => {
  afterEach(unmountAll);

  it("shows no meter and measures nothing without a budget", async () => {
    const el = await mount();
    el.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(budgetOf(el)).to.equal(null);
    expect(chipsOf(el)[0]!.title).to.equal("");
  });

  // Chromium only: it reads the accessibility tree through the DevTools protocol (the `ax-names`
  // command); Firefox over WebDriver BiDi and WebKit over WebDriver expose no accessibility tree.
  itIn(["chromium"], "shows the draft's estimated tokens against the budget, as a meter named Token budget", async () => {
    const el = await mount({ budget: "8000" });
    el.value = { text: `fix ${T1}`, context: { version: 1, records: [terminal] } };
    const tokens = expectedTokens(el);
    await until(() => meterOf(el)?.value === tokens, "the first measure");
    expect(tokens).to.be.greaterThan(20);
    const meter = meterOf(el)!;
    expect([meter.min, meter.max]).to.deep.equal([0, 8000]);
    expect(budgetOf(el)!.textContent).to.contain(`${tokens} / 8,000 tokens`);
    expect(budgetOf(el)!.getAttribute("part")).to.equal("budget");
    const { nodes } = await executeServerCommand<{ nodes: { role: string; name: string }[] }, Record<string, never>>("ax-names", {});
    expect(nodes).to.deep.include({ role: "meter", name: "Token budget" });
  });

  it("follows real typing once it pauses", async () => {
    const el = await mount({ budget: "8000" });
    await focusEnd(el);
    await type("twelve chars");
    await until(() => meterOf(el)?.value === 3, "the measure of 12 characters");
    await type(" and eight more");
    await until(() => meterOf(el)?.value === 7, "the measure of 27 characters");
  });

  it("counts with the host's estimateTokens", async () => {
    const el = await mount({ budget: "100" });
    el.estimateTokens = words;
    el.value = { text: `please fix ${T1} now`, context: { version: 1, records: [terminal] } };
    const tokens = expectedTokens(el, words);
    await until(() => meterOf(el)?.value === tokens, "the word count");
    expect(tokens).to.not.equal(expectedTokens(el));
  });

  it("fires t3-budget once on crossing the budget, says so, and again on going back under", async () => {
    const el = await mount({ budget: "5" });
    const events = record(el, "t3-budget");
    await focusEnd(el);
    await type("sixteen letters!");
    await until(() => meterOf(el)?.value === 4, "the measure of 16 characters");
    expect(events).to.have.length(0); // 4 tokens: under the budget
    await type(" and more");
    await until(() => events.length === 1, "the crossing");
    expect(events[0]!.detail).to.include({ tokens: 7, budget: 5, over: true });
    expect(events[0]!.cancelable).to.equal(true);
    expect(events[0]!.detail.measure.tokens).to.equal(7);
    expect(statusOf(el)).to.equal("Over the budget by 2 tokens.");
    expect(budgetOf(el)!.getAttribute("part")).to.equal("budget budget-over");
    await type(" still more");
    // A <meter> clamps its value to `max`: the figures say the real count.
    await until(() => budgetOf(el)!.textContent!.includes(`${expectedTokens(el)} / 5 tokens`), "the measure");
    expect(events).to.have.length(1);
    for (let i = 0; i < 20; i++) await press("Backspace");
    await until(() => events.length === 2, "going back under");
    // The first measure under the budget fires it: 20 characters left (5 tokens, not over) when a
    // measure ran between two keys of a busy machine, 16 (4 tokens) when it ran after the last.
    expect(events[1]!.detail.over).to.equal(false);
    expect(events[1]!.detail.tokens).to.be.oneOf([4, 5]);
    await until(() => meterOf(el)?.value === 4, "the measure of 16 characters again");
    expect(events).to.have.length(2);
    expect(statusOf(el)).to.equal("");
  });

  it("hides the built-in warning when t3-budget is canceled, and still marks the meter over", async () => {
    const el = await mount({ budget: "2" });
    el.addEventListener("t3-budget", (event) => event.preventDefault());
    el.value = { text: "far more than eight characters" };
    await until(() => budgetOf(el)?.getAttribute("part") === "budget budget-over", "the meter over");
    expect(statusOf(el)).to.equal("");
  });

  it("only warns by default: Enter sends a draft over the budget", async () => {
    const el = await mount({ budget: "2" });
    const transport = memoryTransport();
    el.transport = transport;
    el.value = { text: "far more than eight characters" };
    await until(() => statusOf(el) !== "", "the warning");
    await focusEnd(el);
    await press("Enter");
    await until(() => transport.sent.length === 1, "the send");
  });

  it('with budget-mode="block", Enter does not send, says why and fires t3-error over-budget', async () => {
    const el = await mount({ budget: "2", "budget-mode": "block" });
    const transport = memoryTransport();
    el.transport = transport;
    const errors = record(el, "t3-error");
    el.value = { text: "far more than eight characters" };
    await until(() => statusOf(el) !== "", "the warning");
    expect(statusOf(el)).to.equal("Over the budget by 6 tokens: remove some context to send.");
    await focusEnd(el);
    await press("Enter");
    await until(() => errors.length === 1, "t3-error");
    expect(errors[0]!.detail.code).to.equal("over-budget");
    expect(statusOf(el)).to.equal("Not sent: the message is 6 tokens over the budget.");
    expect(transport.sent).to.have.length(0);
    expect(el.value).to.deep.equal({ text: "far more than eight characters" });
  });

  it('with budget-mode="block", send() rejects with a ComposerError over-budget measured at once', async () => {
    const el = await mount({ budget: "2", "budget-mode": "block" });
    el.transport = memoryTransport();
    el.value = { text: "far more than eight characters" };
    // No waiting for the measure: the refusal measures the draft itself.
    const error = await el.send().then(() => null, (reason: unknown) => reason);
    expect(error).to.be.instanceOf(ComposerError);
    expect((error as ComposerError).code).to.equal("over-budget");
    expect((error as ComposerError).cause).to.deep.equal({ tokens: 8, budget: 2 });
  });

  it("shows each chip's share of the budget in its tooltip and description", async () => {
    const el = await mount({ budget: "1000" });
    el.value = { text: `fix ${T1} and ${T1}`, context: { version: 1, records: [terminal] } };
    const share = measureComposerContext({ text: el.value.text, records: [terminal] }).entries.get("terminal_t1")!.tokens;
    const expected = `About ${share} tokens, ${Math.round((share / 1000) * 100)}% of the budget`;
    await until(() => chipsOf(el).every((chip) => chip.title === expected), "the chips' shares");
    for (const chip of chipsOf(el)) expect(chip.getAttribute("aria-description")).to.equal(expected);
    el.budget = null;
    await until(() => chipsOf(el).every((chip) => chip.title === ""), "the shares to go");
    expect(budgetOf(el)).to.equal(null);
  });
});
