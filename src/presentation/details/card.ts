// Small DOM builders for details popovers and hover cards, in the overlays chunk with the
// renderers that use them (docs/performance.md, "What the drop-ins load later"). Every value from
// a record goes in through `textContent` or a checked attribute: records are untrusted
// (docs/security.md).
import { confusablesOf } from "../../codec/confusables.js";
import { el, liveHttpUrl } from "./dom.js";

/** A link that opens in a new tab when `href` is http(s); otherwise the text alone. */
export function linkOrText(href: string, text = href): HTMLElement {
  const live = liveHttpUrl(href);
  if (!live) return el("span", "t3-details-url", text);
  const link = el("a", "t3-details-url", text);
  link.href = live;
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  return link;
}

/** Characters that look like `/` but are not one to a URL parser (fullwidth and look-alikes). */
const LOOK_ALIKE_SLASHES = new RegExp(`[\uFF0F${confusablesOf("/").join("")}]`, "u");

/**
 * What a link really opens, for people to compare with its text: `opens <host>` (the parsed host,
 * punycode for an internationalized name), and a warning when the URL holds look-alike slashes
 * or a user name (`https://github.com∕acme@evil.example/` opens evil.example). `null` for a URL
 * that is not live.
 */
export function hostNote(href: string): HTMLElement | null {
  const live = liveHttpUrl(href);
  if (!live) return null;
  const url = new URL(live);
  const warnings: string[] = [];
  if (LOOK_ALIKE_SLASHES.test(href)) warnings.push("look-alike slashes");
  if (url.username || url.password) warnings.push("user name in URL");
  const note = el("span", "t3-details-host", [`opens ${url.hostname}`, ...warnings].join(" · "));
  if (warnings.length) note.setAttribute("data-warning", "true");
  return note;
}

function withHost(shown: Node | string, href: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(shown);
  const note = hostNote(href);
  if (note) fragment.append(" ", note);
  return fragment;
}

/** {@link linkOrText}, followed by its {@link hostNote} when it is live. */
export function linkWithHost(href: string, text = href): DocumentFragment {
  return withHost(linkOrText(href, text), href);
}

/** A URL as text (the chip itself opens it), followed by its {@link hostNote}. */
export function textWithHost(href: string): DocumentFragment {
  return withHost(href, href);
}

/** The card every details view starts with: a `t3-details` box with a title. */
export function detailsCard(kind: string, title: string, subtitle?: string): HTMLElement {
  const card = el("div", "t3-details");
  card.dataset.kind = kind;
  card.append(el("div", "t3-details-title", title));
  if (subtitle) card.append(el("div", "t3-details-subtitle", subtitle));
  return card;
}

/** A `<dl>` of name/value rows; rows whose value is empty are left out. */
export function fieldList(rows: ReadonlyArray<readonly [string, string | Node | null | undefined]>): HTMLElement | null {
  const list = el("dl", "t3-details-fields");
  for (const [name, value] of rows) {
    if (value === null || value === undefined || value === "") continue;
    list.append(el("dt", undefined, name));
    const cell = el("dd");
    cell.append(value);
    list.append(cell);
  }
  return list.childElementCount ? list : null;
}

/** A titled section holding `body`. */
export function section(name: string, body: Node): HTMLElement {
  const box = el("section", "t3-details-section");
  box.append(el("div", "t3-details-heading", name), body);
  return box;
}

/** Preformatted text: a `<pre><code>` that keeps whitespace and scrolls. */
export function codeBlock(text: string, className = ""): HTMLElement {
  const pre = el("pre", `t3-details-code ${className}`.trim());
  pre.append(el("code", undefined, text));
  return pre;
}

/**
 * Preformatted lines, each a span with `data-line` (its number) and, when `classify` says so, a
 * class. The numbers are drawn by CSS (`::before`), so a selection copies the text alone.
 */
export function numberedLines(
  text: string,
  firstLine: number,
  className: string,
  classify?: (line: string) => string | undefined,
): HTMLElement {
  const pre = el("pre", `t3-details-code ${className}`);
  // A focus stop, so that a keyboard can scroll lines wider or longer than the card.
  pre.tabIndex = 0;
  const code = el("code");
  text.split("\n").forEach((line, index) => {
    if (index > 0) code.append("\n");
    const span = el("span", "t3-line", line);
    span.dataset.line = String(firstLine + index);
    const extra = classify?.(line);
    if (extra) span.classList.add(extra);
    code.append(span);
  });
  pre.append(code);
  return pre;
}

/** Appends the non-null nodes. */
export function appendAll(parent: HTMLElement, nodes: ReadonlyArray<Node | null | undefined>): HTMLElement {
  for (const node of nodes) if (node) parent.append(node);
  return parent;
}
