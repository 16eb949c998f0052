// Highlighted code as DOM: one `<span class="line">` per line, each run a text node, in a
// `<span>` whose class names its colour when the theme colours its scope (code-block.styles.ts).
// No HTML string is built or parsed: a run's text only ever becomes a text node. A chunk of its
// own (loaded with the first highlighting, code-block.ts): no first load holds it.
import type { CodeToken } from "./types.js";

/**
 * The theme's colours (code-block.styles.ts), by the part of a scope's name before its first `.`:
 * highlight.js's scopes, grouped as the common themes group them.
 */
const THEME: ReadonlyMap<string, string> = new Map(
  Object.entries({
    keyword: "keyword", "selector-tag": "keyword", tag: "keyword", operator: "keyword",
    string: "string", regexp: "string", char: "string", quote: "string", "template-variable": "string",
    comment: "comment", doctag: "comment",
    number: "number", literal: "number", symbol: "number", bullet: "number", variable: "number", attr: "number",
    attribute: "number", property: "number", "selector-id": "number", "selector-class": "number",
    title: "title", function: "title", class: "title", section: "title", name: "title",
    type: "type", built_in: "type", params: "type",
    meta: "meta", subst: "meta",
    addition: "addition", deletion: "deletion",
  }),
);
const LINE_CLASS = "line";

/** One drawn line: its text (with its line feed) and its node. */
export interface DrawnLine {
  text: string;
  /** The runs' scopes, joined: two lines draw the same when text and key are. */
  key: string;
  node: HTMLElement;
}

/** The class for a scope (`tok-keyword`), or `undefined` when the theme does not colour it. */
export function scopeClass(scope: string | undefined): string | undefined {
  const colour = scope === undefined ? undefined : THEME.get(scope.split(".", 1)[0]!);
  return colour && `tok-${colour}`;
}

/** Cuts runs into lines, each run cut at its line feeds (which stay at their line's end). */
function splitLines(tokens: readonly CodeToken[]): CodeToken[][] {
  const lines: CodeToken[][] = [[]];
  for (const token of tokens) {
    let start = 0;
    for (let at = token.text.indexOf("\n"); at >= 0; at = token.text.indexOf("\n", start)) {
      lines.at(-1)!.push({ text: token.text.slice(start, at + 1), scope: token.scope });
      lines.push([]);
      start = at + 1;
    }
    if (start < token.text.length) lines.at(-1)!.push({ text: token.text.slice(start), scope: token.scope });
  }
  if (lines.at(-1)!.length === 0) lines.pop();
  return lines;
}

function lineNode(runs: readonly CodeToken[]): HTMLElement {
  const line = document.createElement("span");
  line.className = LINE_CLASS;
  for (const run of runs) {
    const className = scopeClass(run.scope);
    if (className === undefined) {
      line.append(run.text);
      continue;
    }
    const span = document.createElement("span");
    span.className = className;
    span.textContent = run.text;
    line.append(span);
  }
  return line;
}

/**
 * Draws the runs of the code from offset `from` into `code`, which holds `drawn` (lines that
 * cover at least the code up to `from`, then perhaps a plain tail). Lines before `from` stay as
 * they are; of the rest, a line drawn the same (same text, same scopes) keeps its node. Returns
 * the lines now drawn.
 */
export function drawLines(code: HTMLElement, drawn: readonly DrawnLine[], from: number, tokens: readonly CodeToken[]): DrawnLine[] {
  const lines: DrawnLine[] = [];
  let offset = 0;
  let index = 0;
  while (index < drawn.length && offset + drawn[index]!.text.length <= from) {
    lines.push(drawn[index]!);
    offset += drawn[index]!.text.length;
    index++;
  }
  const old = drawn.slice(index);
  let anchor: ChildNode | null = old[0]?.node ?? null;
  for (const runs of splitLines(tokens)) {
    const text = runs.map((run) => run.text).join("");
    const key = runs.map((run) => `${run.text.length}:${scopeClass(run.scope) ?? ""}`).join(",");
    const same = old[lines.length - index];
    if (same && same.text === text && same.key === key) {
      lines.push(same);
      anchor = same.node.nextSibling;
      continue;
    }
    const node = lineNode(runs);
    code.insertBefore(node, anchor);
    if (same) {
      same.node.remove();
      anchor = node.nextSibling;
    }
    lines.push({ text, key, node });
  }
  // What is left of the old lines, and the plain tail after them, give way.
  const kept = new Set(lines.map((line) => line.node));
  for (const line of old) if (!kept.has(line.node)) line.node.remove();
  for (let node = lines.at(-1)?.node.nextSibling ?? null; node; ) {
    const next = node.nextSibling;
    node.remove();
    node = next;
  }
  if (lines.length === 0) code.replaceChildren();
  return lines;
}
