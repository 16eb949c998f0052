// Inline tokens to DOM. Text goes in through text nodes; the only attributes written from a
// message are a live link's checked `href` and its `title`.
import type { Token, Tokens } from "marked";
import { parseComposerContextHref } from "../../../codec/references.js";
import { liveHttpUrl } from "../../../presentation/details/dom.js";
import { decodeCharacterReferences } from "./entities.js";
import type { ContextReferenceToken } from "./lexer.js";

/** A reference link whose href parsed. */
export interface MarkdownReference {
  kind: string;
  contextId: string;
  /** The raw label from the text (the caller sanitizes it). */
  label: string;
  image: boolean;
  /** The link as written. */
  source: string;
}

/** What the caller draws: chips for context references, and fenced code blocks. */
export interface MarkdownHooks {
  reference(reference: MarkdownReference): Node;
  /**
   * A fenced or indented code block; given the node drawn for the block before (`drawn`, when it
   * was code too), it may show the new code in it and return it. Absent: a plain `<pre><code>`.
   */
  code?(token: Tokens.Code, drawn: Node | null): Node;
}

/** Any `t3-context:` href, valid or not: one that does not parse stays text as written. */
const CONTEXT_SCHEME = /^t3-context:/i;

const SIMPLE_TAGS = { strong: "strong", em: "em", del: "del" } as const;

function text(token: { text: string; escaped?: boolean }): string {
  // `escaped` text sits inside raw HTML; it is shown literally, like the HTML around it.
  return token.escaped ? token.text : decodeCharacterReferences(token.text);
}

/** The plain text of inline tokens (an image's alt text, a label inside a live link). */
export function plainText(tokens: readonly Token[] | undefined): string {
  let out = "";
  for (const token of tokens ?? []) {
    if (token.type === "text") out += token.tokens ? plainText(token.tokens) : text(token as Tokens.Text);
    else if (token.type === "escape" || token.type === "codespan" || token.type === "html") out += (token as Tokens.Codespan).text;
    else if (token.type === "contextReference") out += (token as unknown as ContextReferenceToken).label;
    else if ("tokens" in token && token.tokens) out += plainText(token.tokens);
    else if (token.type === "image") out += plainText(token.tokens);
  }
  return out;
}

function reference(href: string, label: string, image: boolean, source: string, hooks: MarkdownHooks, inLink: boolean): Node {
  const parsed = parseComposerContextHref(href);
  // A link that does not parse is not a chip: it stays text, exactly as written.
  if (!parsed) return document.createTextNode(source);
  // A chip is a button, and a button cannot sit inside a link: show the label there.
  if (inLink) return document.createTextNode(label);
  return hooks.reference({ ...parsed, label, image, source });
}

function link(token: Tokens.Link, hooks: MarkdownHooks, inLink: boolean): Node {
  const href = token.autolink ? token.href : decodeCharacterReferences(token.href);
  if (CONTEXT_SCHEME.test(href)) return reference(href, token.text, false, token.raw, hooks, inLink);
  const live = inLink ? null : liveHttpUrl(href);
  const node = document.createElement(live ? "a" : "span");
  if (live) {
    node.setAttribute("href", live);
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
    if (token.title) node.title = decodeCharacterReferences(token.title);
  }
  renderInline(token.tokens, node, hooks, inLink || live !== null);
  return node;
}

/**
 * Markdown images are never loaded from the URL a message names: that would let any message
 * ping any server from the reader's browser. The alt text is shown instead, as a link to the
 * image when its URL is http(s).
 */
function image(token: Tokens.Image, hooks: MarkdownHooks, inLink: boolean): Node {
  const href = decodeCharacterReferences(token.href);
  if (CONTEXT_SCHEME.test(href)) return reference(href, token.text, true, token.raw, hooks, inLink);
  const alt = plainText(token.tokens) || href;
  const live = inLink ? null : liveHttpUrl(href);
  if (!live) return document.createTextNode(alt);
  const node = document.createElement("a");
  node.className = "md-image-link";
  node.setAttribute("href", live);
  node.setAttribute("target", "_blank");
  node.setAttribute("rel", "noopener noreferrer");
  node.textContent = alt;
  return node;
}

function inlineNode(token: Token, hooks: MarkdownHooks, inLink: boolean): Node {
  switch (token.type) {
    case "text":
      if (token.tokens) {
        const fragment = document.createDocumentFragment();
        renderInline(token.tokens, fragment, hooks, inLink);
        return fragment;
      }
      return document.createTextNode(text(token as Tokens.Text));
    case "escape":
      return document.createTextNode(token.text);
    case "html": // raw HTML is shown as the text it is, never parsed
      return document.createTextNode(token.text);
    case "codespan": {
      const code = document.createElement("code");
      code.textContent = token.text;
      return code;
    }
    case "br":
      return document.createElement("br");
    case "strong":
    case "em":
    case "del": {
      const node = document.createElement(SIMPLE_TAGS[token.type]);
      renderInline(token.tokens ?? [], node, hooks, inLink);
      return node;
    }
    case "link":
      return link(token as Tokens.Link, hooks, inLink);
    case "image":
      return image(token as Tokens.Image, hooks, inLink);
    case "contextReference": {
      const ref = token as unknown as ContextReferenceToken;
      return reference(ref.href, ref.label, ref.image, ref.raw, hooks, inLink);
    }
    case "checkbox": {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.disabled = true;
      box.checked = (token as Tokens.Checkbox).checked;
      return box;
    }
    default:
      return document.createTextNode(token.raw);
  }
}

/** Appends inline tokens to `parent`. */
export function renderInline(tokens: readonly Token[], parent: Node, hooks: MarkdownHooks, inLink = false): void {
  for (const token of tokens) parent.appendChild(inlineNode(token, hooks, inLink));
}

const sameToken = (a: Token, b: Token) => a.raw === b.raw && a.type === b.type;

/** Adds to the text node `node`, which shows the text token `shown`, what `grown` adds to it; `false` if it is not a longer copy. */
function growText(node: ChildNode | null, shown: Token, grown: Token): boolean {
  if (shown.type !== "text" || grown.type !== "text" || shown.tokens || grown.tokens || !(node instanceof Text)) return false;
  const before = text(shown as Tokens.Text);
  const after = text(grown as Tokens.Text);
  if (node.data !== before || !after.startsWith(before)) return false;
  if (after.length > before.length) node.appendData(after.slice(before.length));
  return true;
}

/**
 * Draws into `parent`, which holds the inline tokens `drawn`, what `next` adds to them, when `next`
 * only adds at the end: the same tokens (the last one may be a text that grew), then new ones. A
 * reply streaming into a paragraph takes its new words this way, added to the text node that is
 * there: nothing drawn is replaced (a selection in it stays), and the browser has no new element
 * to style. Returns `false`, having changed nothing, when `next` is not such an extension.
 */
export function extendInline(parent: Node, drawn: readonly Token[], next: readonly Token[], hooks: MarkdownHooks): boolean {
  const last = drawn.length - 1;
  if (last < 0 || next.length <= last) return false;
  for (let i = 0; i < last; i++) if (!sameToken(drawn[i]!, next[i]!)) return false;
  if (!sameToken(drawn[last]!, next[last]!) && !growText(parent.lastChild, drawn[last]!, next[last]!)) return false;
  renderInline(next.slice(last + 1), parent, hooks);
  return true;
}
