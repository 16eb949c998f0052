// Both elements on a page whose styles work against them: a centered flex column (Vite's
// templates center #root), uppercase, letter-spaced, indented, `white-space: pre`, a tall line
// height, and a right-to-left container. Each element keeps its own text styles (the `:host`
// rules of src/presentation/theme.styles.ts) and takes the container's width.
import { expect } from "@esm-bundle/chai";
import "../../../src/elements/define.js";
import type { T3ComposerElement } from "../../../src/elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../../../src/elements/transcript/t3-transcript.js";
import { formatComposerContextReference } from "../../../src/codec/references.js";
import { chipsOf, editorOf, focusEnd, terminal, type } from "../composer/helpers.js";
import { rendered, until } from "../transcript/fixtures.js";

/** The container's inner width: the width both elements must take. */
const WIDTH = 600;
const HOSTILE = `
  display: flex; flex-direction: column; align-items: center; width: ${WIDTH}px;
  text-align: center; text-transform: uppercase; letter-spacing: 3px; word-spacing: 9px; text-indent: 40px;
  white-space: pre; line-height: 4; font-size: 16px;
`;
const LONG = "a sentence long enough to wrap many times over inside the composer and inside the transcript, ".repeat(4);
const terminalLink = formatComposerContextReference(terminal);

let page: HTMLElement | undefined;

/** A hostile container (right-to-left when `dir` says so) holding a transcript and a composer. */
async function mountHostile(dir: "ltr" | "rtl" = "ltr"): Promise<{ composer: T3ComposerElement; transcript: T3TranscriptElement }> {
  page = document.createElement("div");
  page.setAttribute("style", HOSTILE);
  page.dir = dir;
  const transcript = document.createElement("t3-transcript");
  transcript.messages = [
    { id: "u1", role: "user", text: `look at ${terminalLink}`, context: { version: 1, records: [terminal] } },
    { id: "a1", role: "assistant", text: LONG },
  ];
  const composer = document.createElement("t3-composer");
  composer.placeholder = "Ask about your code";
  page.append(transcript, composer);
  document.body.append(page);
  await composer.updateComplete;
  await transcript.updateComplete;
  await rendered();
  await until(() => transcript.shadowRoot!.querySelector('article[data-message-id="a1"] .body') !== null, "the thread");
  return { composer, transcript };
}

/** The text styles that must not come in from the page, as the browser computes them. */
function textStyles(node: Element, pseudo?: string) {
  const style = getComputedStyle(node, pseudo);
  return {
    textAlign: style.textAlign,
    textTransform: style.textTransform,
    letterSpacing: style.letterSpacing,
    wordSpacing: style.wordSpacing,
    textIndent: style.textIndent,
  };
}
const OWN = { textAlign: "start", textTransform: "none", letterSpacing: "normal", wordSpacing: "0px", textIndent: "0px" };

/** The rectangle of the first character of `node`'s text. */
function firstCharacter(node: Node): DOMRect {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT, { acceptNode: (text) => (text.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
  const text = walker.nextNode()!;
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(text, 1);
  return range.getBoundingClientRect();
}

/** The inner (content-box) edges of an element. */
function contentBox(node: HTMLElement): { left: number; right: number } {
  const box = node.getBoundingClientRect();
  const style = getComputedStyle(node);
  return { left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) };
}

describe("both elements on a hostile page", () => {
  afterEach(() => {
    page?.remove();
    page = undefined;
  });

  it("take the full width of a flex column that centers its items", async () => {
    const { composer, transcript } = await mountHostile();
    expect(composer.getBoundingClientRect().width).to.equal(WIDTH);
    expect(transcript.getBoundingClientRect().width).to.equal(WIDTH);
    expect(getComputedStyle(composer).display).to.equal("block");
    expect(getComputedStyle(transcript).display).to.equal("block");
  });

  it("keep a page's width and margin on the element itself", async () => {
    const { composer } = await mountHostile();
    composer.style.margin = "0 20px";
    expect(composer.getBoundingClientRect().width).to.equal(WIDTH - 40);
    composer.style.width = "300px";
    expect(composer.getBoundingClientRect().width).to.equal(300);
  });

  it("keep the editor's and the placeholder's own text styles and line height", async () => {
    const { composer } = await mountHostile();
    const editor = editorOf(composer);
    const line = editor.querySelector("p")!;
    expect(line.dataset.placeholder).to.equal("Ask about your code");
    expect(textStyles(line)).to.deep.equal(OWN);
    expect(textStyles(line, "::before")).to.deep.equal(OWN);
    // 1.5 times the 16 px font, not the page's 4.
    expect(getComputedStyle(line).lineHeight).to.equal("24px");
    expect(getComputedStyle(editor).whiteSpace).to.equal("break-spaces");
  });

  it("start typed text at the editor's left edge, wrap a long line, and keep its case", async () => {
    const { composer } = await mountHostile();
    await focusEnd(composer);
    await type(LONG.slice(0, 200));
    const editor = editorOf(composer);
    const line = editor.querySelector("p")!;
    expect(line.textContent).to.equal(LONG.slice(0, 200));
    expect(Math.round(firstCharacter(line).left)).to.equal(Math.round(contentBox(editor).left));
    // Wrapped within the editor: several 24 px lines, none wider than the editor.
    expect(line.getBoundingClientRect().height).to.be.greaterThan(48);
    expect(editor.scrollWidth).to.equal(editor.clientWidth);
  });

  it("draws chips in the composer and the transcript without the page's case or spacing", async () => {
    const { composer, transcript } = await mountHostile();
    await focusEnd(composer);
    composer.insertContext(terminal);
    await composer.updateComplete;
    const [chip] = chipsOf(composer);
    expect(chip!.textContent).to.contain("build lines 3-4");
    expect(textStyles(chip!)).to.deep.include({ textTransform: "none", letterSpacing: "normal", wordSpacing: "0px", textIndent: "0px" });
    const shown = transcript.shadowRoot!.querySelector<HTMLElement>('article[data-message-id="u1"] button.t3-chip')!;
    expect(shown.getAttribute("aria-label")).to.equal("Terminal: build lines 3-4");
    expect(textStyles(shown)).to.deep.include({ textTransform: "none", letterSpacing: "normal", wordSpacing: "0px", textIndent: "0px" });
  });

  it("wraps an assistant's long message in the transcript and starts it at the left edge", async () => {
    const { transcript } = await mountHostile();
    const body = transcript.shadowRoot!.querySelector<HTMLElement>('article[data-message-id="a1"] .body')!;
    const paragraph = body.querySelector("p") ?? body;
    expect(textStyles(paragraph)).to.deep.equal(OWN);
    expect(getComputedStyle(paragraph).whiteSpace).to.not.equal("pre");
    expect(body.scrollWidth).to.be.at.most(body.clientWidth);
    expect(body.getBoundingClientRect().height).to.be.greaterThan(3 * 16 * 1.5);
    expect(Math.round(firstCharacter(paragraph).left)).to.equal(Math.round(contentBox(paragraph).left));
  });

  it("follow a right-to-left container: typed text starts at the editor's right edge", async () => {
    const { composer, transcript } = await mountHostile("rtl");
    expect(composer.getBoundingClientRect().width).to.equal(WIDTH);
    await focusEnd(composer);
    await type("hello");
    const editor = editorOf(composer);
    const line = editor.querySelector("p")!;
    expect(textStyles(line)).to.deep.equal(OWN);
    expect(getComputedStyle(line).direction).to.equal("rtl");
    // "hello" is left-to-right text in a right-to-left line: the run ends at the right edge.
    const range = document.createRange();
    range.selectNodeContents(line);
    expect(Math.round(range.getBoundingClientRect().right)).to.equal(Math.round(contentBox(editor).right));
    const body = transcript.shadowRoot!.querySelector<HTMLElement>('article[data-message-id="a1"] .body')!;
    expect(body.scrollWidth).to.be.at.most(body.clientWidth);
  });
});
