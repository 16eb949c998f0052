// A fenced code block as the transcript draws it (docs/transcript.md, "Code blocks"): a header
// with the fence's language and a Copy button, then the code. The code shows as plain text at
// once; it is highlighted when the block first comes into view, by the host's `highlighter` or
// the built-in one (highlight-js.ts, a chunk of its own, loaded then). A fence that grows while a
// reply streams keeps the nodes of its finished lines: only the lines from the last point where
// the grammar stood outside every scope are highlighted again, at most once per frame.
import type { Tokens } from "marked";
import type { Localizer } from "../../../l10n/localizer.js";
import { maskIcon } from "../../../presentation/chip-dom.js";
import { Chunk } from "../../chunks.js";
import { COPY_SKIP_ATTRIBUTE } from "../selection-markdown.js";
import type * as BuiltIn from "./highlight-js.js";
import type * as Lines from "./lines.js";
import type { DrawnLine } from "./lines.js";
import type { CodeHighlighter, HighlightedCode } from "./types.js";

/** The class of a code block's Copy button. */
export const CODE_COPY_CLASS = "code-copy";
const CODE_BLOCK_CLASS = "code-block";
/** A fence's info string is untrusted: only a plain language name is kept. */
const LANGUAGE = /^[\w+#.-]{1,32}$/;
/** How far outside the viewport a block starts its highlighting, so it is ready as it scrolls in. */
const VIEW_MARGIN = "200px";

/** How code blocks are drawn: the strings, and the highlighter (`undefined`: built in; `null`: none). */
export interface CodeBlockSettings {
  strings: Localizer;
  highlighter: CodeHighlighter | null | undefined;
}

// Both load with the first highlighting: the built-in highlighter (highlight.js), and the drawing
// of runs as DOM (a host's highlighter needs only that).
const builtIn = new Chunk<typeof BuiltIn>(() => import("./highlight-js.js"));
const lines = new Chunk<typeof Lines>(() => import("./lines.js"));

/** One drawn code block's state: the code shown, its lines once highlighted, and what is due. */
class CodeBlockView {
  readonly node: HTMLElement;
  readonly code: HTMLElement;
  readonly language: string;
  text = "";
  settings: CodeBlockSettings;
  /** The highlighted lines, in order; empty while the code shows plain. */
  lines: DrawnLine[] = [];
  /** The text after the highlighted lines, shown plain until the next pass. */
  tail: Text | null = null;
  /** Offsets where highlighting may start again, as the last pass found them. */
  restarts: readonly number[] = [];
  visible = false;
  frame = 0;
  /** Counts the texts shown: a pass whose text is no longer shown draws nothing. */
  version = 0;

  constructor(node: HTMLElement, code: HTMLElement, language: string, settings: CodeBlockSettings) {
    this.node = node;
    this.code = code;
    this.language = language;
    this.settings = settings;
  }
}

const views = new WeakMap<Element, CodeBlockView>();

// One observer for every block: a block is highlighted once it first comes near the viewport.
let observer: IntersectionObserver | null = null;
function observe(view: CodeBlockView): void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const seen = views.get(entry.target);
        if (!entry.isIntersecting || !seen) continue;
        observer!.unobserve(entry.target);
        seen.visible = true;
        schedule(seen);
      }
    },
    { rootMargin: VIEW_MARGIN },
  );
  observer.observe(view.node);
}

function languageOf(token: Tokens.Code): string {
  const language = token.lang?.trim().split(/\s/, 1)[0] ?? "";
  return LANGUAGE.test(language) ? language : "";
}

function header(language: string, strings: Localizer): HTMLElement {
  const head = document.createElement("div");
  head.className = "code-header";
  // The header is no part of the code: a selection copied across it leaves it out.
  head.setAttribute(COPY_SKIP_ATTRIBUTE, "");
  const label = document.createElement("span");
  label.className = "code-language";
  label.setAttribute("part", "code-language");
  label.textContent = language;
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = CODE_COPY_CLASS;
  copy.setAttribute("part", "code-copy");
  const name = strings.text("copyCode");
  copy.setAttribute("aria-label", name);
  copy.title = name;
  copy.append(maskIcon("copy"));
  head.append(label, copy);
  return head;
}

function create(token: Tokens.Code, settings: CodeBlockSettings): CodeBlockView {
  const language = languageOf(token);
  const node = document.createElement("div");
  node.className = CODE_BLOCK_CLASS;
  node.setAttribute("part", "code-block");
  const pre = document.createElement("pre");
  const code = document.createElement("code");
  if (language) code.dataset.lang = language;
  pre.append(code);
  node.append(header(language, settings.strings), pre);
  const view = new CodeBlockView(node, code, language, settings);
  views.set(node, view);
  return view;
}

/** Shows `text` in `view`: what was shown and is still its start keeps its nodes; the rest is plain until highlighted. */
function show(view: CodeBlockView, text: string): void {
  if (text === view.text && view.version > 0) return;
  view.version++;
  const highlighted = view.lines.reduce((length, line) => length + line.text.length, 0);
  if (view.lines.length > 0 && text.startsWith(view.text.slice(0, highlighted))) {
    // The highlighted lines stay; what follows them shows plain until the next pass.
    const rest = text.slice(highlighted);
    if (view.tail) view.tail.data = rest;
    else view.code.append((view.tail = document.createTextNode(rest)));
  } else if (view.lines.length === 0 && view.tail && text.startsWith(view.text)) {
    view.tail.appendData(text.slice(view.text.length));
  } else {
    view.lines = [];
    view.restarts = [];
    view.code.replaceChildren((view.tail = document.createTextNode(text)));
  }
  view.text = text;
  if (view.language && view.settings.highlighter !== null) {
    if (view.visible) schedule(view);
    else if (view.version === 1) observe(view);
  }
}

/** Highlights `view` at the next frame; updates before then are highlighted together. */
function schedule(view: CodeBlockView): void {
  if (view.frame) return;
  view.frame = requestAnimationFrame(() => {
    view.frame = 0;
    if (view.node.isConnected) void pass(view);
  });
}

/** Where this pass starts: the last restart point whose text is unchanged, within the highlighted lines. */
function startOf(view: CodeBlockView, highlighted: number): number {
  let from = 0;
  for (const restart of view.restarts) if (restart <= highlighted) from = restart;
  return from;
}

async function pass(view: CodeBlockView): Promise<void> {
  const { version, text } = view;
  const highlighted = view.lines.reduce((length, line) => length + line.text.length, 0);
  const own = view.settings.highlighter;
  // A host's highlighter gets the whole code each time (its lines that come out the same keep
  // their nodes); the built-in one starts again at the last point outside every scope.
  const from = own ? 0 : startOf(view, highlighted);
  let result: HighlightedCode | null;
  let drawLines: typeof Lines.drawLines;
  try {
    ({ drawLines } = await lines.get());
    if (own) {
      const tokens = await own(text, view.language.toLowerCase());
      result = tokens && { tokens, restarts: [] };
    } else {
      const engine = await builtIn.get();
      result = await engine.highlight(text.slice(from), view.language.toLowerCase());
    }
  } catch (error) {
    console.warn("t3-composer: a code block could not be highlighted; it stays plain", error);
    return;
  }
  // The code changed meanwhile: the next frame's pass draws it.
  if (version !== view.version) return schedule(view);
  if (!result || result.tokens.reduce((length, token) => length + token.text.length, 0) !== text.length - from) return;
  view.tail?.remove();
  view.tail = null;
  view.lines = drawLines(view.code, view.lines, from, result.tokens);
  view.restarts = result.restarts.map((offset) => offset + from);
}

/**
 * The code of a block: its lines, joined by line feeds. marked's `text` has the last line's line
 * feed when the last line is blank (`a\n\n` for a fence of `a` and a blank line, `a` without it).
 */
function codeText(token: Tokens.Code): string {
  return token.text.endsWith("\n") ? token.text.slice(0, -1) : token.text;
}

/**
 * Draws the fence `token`. Given the node drawn for the same fence before (`drawn`), with the same
 * language, it shows the new code in that node and returns it; else a new block.
 */
export function drawCodeBlock(token: Tokens.Code, settings: CodeBlockSettings, drawn: Node | null): HTMLElement {
  const previous = drawn instanceof HTMLElement ? views.get(drawn) : undefined;
  const view = previous && previous.language === languageOf(token) && previous.settings.highlighter === settings.highlighter ? previous : create(token, settings);
  view.settings = settings;
  show(view, codeText(token));
  return view.node;
}

/** The code of the block holding `button`, exactly as written between its fences. */
export function codeOf(button: Element): string | undefined {
  const node = button.closest(`.${CODE_BLOCK_CLASS}`);
  return node ? views.get(node)?.text : undefined;
}

/** The Copy button an event is on, if any. */
export function codeCopyButtonAt(event: Event): HTMLElement | null {
  const button = (event.target as Element | null)?.closest?.(`.${CODE_COPY_CLASS}`);
  return button instanceof HTMLElement ? button : null;
}
