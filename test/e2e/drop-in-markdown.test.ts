// The drop-ins draw Markdown with a marked cut down at build time (scripts/rollup-marked-lexer.mjs:
// the lexer alone, without the rule sets of marked's pedantic mode), while the package's tests run
// marked as it is published. A rule set cut or chosen wrongly changes tokens only in the bundle, so
// this draws the same texts with `transcript.js` on a plain page (test/e2e/drop-in/page.html) and
// with the package's element here, and compares every message's DOM: for the assistant's Markdown
// (GFM) and the user's text (GFM with line breaks kept).
import { expect } from "@esm-bundle/chai";
import "../../src/elements/define-transcript.js";
import type { T3TranscriptElement, TranscriptMessage } from "../../src/index.js";
import { fitFrames, frameDocument, openFrame, waitFor } from "./support/frames.js";

/** What each rule set reads differently: block and inline rules, GFM's extensions, line breaks. */
const TEXTS = [
  "# Heading 1\n\nSetext\n======\n\n### With *emphasis* and `code` ###",
  "A paragraph with **strong**, *em*, ***both***, __under__, _line_ and `a ``b`` c`.\nA second line\nand a third.  \nA hard break, then a\\\nbackslash break.",
  "- one\n- two\n  - nested *item*\n  - nested two\n\n1. first\n2) other\n3. third\n\n* loose\n\n* list",
  "- [ ] a task\n- [x] done task\n\n> a quote\n> over lines\n>> nested\n\n---\n\n***",
  "```ts\nconst a = 1;\n```\n\n~~~\nfenced with tildes\n~~~\n\n    indented code\n    block",
  "| a | b |\n| :- | -: |\n| 1 | 2 |\n| *x* | `y` |\n\n~~struck~~ and ~single~ tilde",
  "Links: [text](https://example.com \"title\"), <https://auto.example>, www.example.com, https://bare.example/path, mail@example.com, [ref][r] and ![img](https://example.com/a.png).\n\n[r]: https://example.com/ref 'Ref'",
  "Edge cases: **a*b*c**, *a **b** c*, _snake_case_word_, 2*3*4, a * b * c, \\*escaped\\*, &amp; &copy; &#35; and <span>inline html</span>.\n\n<div>\nblock html\n</div>",
  "Lazy\ncontinuation\n> quote\nlazy line\n\nterm  \n  trailing spaces   \n\n\tTabbed line\n\n1. a\n\n   para in item\n\n       code in item",
];

const messages = TEXTS.flatMap((text, i) => [
  { id: `a${i}`, role: "assistant", text },
  { id: `u${i}`, role: "user", text },
]) as TranscriptMessage[];

const bodies = (transcript: T3TranscriptElement) =>
  [...transcript.shadowRoot!.querySelectorAll<HTMLElement>("article")].map((article) => [article.dataset.messageId, article.querySelector(".body")!.innerHTML]);

async function drawn(doc: Document): Promise<T3TranscriptElement> {
  const transcript = doc.createElement("t3-transcript") as T3TranscriptElement;
  doc.body.append(transcript);
  transcript.messages = messages;
  await transcript.updateComplete;
  return transcript;
}

before(() => fitFrames(1));
afterEach(() => document.querySelectorAll("iframe, t3-transcript").forEach((node) => node.remove()));

describe("transcript.js draws Markdown as the package does", () => {
  it("gives every message the same DOM as the package's element, for assistant Markdown and user text", async () => {
    const frame = await openFrame("/test/e2e/drop-in/page.html?drop-in=transcript");
    const doc = frameDocument(frame);
    await waitFor(() => doc.title === "loaded", "transcript.js to load");
    const expected = bodies(await drawn(document));
    // The texts do reach the rules they are there for (a table, a task list, a strikethrough, a break).
    const html = expected.map(([, body]) => body).join("");
    for (const tag of ["<table", "<del", 'type="checkbox"', "<br", "<blockquote", "<pre"]) expect(html).to.contain(tag);
    expect(bodies(await drawn(doc))).to.deep.equal(expected);
  });
});
