// HTML's full table of named references is a chunk (src/elements/transcript/load-names.ts): a
// message holding a name outside the short list shows it as written until the table is in, then is
// drawn again. A file of its own, so that its page has not loaded the table before the test.
import { expect } from "@esm-bundle/chai";
import { article, cleanup, mount } from "./fixtures.js";

describe("<t3-transcript> named character references", () => {
  afterEach(cleanup);

  it("shows a rare name as written until the full table is in, then draws that message again, and only it", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "Fish &amp; chips" }]);
    const kept = article(el, "m1").querySelector("p")!;
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const paragraph = el.shadowRoot!.querySelector('[data-message-id="m2"] .body > p');
      if (paragraph && seen.at(-1) !== paragraph.textContent) seen.push(paragraph.textContent!);
    });
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    el.appendMessage({ id: "m2", role: "assistant", text: "&HilbertSpace; and &AElig;\n\n``` f&ouml;&ouml;\nfoo\n```" });
    await el.updateComplete;
    observer.disconnect();
    expect(seen).to.deep.equal(["&HilbertSpace; and &AElig;", "ℋ and Æ"]);
    const block = article(el, "m2").querySelector('[part="code-block"]')!;
    expect([block.querySelector("code")!.dataset.lang, block.querySelector('[part="code-language"]')!.textContent]).to.deep.equal(["föö", "föö"]);
    expect(article(el, "m1").querySelector("p")).to.equal(kept);
    expect(kept.textContent).to.equal("Fish & chips");
  });
});
