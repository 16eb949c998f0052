// Fenced code blocks (docs/transcript.md, "Code blocks"): the header with the language and the
// Copy button, highlighting by the built-in highlighter once the block is in view (and a host's,
// sync or async), tokens as text nodes, the theme's contrast in both schemes, and a fence that
// grows while a reply streams keeping the nodes of its finished lines.
import { expect } from "@esm-bundle/chai";
import { colorScheme, itIn } from "../../support/engine.js";
import { setStrings } from "../../../src/l10n/catalog.js";
import type { CodeToken } from "../../../src/elements/transcript/code/types.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { backgroundOf, contrast, parseColor } from "../a11y/contrast.js";
import { article, cleanup, mount, until } from "./fixtures.js";

const blocks = (el: T3TranscriptElement, id = "m1") => [...article(el, id).querySelectorAll<HTMLElement>('[part="code-block"]')];
const highlighted = (block: HTMLElement) => block.querySelector('code [class^="tok-"]') !== null;

describe("<t3-transcript> code blocks", () => {
  afterEach(cleanup);

  it("draws a header with the fence's language and a Copy button named \"Copy code\"", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "```ts {1,3}\nconst a = 1;\n```" }]);
    const [block] = blocks(el);
    expect(block!.querySelector('[part="code-language"]')!.textContent).to.equal("ts");
    const copy = block!.querySelector<HTMLButtonElement>('button[part="code-copy"]')!;
    expect([copy.getAttribute("aria-label"), copy.type]).to.deep.equal(["Copy code", "button"]);
    expect(block!.querySelector("pre > code")!.textContent).to.equal("const a = 1;");
  });

  it("highlights a known language with text nodes in scoped spans, the code unchanged", async () => {
    const code = 'import { x } from "y";\n// note <img src=x onerror=alert(1)>\nconst n = 42;';
    const el = await mount([{ id: "m1", role: "assistant", text: "```typescript\n" + code + "\n```" }]);
    const [block] = blocks(el);
    await until(() => highlighted(block!), "highlighting");
    const node = block!.querySelector("pre > code")!;
    expect(node.textContent).to.equal(code);
    expect(node.querySelector("img")).to.equal(null);
    const scoped = (name: string) => [...node.querySelectorAll(`.tok-${name}`)].map((span) => span.textContent);
    expect(scoped("keyword")).to.include.members(["import", "from", "const"]);
    expect(scoped("string")).to.include('"y"');
    expect(scoped("number")).to.include("42");
    expect(scoped("comment")).to.deep.equal(["// note <img src=x onerror=alert(1)>"]);
    // Every scoped span holds one text node: no markup came from the highlighter.
    for (const span of node.querySelectorAll('[class^="tok-"]')) expect([...span.childNodes].map((child) => child.nodeType)).to.deep.equal([Node.TEXT_NODE]);
  });

  it("leaves an unknown or missing language plain", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "```ts\nconst a = 1;\n```\n\n```nosuchlang\nconst b = 2;\n```\n\n```\nconst c = 3;\n```" }]);
    const [known, unknown, none] = blocks(el);
    await until(() => highlighted(known!), "the known language highlighted");
    // The frame after: a pass for the others would have run by now.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect([highlighted(unknown!), highlighted(none!)]).to.deep.equal([false, false]);
    expect([unknown!.querySelector("code")!.textContent, none!.querySelector("code")!.textContent]).to.deep.equal(["const b = 2;", "const c = 3;"]);
    expect(none!.querySelector('[part="code-language"]')!.textContent).to.equal("");
  });

  it("uses a host's highlighter, sync or async, and none with null", async () => {
    const calls: [string, string][] = [];
    const sync = (code: string, language: string): CodeToken[] => {
      calls.push([code, language]);
      return [{ text: code.slice(0, 3), scope: "keyword" }, { text: code.slice(3) }];
    };
    const el = await mount([{ id: "m1", role: "assistant", text: "```Rust\nfn main() {}\n```" }], (node) => (node.highlighter = sync));
    await until(() => highlighted(blocks(el)[0]!), "the host's highlighting");
    expect(calls).to.deep.equal([["fn main() {}", "rust"]]);
    expect([...blocks(el)[0]!.querySelectorAll(".tok-keyword")].map((span) => span.textContent)).to.deep.equal(["fn "]);

    el.highlighter = async (code) => [{ text: code, scope: "string" }];
    await el.updateComplete;
    await until(() => blocks(el)[0]!.querySelector(".tok-string") !== null, "the async highlighting");
    expect(blocks(el)[0]!.querySelector(".tok-string")!.textContent).to.equal("fn main() {}");

    el.highlighter = null;
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(highlighted(blocks(el)[0]!)).to.equal(false);
    expect(() => ((el as unknown as { highlighter: unknown }).highlighter = "hljs")).to.throw(TypeError, /highlighter/);
  });

  it("leaves the code plain when a host's runs do not add up to it", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "```js\nlet a;\n```" }], (node) => (node.highlighter = () => [{ text: "let", scope: "keyword" }]));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(highlighted(blocks(el)[0]!)).to.equal(false);
    expect(blocks(el)[0]!.querySelector("code")!.textContent).to.equal("let a;");
  });

  it("keeps the nodes of a streaming fence's finished lines and redoes only its tail", async () => {
    const el = await mount([{ id: "m1", role: "assistant", text: "Code:\n\n```ts\nconst a = 1;\nconst b = 2;\nconst c", pending: true }]);
    const [block] = blocks(el);
    await until(() => block!.querySelectorAll("code .line").length === 3, "the first lines highlighted");
    const [first, second, unfinished] = block!.querySelectorAll("code .line");
    el.updateMessage("m1", { text: "Code:\n\n```ts\nconst a = 1;\nconst b = 2;\nconst c = 'x", pending: true });
    await el.updateComplete;
    expect(blocks(el)[0]).to.equal(block);
    // Before the next frame the grown tail shows plain after the highlighted lines.
    expect(block!.querySelector("code")!.textContent).to.equal("const a = 1;\nconst b = 2;\nconst c = 'x");
    await until(() => block!.querySelector("code .tok-string") !== null, "the tail highlighted");
    const lines = [...block!.querySelectorAll("code .line")];
    expect(lines[0]).to.equal(first);
    expect(lines[1]).to.equal(second);
    expect(lines[2]).not.to.equal(unfinished);
    expect(lines[2]!.querySelector(".tok-string")!.textContent).to.equal("'x");
    el.updateMessage("m1", { text: "Code:\n\n```ts\nconst a = 1;\nconst b = 2;\nconst c = 'x';\n```\n\nDone.", pending: false });
    await el.updateComplete;
    await until(() => block!.querySelector("code")!.textContent === "const a = 1;\nconst b = 2;\nconst c = 'x';" && highlighted(block!) && block!.querySelector("code > :not(.line)") === null, "the finished code highlighted");
    expect([...block!.querySelectorAll("code .line")].slice(0, 2)).to.deep.equal([first, second]);
  });

  it("draws highlighted code exactly as tall as the same code plain, blank lines included", async () => {
    const code = "const a = 1;\n\n\nfunction f() {\n  return a;\n}\n\nf()";
    const text = "```ts\n" + code + "\n```";
    const plain = await mount([{ id: "m1", role: "assistant", text }], (node) => (node.highlighter = null));
    const plainHeight = blocks(plain)[0]!.querySelector("pre")!.getBoundingClientRect().height;
    cleanup();
    const el = await mount([{ id: "m1", role: "assistant", text }]);
    const [block] = blocks(el);
    await until(() => highlighted(block!), "highlighting");
    expect(block!.querySelectorAll("code .line").length).to.equal(8);
    // Within a pixel: a line laid out as a block of its own rounds its height on its own.
    expect(block!.querySelector("pre")!.getBoundingClientRect().height).to.be.closeTo(plainHeight, 1);
  });

  it("shows the text that continues an unfinished highlighted line on that line", async () => {
    // The host's highlighter answers only when the test lets it: between the update and the
    // answer, the block shows what a streamed fence shows while its pass waits.
    let answer = (): void => undefined;
    const el = await mount([{ id: "m1", role: "assistant", text: "```ts\nlet a;\nlet b", pending: true }], (node) => {
      node.highlighter = (code) => {
        const runs = [{ text: code, scope: "keyword" }];
        return code.endsWith("b") ? runs : new Promise((resolve) => (answer = () => resolve(runs)));
      };
    });
    const [block] = blocks(el);
    await until(() => block!.querySelectorAll("code .line").length === 2, "both lines highlighted");
    const height = block!.querySelector("pre")!.getBoundingClientRect().height;
    el.updateMessage("m1", { text: "```ts\nlet a;\nlet b = 2", pending: true });
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const code = block!.querySelector("code")!;
    // The unfinished line went back to plain with its continuation; the finished one stayed.
    expect([code.querySelectorAll(".line").length, code.textContent]).to.deep.equal([1, "let a;\nlet b = 2"]);
    expect(block!.querySelector("pre")!.getBoundingClientRect().height).to.be.closeTo(height, 1);
    answer();
    await until(() => code.querySelectorAll(".line").length === 2, "the line highlighted again");
    expect(code.querySelectorAll(".line")[1]!.textContent).to.equal("let b = 2");
  });

  it("names the Copy button from the element's strings", async () => {
    setStrings("fr", { copyCode: "Copier le code" });
    try {
      const el = await mount([{ id: "m1", role: "assistant", text: "```sh\nls\n```" }], (node) => (node.lang = "fr"));
      expect(blocks(el)[0]!.querySelector('[part="code-copy"]')!.getAttribute("aria-label")).to.equal("Copier le code");
    } finally {
      setStrings("fr", null);
    }
  });

  for (const scheme of ["light", "dark"] as const) {
    // The dark scheme in Chromium only: it is emulated through the DevTools protocol, which no
    // other engine's driver has (test/support/engine.ts).
    itIn(scheme === "light" ? ["chromium", "firefox", "webkit"] : ["chromium"], `gives every highlighted scope at least 4.5:1 against the block (${scheme})`, async () => {
      await colorScheme(scheme);
      try {
        const code = [
          "// comment", 'import { a } from "b";', "export class C<T> extends D {", "  @dec() m(x: number): string { return `t${x}` + /re/g.source + 0x1f; }", "}",
        ].join("\n");
        const diff = "@@ -1 +1 @@\n-old\n+new";
        const el = await mount([{ id: "m1", role: "assistant", text: "```ts\n" + code + "\n```\n\n```diff\n" + diff + "\n```\n\n```python\ndef f(self):\n    return True\n```" }]);
        await until(() => blocks(el).every(highlighted), "highlighting");
        const spans = blocks(el).flatMap((block) => [...block.querySelectorAll<HTMLElement>('[class^="tok-"]')]);
        const classes = new Set(spans.map((span) => span.className));
        expect(classes.size).to.be.greaterThan(5);
        for (const span of spans) {
          const ratio = contrast(parseColor(getComputedStyle(span).color), backgroundOf(span));
          expect(ratio, `${span.className} "${span.textContent}" in ${scheme}`).to.be.at.least(4.5);
        }
      } finally {
        await colorScheme("light");
      }
    });
  }
});
