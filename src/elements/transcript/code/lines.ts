// Highlighted code as DOM: one `<span class="line">` per line, each run a text node, in a
// `<span>` whose class names its colour when the theme colours its scope (code-theme.styles.ts).
// No HTML string is built or parsed: a run's text only ever becomes a text node. A chunk of its
// own (loaded with the first highlighting, code-block.ts), with the theme's styles: no first load
// holds them.
import { adoptInto } from "../../adopt-styles.js";
import { codeThemeStyles } from "./code-theme.styles.js";
import { Chunk } from "../../chunks.js";
import type * as BuiltIn from "./highlight-js.js";
import type { CodeHighlighter, CodeToken, HighlightedCode } from "./types.js";

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

/** The built-in highlighter (highlight.js), loaded with its first pass. */
const builtIn = new Chunk<typeof BuiltIn>(() => import("./highlight-js.js"));

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
  // The theme joins the shadow root with the first spans it colours (given the root itself, so
  // that where sheets cannot be adopted its `<style>` goes there, not into the code).
  adoptInto(code.getRootNode(), [codeThemeStyles]);
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

/**
 * What a pass reads and updates of a drawn code block (code-block.ts's `CodeBlockView`), named
 * here so this chunk does not import the module that loads it.
 */
export interface PassedBlock {
  readonly code: HTMLElement;
  readonly language: string;
  readonly text: string;
  readonly version: number;
  readonly settings: { readonly highlighter: CodeHighlighter | null | undefined };
  lines: DrawnLine[];
  tail: Text | null;
  restarts: readonly number[];
  /** The animation frame that the block's next pass waits for, or `0`. */
  frame: number;
}

/** Where this pass starts: the last restart point whose text is unchanged, within the highlighted lines. */
function startOf(view: PassedBlock, highlighted: number): number {
  let from = 0;
  for (const restart of view.restarts) if (restart <= highlighted) from = restart;
  return from;
}

function warnPlain(error: unknown): void {
  console.warn("t3-composer: a code block could not be highlighted; it stays plain", error);
}

/**
 * Highlights `view`'s code as it is now and draws it: at once when the highlighter answers at once
 * (a host's that returns runs, or the built-in one with its grammar in), else when it answers;
 * then `again(view)` if the code changed meanwhile (the next frame's pass draws it). A highlighter
 * that fails leaves the block plain.
 */
export function highlightPass<View extends PassedBlock>(view: View, again: (view: View) => void): void {
  const { version, text } = view;
  const highlighted = view.lines.reduce((length, line) => length + line.text.length, 0);
  const own = view.settings.highlighter;
  const language = view.language.toLowerCase();
  // A host's highlighter gets the whole code each time (its lines that come out the same keep
  // their nodes); the built-in one starts again at the last point outside every scope.
  const from = own ? 0 : startOf(view, highlighted);
  const draw = (result: HighlightedCode | null): void => {
    if (version !== view.version) return again(view);
    if (!result || result.tokens.reduce((length, token) => length + token.text.length, 0) !== text.length - from) return;
    view.tail?.remove();
    view.tail = null;
    view.lines = drawLines(view.code, view.lines, from, result.tokens);
    view.restarts = result.restarts.map((offset) => offset + from);
  };
  let later: Promise<HighlightedCode | null>;
  try {
    if (own) {
      const tokens = own(text, language);
      if (tokens === null || Array.isArray(tokens)) return draw(tokens && { tokens, restarts: [] });
      later = Promise.resolve(tokens).then((runs) => runs && { tokens: runs, restarts: [] });
    } else {
      const now = builtIn.loaded?.highlightNow(text.slice(from), language);
      if (now !== undefined) return draw(now);
      later = builtIn.get().then((engine) => engine.highlight(text.slice(from), language));
    }
  } catch (error) {
    return warnPlain(error);
  }
  later.then(draw).catch(warnPlain);
}

/**
 * Runs a pass on `view` now and keeps the rest of this frame for it: a change before the next
 * frame is highlighted then, through `again(view)`, with any other change until then.
 */
export function passNow<View extends PassedBlock>(view: View, again: (view: View) => void): void {
  const version = view.version;
  highlightPass(view, again);
  view.frame = requestAnimationFrame(() => {
    view.frame = 0;
    if (view.version !== version) again(view);
  });
}
