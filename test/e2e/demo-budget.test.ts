// The demo's token budget end to end: the composer shows its meter against budget="8000", loads the
// real tokenizer (gpt-tokenizer's o200k_base, served by the demo host) when first focused, and
// then counts the draft with it, chips included.
import { expect } from "@esm-bundle/chai";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { measureComposerContext } from "../../src/codec/index.js";
import { openDemo, useDemoHost } from "./support/demo-page.js";
import { click, frameDocument, type, waitFor } from "./support/frames.js";
import { sampleButton } from "./support/demo-page.js";

const host = useDemoHost(1);

describe("demo: the token budget", () => {
  it("counts the draft with the o200k tokenizer once the composer is focused", async () => {
    const page = await openDemo(host(), "e2e-budget");
    const figures = () => page.composer.shadowRoot!.querySelector("[part~=budget] .budget-figures")?.textContent ?? "";
    expect(frameDocument(page.frame).getElementById("token-count")!.textContent).to.equal("tokens: estimated from length");
    page.composer.focus();
    await waitFor(() => frameDocument(page.frame).getElementById("token-count")!.textContent === "tokens: counted by o200k_base (GPT-4o)", "the tokenizer");
    await type("Why does this fail after");
    await click(page.frame, sampleButton(page, "Terminal excerpt"));
    const { text, context } = page.composer.value;
    const plain = { disallowedSpecial: new Set<string>() };
    const counted = measureComposerContext({ text, records: context?.records ?? [] }, { estimateTokens: (part) => countTokens(part, plain) });
    const estimated = measureComposerContext({ text, records: context?.records ?? [] });
    expect(counted.tokens).to.not.equal(estimated.tokens);
    await waitFor(() => figures() === `${counted.tokens.toLocaleString("en")} / 8,000 tokens`, `the meter to read ${counted.tokens}`);
  });
});
