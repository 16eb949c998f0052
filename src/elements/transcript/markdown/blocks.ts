// Block tokens to DOM, one node per top-level token so a streaming message can keep the
// blocks that did not change (see message-view.ts).
import type { Token, Tokens } from "marked";
import { extendInline, renderInline, type MarkdownHooks } from "./inline.js";

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
const ALIGNMENTS = new Set(["left", "center", "right"]);
/** A fence's info string is untrusted: only a plain language name is kept, as `data-lang`. */
const LANGUAGE = /^[\w+#.-]{1,32}$/;

function withInline(tag: keyof HTMLElementTagNameMap, tokens: readonly Token[], hooks: MarkdownHooks): HTMLElement {
  const node = document.createElement(tag);
  renderInline(tokens, node, hooks);
  return node;
}

function codeBlock(token: Tokens.Code): HTMLElement {
  const pre = document.createElement("pre");
  const code = document.createElement("code");
  const language = token.lang?.trim().split(/\s/, 1)[0];
  if (language && LANGUAGE.test(language)) code.dataset.lang = language;
  code.textContent = token.text;
  pre.append(code);
  return pre;
}

function list(token: Tokens.List, hooks: MarkdownHooks): HTMLElement {
  const node = document.createElement(token.ordered ? "ol" : "ul");
  if (token.ordered && typeof token.start === "number" && token.start !== 1) node.setAttribute("start", String(token.start));
  for (const item of token.items) {
    const li = document.createElement("li");
    if (item.task) li.className = "task";
    // A tight item holds inline `text` tokens, a loose one paragraphs: both are blocks here.
    for (const child of item.tokens) {
      const rendered = child.type === "text" || child.type === "checkbox" ? inlineBlock(child, hooks) : renderBlock(child, hooks);
      if (rendered) li.append(rendered);
    }
    // A task's checkbox is named by the task's text (a checkbox with no name reads as "checkbox").
    const box = item.task ? li.querySelector("input[type=checkbox]") : null;
    if (box) box.setAttribute("aria-label", (li.textContent ?? "").trim());
    node.append(li);
  }
  return node;
}

function inlineBlock(token: Token, hooks: MarkdownHooks): Node {
  const fragment = document.createDocumentFragment();
  renderInline([token], fragment, hooks);
  return fragment;
}

function cell(tag: "th" | "td", data: Tokens.TableCell, hooks: MarkdownHooks): HTMLElement {
  const node = withInline(tag, data.tokens, hooks);
  if (data.align && ALIGNMENTS.has(data.align)) node.style.textAlign = data.align;
  return node;
}

function table(token: Tokens.Table, hooks: MarkdownHooks): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = "md-table";
  const node = document.createElement("table");
  const head = node.createTHead().insertRow();
  for (const data of token.header) head.append(cell("th", data, hooks));
  const body = node.createTBody();
  for (const row of token.rows) {
    const tr = body.insertRow();
    for (const data of row) tr.append(cell("td", data, hooks));
  }
  wrapper.append(node);
  return wrapper;
}

/** A block as it was drawn: its token and the node drawn for it. */
export interface DrawnBlock {
  token: Token;
  node: Node | null;
}

/**
 * Draws one block token; `null` for tokens that draw nothing (blank lines, link definitions).
 * Given how the same block was drawn before (`drawn`), a paragraph that only grew at its end is
 * extended in place (`extendInline`), and `drawn.node` itself is returned.
 */
export function renderBlock(token: Token, hooks: MarkdownHooks, drawn?: DrawnBlock): Node | null {
  if (drawn?.node && drawn.token.type === "paragraph" && token.type === "paragraph" && extendInline(drawn.node, drawn.token.tokens ?? [], token.tokens ?? [], hooks)) {
    return drawn.node;
  }
  switch (token.type) {
    case "space":
    case "def":
      return null;
    case "paragraph":
      return withInline("p", token.tokens ?? [], hooks);
    case "heading":
      return withInline(HEADINGS[Math.min(Math.max(token.depth, 1), 6) - 1]!, token.tokens ?? [], hooks);
    case "code":
      return hooks.code ? hooks.code(token as Tokens.Code, drawn?.token.type === "code" ? drawn.node : null) : codeBlock(token as Tokens.Code);
    case "blockquote": {
      const node = document.createElement("blockquote");
      for (const child of token.tokens ?? []) {
        const rendered = renderBlock(child, hooks);
        if (rendered) node.append(rendered);
      }
      return node;
    }
    case "list":
      return list(token as Tokens.List, hooks);
    case "table":
      return table(token as Tokens.Table, hooks);
    case "hr":
      return document.createElement("hr");
    case "html": {
      // Raw HTML is shown as the text it is, never parsed.
      const node = document.createElement("p");
      node.className = "md-raw";
      node.textContent = token.text.replace(/\n+$/, "");
      return node;
    }
    case "text":
      return token.tokens ? withInline("p", token.tokens, hooks) : withInline("p", [token], hooks);
    default:
      return token.raw.trim() ? withInline("p", [{ type: "text", raw: token.raw, text: token.raw, escaped: true }], hooks) : null;
  }
}
