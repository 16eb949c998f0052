// A reply that streams in (updateMessage with a longer text each time): each update lexes again
// only from its last stable block (markdown/relex.ts) and keeps the nodes of the blocks before,
// yet draws what a fresh render of the same text draws, even when the new text changes a block
// before the last one (a fence that closes, an item that joins a list, a link definition).
import { expect } from "@esm-bundle/chai";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { article, cleanup, link, mount, terminal } from "./fixtures.js";

const body = (el: T3TranscriptElement, id = "a") => article(el, id).querySelector(".body")!;

/**
 * The drawn blocks as HTML, code as its text: when code is highlighted depends on when it comes
 * into view (code-blocks.test.ts checks highlighting while a reply streams).
 */
function blocksOf(el: T3TranscriptElement): string {
  const copy = body(el).cloneNode(true) as Element;
  for (const code of copy.querySelectorAll("pre > code")) code.replaceChildren(code.textContent ?? "");
  return copy.innerHTML;
}

/** Streams `chunks` onto message `a` of `el`, checking after each update against a fresh render of the text so far. */
async function streamAndCompare(el: T3TranscriptElement, chunks: readonly string[]): Promise<void> {
  const { role, context } = el.messages.find((message) => message.id === "a")!;
  let text = "";
  for (const chunk of chunks) {
    text += chunk;
    el.updateMessage("a", { text });
    await el.updateComplete;
    const fresh = await mount([{ id: "a", role, text, ...(context ? { context } : {}) }]);
    expect(blocksOf(el), `after ${JSON.stringify(text)}`).to.equal(blocksOf(fresh));
    fresh.remove();
  }
}

describe("<t3-transcript> streaming", () => {
  afterEach(cleanup);

  it("draws what a fresh render draws when an update closes a code fence opened blocks before", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "" }]);
    await streamAndCompare(el, ["Intro\n\n```ts\nconst a = 1;\n\n", "// still code\n\n", "const b = 2;\n", "```", "\n\nAfter the fence."]);
    expect(body(el).querySelector("code")!.textContent).to.equal("const a = 1;\n\n// still code\n\nconst b = 2;");
  });

  it("draws what a fresh render draws when an item after a blank line joins the list before it", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "" }]);
    await streamAndCompare(el, ["Steps:\n\n1. first\n\n", "2", ". second\n\n", "    indented in the item", "\n\nDone."]);
    expect([...body(el).querySelectorAll("ol > li")].map((li) => li.textContent)).to.deep.equal(["first", "second indented in the item"]);
  });

  it("draws what a fresh render draws when a paragraph becomes a heading or a table", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "" }]);
    await streamAndCompare(el, ["Title\n", "===", "\n\n| a | b |\n", "| --- | --- |\n", "| 1 | 2 |", "\n\nLast words"]);
    expect(body(el).querySelector("h1")!.textContent).to.equal("Title");
    expect(body(el).querySelectorAll("td").length).to.equal(2);
  });

  it("draws what a fresh render draws when a link definition arrives after the link", async () => {
    const el = await mount([{ id: "a", role: "assistant", text: "" }]);
    await streamAndCompare(el, ["See [the docs].\n\n", "More text.\n\n", "[the docs]: https://example.com/docs"]);
    expect(body(el).querySelector("a")!.getAttribute("href")).to.equal("https://example.com/docs");
  });

  it("keeps the nodes of the blocks before the last, and of the paragraph it streams into", async () => {
    const text = `# Plan\n\nRead ${link(terminal)} first.\n\nThen`;
    const el = await mount([{ id: "a", role: "assistant", text, context: { version: 1, records: [terminal] } }]);
    const [heading, first, last] = [...body(el).children];
    await streamAndCompare(el, [text, " the rest", " of the words, **in bold**", " and with ", link(terminal), " at the end."]);
    expect([...body(el).children].slice(0, 3)).to.deep.equal([heading, first, last]);
    expect(last!.textContent).to.equal("Then the rest of the words, in bold and with build lines 3-4 at the end.");
    expect(last!.querySelector("strong")!.textContent).to.equal("in bold");
  });

  it("keeps a user's line breaks while a user message streams", async () => {
    const el = await mount([{ id: "a", role: "user", text: "" }]);
    await streamAndCompare(el, ["one\ntwo", "\n\nthree\nfour", "\n- a\n\n", "- b"]);
    expect(body(el).querySelectorAll("br").length).to.equal(2);
  });
});
