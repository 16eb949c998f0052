// The drop-in (dist/t3-composer.js) as shipped: built with its own rollup plugins (CSS minified,
// marked reduced to its Lexer), it must draw exactly what the sources draw. `npm run
// test:browser` builds dist/ when it is missing.
import { expect } from "@esm-bundle/chai";
import type { T3ComposerElement, T3TranscriptElement } from "../../src/index.js";

const DROP_IN = "/dist/t3-composer.js";
const MARKDOWN = [
  "## Plan",
  "Some **bold**, _em_, ~~del~~, `code` and a [link](https://example.com) by [a.ts](t3-context://v1/mention/mention_a).",
  "- one\n- [x] done",
  "1. first\n2. second",
  "> quoted",
  "```ts\nconst x = 1;\n```",
  "| a | b |\n| --- | :-: |\n| 1 | 2 |",
  "---",
  "<b>raw</b> &amp; &copy;",
].join("\n\n");

describe("the drop-in", () => {
  before(async () => {
    await import(/* @vite-ignore */ DROP_IN);
  });

  it("draws Markdown with marked's Lexer: every block kind, inline marks and a chip", async () => {
    const transcript = document.createElement("t3-transcript") as T3TranscriptElement;
    document.body.append(transcript);
    transcript.messages = [
      {
        id: "m1",
        role: "assistant",
        text: MARKDOWN,
        context: { version: 1, records: [{ version: 1, kind: "mention", contextId: "mention_a", label: "a.ts", path: "src/a.ts" }] },
      },
    ];
    await transcript.updateComplete;
    const body = transcript.shadowRoot!.querySelector(".body")!;
    expect([...body.children].map((child) => child.tagName.toLowerCase())).to.deep.equal(["h2", "p", "ul", "ol", "blockquote", "div", "div", "hr", "p"]);
    // The fence is a code block, highlighted once the highlighter and its grammar chunks are in.
    const block = body.children[5]!;
    expect(block.getAttribute("part")).to.equal("code-block");
    for (let frame = 0; frame < 240 && !block.querySelector('code [class^="tok-"]'); frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(block.querySelector('code [class^="tok-"]'), "highlighted by the built chunks").to.not.equal(null);
    const paragraph = body.children[1]!;
    expect([...paragraph.querySelectorAll("strong, em, del, code, a")].map((node) => node.tagName.toLowerCase())).to.deep.equal(["strong", "em", "del", "code", "a"]);
    expect(paragraph.querySelector(".t3-chip")!.getAttribute("aria-label")).to.equal("src/a.ts, Mention");
    expect(body.querySelector("li.task input")).to.not.equal(null);
    expect(body.querySelector("table td:nth-child(2)")!.getAttribute("style")).to.contain("center");
    expect(body.lastElementChild!.textContent).to.equal("<b>raw</b> & ©");
    transcript.remove();
  });

  it("styles the composer with its minified stylesheet", async () => {
    const composer = document.createElement("t3-composer") as T3ComposerElement;
    document.body.append(composer);
    composer.value = { text: "hello" };
    await composer.updateComplete;
    const chunk = composer.shadowRoot!.querySelector(".ProseMirror > div")!;
    expect(getComputedStyle(chunk).contentVisibility).to.equal("visible"); // the caret's chunk
    // The frame's padding and the rows' spacing come from the stylesheet (the defaults are 0).
    expect(getComputedStyle(composer.shadowRoot!.querySelector(".frame")!).paddingTop).to.equal("8px");
    expect(getComputedStyle(composer.shadowRoot!.querySelector(".editor")!).marginTop).to.equal("4px");
    composer.remove();
  });
});
