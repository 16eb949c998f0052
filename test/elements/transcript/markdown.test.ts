import { expect } from "@esm-bundle/chai";
import { article, cleanup, mount, shadow } from "./fixtures.js";

async function body(text: string, role: "user" | "assistant" = "assistant"): Promise<HTMLElement> {
  const el = await mount([{ id: "m1", role, text }]);
  return article(el, "m1").querySelector<HTMLElement>(".body")!;
}

describe("<t3-transcript> Markdown", () => {
  afterEach(cleanup);

  it("renders CommonMark emphasis, code spans and fenced code", async () => {
    const node = await body("Hello **bold** *em* `code`\n\n```ts\nconst a = 1 < 2;\n```");
    expect(node.querySelector("p")!.innerHTML).to.equal("Hello <strong>bold</strong> <em>em</em> <code>code</code>");
    expect(node.querySelector('[part="code-block"] pre > code[data-lang="ts"]')!.textContent).to.equal("const a = 1 < 2;");
  });

  it("renders GitHub tables with alignment", async () => {
    const node = await body("| a | b |\n|:-|-:|\n| 1 | 2 |");
    const table = node.querySelector("table")!;
    expect([...table.querySelectorAll("th")].map((th) => [th.textContent, th.style.textAlign])).to.deep.equal([["a", "left"], ["b", "right"]]);
    expect([...table.querySelectorAll("td")].map((td) => td.textContent)).to.deep.equal(["1", "2"]);
  });

  it("renders task lists as disabled checkboxes", async () => {
    const node = await body("- [x] done\n- [ ] todo");
    const boxes = [...node.querySelectorAll<HTMLInputElement>("li.task > input[type=checkbox]")];
    expect(boxes.map((box) => [box.checked, box.disabled])).to.deep.equal([[true, true], [false, true]]);
    expect([...node.querySelectorAll("li")].map((li) => li.textContent)).to.deep.equal(["done", "todo"]);
  });

  it("renders strikethrough", async () => {
    const node = await body("~~gone~~ here");
    expect(node.innerHTML).to.equal("<p><del>gone</del> here</p>");
  });

  it("makes http(s) links live with noopener noreferrer", async () => {
    const node = await body("[site](https://example.com/a?b=1&amp;c=2) and https://example.org");
    const links = [...node.querySelectorAll("a")];
    expect(links.map((a) => [a.getAttribute("href"), a.target, a.rel, a.textContent])).to.deep.equal([
      ["https://example.com/a?b=1&c=2", "_blank", "noopener noreferrer", "site"],
      ["https://example.org/", "_blank", "noopener noreferrer", "https://example.org"],
    ]);
  });

  it("shows other schemes as text", async () => {
    const node = await body("[a](javascript:alert(1)) [b](mailto:x@y.z) [c](/relative) [d](ftp://x)");
    expect(node.querySelectorAll("a").length).to.equal(0);
    expect(node.textContent).to.equal("a b c d");
  });

  it("shows raw HTML as literal text", async () => {
    const node = await body('<div onclick="x()">hi</div>\n\ninline <b>bold</b>');
    expect(node.querySelector("div, b")).to.equal(null);
    expect([...node.children].map((child) => child.textContent)).to.deep.equal(['<div onclick="x()">hi</div>', "inline <b>bold</b>"]);
  });

  it("does not load Markdown images: the alt text links to the image", async () => {
    const node = await body("![a cat](https://example.com/cat.png) ![local](data:image/png;base64,AAAA)");
    expect(node.querySelector("img")).to.equal(null);
    const link = node.querySelector("a")!;
    expect([link.getAttribute("href"), link.textContent]).to.deep.equal(["https://example.com/cat.png", "a cat"]);
    expect(node.textContent).to.equal("a cat local");
  });

  it("decodes character references in text, never in code", async () => {
    const node = await body("AT&amp;T &copy; &#x41; &bogus; `&amp;`");
    expect(node.innerHTML).to.equal("<p>AT&amp;T © A &amp;bogus; <code>&amp;amp;</code></p>");
  });

  it("keeps a user's single line breaks and follows CommonMark for the assistant", async () => {
    expect((await body("one\ntwo", "user")).innerHTML).to.equal("<p>one<br>two</p>");
    cleanup();
    expect((await body("one\ntwo", "assistant")).innerHTML).to.equal("<p>one\ntwo</p>");
  });

  it("draws headings, quotes, ordered lists with a start, and rules", async () => {
    const node = await body("## Title\n\n> quoted\n\n3. three\n4. four\n\n---");
    expect(node.innerHTML).to.equal('<h2>Title</h2><blockquote><p>quoted</p></blockquote><ol start="3"><li>three</li><li>four</li></ol><hr>');
  });

  it("renders inside the shadow root only", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "x" }]);
    expect(el.querySelector("p")).to.equal(null);
    expect(shadow(el).querySelector("p")!.textContent).to.equal("x");
  });
});
