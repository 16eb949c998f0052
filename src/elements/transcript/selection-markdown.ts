// A selection of rendered messages back to Markdown (docs/transcript.md, "Copying"). Chips give back the link
// they carry in `data-markdown-copy`, so a selection that starts and ends inside the text around
// chips copies those chips as canonical links; the blocks the renderer draws (paragraphs,
// headings, lists, quotes, code, tables) are written as Markdown again. Text is written as it
// reads: nothing is escaped, since the copy is meant for people and for the composer, whose text
// is plain text with links.

/** The attribute a chip carries its canonical link in (chips.ts). */
export const MARKDOWN_COPY_ATTRIBUTE = "data-markdown-copy";
/** Marks what is shown in a message but is not its text (a chip's expansion): copies leave it out. */
export const COPY_SKIP_ATTRIBUTE = "data-copy-skip";

const HEADING = /^H([1-6])$/;
const BACKTICK_RUN = /`+/g;
const FENCE_MIN = 3;
const LIST_ITEM_MARKER = "- ";
const RULE = "---";
const TABLE_RULE = "---";

/** Elements the renderer draws as blocks; anything else is inline content. */
const BLOCK_TAGS = new Set(["P", "PRE", "BLOCKQUOTE", "UL", "OL", "LI", "TABLE", "THEAD", "TBODY", "TR", "HR", "DIV", "H1", "H2", "H3", "H4", "H5", "H6"]);

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(BACKTICK_RUN) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** The shortest backtick fence that no run of backticks in `text` matches (CommonMark code spans). */
function codeSpan(text: string): string {
  const runs = new Set((text.match(BACKTICK_RUN) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const fence = "`".repeat(length);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return fence + pad + text + pad + fence;
}

function codeBlock(pre: Element): string {
  const code = pre.querySelector("code");
  const text = (code ?? pre).textContent ?? "";
  const fence = "`".repeat(Math.max(FENCE_MIN, longestBacktickRun(text) + 1));
  return `${fence}${code?.getAttribute("data-lang") ?? ""}\n${text.replace(/\n$/, "")}\n${fence}`;
}

function wrap(marker: string, inner: string): string {
  return inner === "" ? "" : marker + inner + marker;
}

function inlineElement(element: Element): string {
  if (element.hasAttribute(COPY_SKIP_ATTRIBUTE)) return "";
  const link = element.getAttribute(MARKDOWN_COPY_ATTRIBUTE);
  if (link !== null) return link; // a chip, however little of it the selection holds
  switch (element.tagName) {
    case "BR":
      return "\n";
    case "CODE":
      return codeSpan(element.textContent ?? "");
    case "STRONG":
      return wrap("**", inline(element));
    case "EM":
      return wrap("*", inline(element));
    case "DEL":
      return wrap("~~", inline(element));
    case "A":
      return `[${inline(element)}](${element.getAttribute("href") ?? ""})`;
    case "INPUT":
      return (element as HTMLInputElement).checked ? "[x] " : "[ ] ";
    default:
      return inline(element);
  }
}

/** The inline Markdown of `node`'s children. */
function inline(node: Node): string {
  let out = "";
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) out += (child as Text).data;
    else if (child.nodeType === Node.ELEMENT_NODE) out += inlineElement(child as Element);
  }
  return out;
}

function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split("\n")
    .map((line, index) => (index === 0 ? first : rest) + line)
    .join("\n");
}

function listItem(item: Element, marker: string): string {
  return prefixLines(blocks(item).join("\n"), marker, " ".repeat(marker.length));
}

function list(element: Element): string {
  const ordered = element.tagName === "OL";
  let number = Number(element.getAttribute("start") ?? 1) || 1;
  const items: string[] = [];
  for (const child of element.children) {
    if (child.tagName === "LI") items.push(listItem(child, ordered ? `${number++}. ` : LIST_ITEM_MARKER));
  }
  return items.join("\n");
}

function tableRow(row: Element): string {
  const cells = [...row.children].map((cell) => inline(cell).replaceAll("|", "\\|"));
  return `| ${cells.join(" | ")} |`;
}

function table(element: Element): string {
  const lines: string[] = [];
  for (const row of element.querySelectorAll("tr")) {
    lines.push(tableRow(row));
    // The header row is followed by the delimiter row GitHub tables need.
    if (lines.length === 1 && row.querySelector("th")) lines.push(`| ${[...row.children].map(() => TABLE_RULE).join(" | ")} |`);
  }
  return lines.join("\n");
}

function block(element: Element): string {
  const heading = HEADING.exec(element.tagName);
  if (heading) return `${"#".repeat(Number(heading[1]))} ${inline(element)}`;
  switch (element.tagName) {
    case "P":
      return inline(element);
    case "PRE":
      return codeBlock(element);
    case "BLOCKQUOTE":
      return prefixLines(blocks(element).join("\n\n"), "> ", "> ");
    case "UL":
    case "OL":
      return list(element);
    case "LI": // a selection that starts inside a list holds items without their list
      return listItem(element, LIST_ITEM_MARKER);
    case "TABLE":
    case "THEAD":
    case "TBODY":
      return table(element);
    case "TR":
      return tableRow(element);
    case "HR":
      return RULE;
    default:
      return blocks(element).join("\n\n");
  }
}

/**
 * The blocks of `parent`'s children; inline content between blocks makes a block of its own, and
 * list items without their list (a selection that starts inside one) stay one list.
 */
function blocks(parent: Node): string[] {
  const out: string[] = [];
  let run = "";
  let previousItem = false;
  for (const child of parent.childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE && (child as Element).hasAttribute(COPY_SKIP_ATTRIBUTE)) continue;
    if (child.nodeType === Node.ELEMENT_NODE && BLOCK_TAGS.has((child as Element).tagName) && !(child as Element).hasAttribute(MARKDOWN_COPY_ATTRIBUTE)) {
      if (run !== "") out.push(run);
      run = "";
      const item = (child as Element).tagName === "LI";
      const text = block(child as Element);
      if (text !== "" && item && previousItem) out[out.length - 1] += "\n" + text;
      else if (text !== "") out.push(text);
      previousItem = item && text !== "";
    } else if (child.nodeType === Node.TEXT_NODE) {
      run += (child as Text).data;
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      run += inlineElement(child as Element);
    }
  }
  if (run !== "") out.push(run);
  return out;
}

/**
 * The Markdown of rendered message content: `node` is a message body, or what a selection of
 * one holds (`Range.cloneContents()`). Blocks are separated by a blank line.
 */
export function markdownOfRendered(node: Node): string {
  return blocks(node).join("\n\n");
}
