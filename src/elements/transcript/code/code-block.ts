// A fenced code block as the transcript draws it (docs/transcript.md, "Code blocks"): a header
// with the fence's language and a Copy button, then the code. The code shows as plain text at
// once; it is highlighted when the block first comes into view, by the host's `highlighter` or
// the built-in one (highlight-js.ts, a chunk of its own, loaded then). A fence that grows while a
// reply streams keeps the nodes of its finished lines: only the lines from the last point where
// the grammar stood outside every scope are highlighted again, in the update itself once the
// highlighter is in, and at most once per frame.
import type { Tokens } from "marked";
import type { Localizer } from "../../../l10n/localizer.js";
import { maskIcon } from "../../../presentation/chip-dom.js";
import { Chunk } from "../../chunks.js";
import { fenceLanguage } from "../markdown/blocks.js";
import { COPY_SKIP_ATTRIBUTE } from "../selection-markdown.js";
import type * as Lines from "./lines.js";
import type { DrawnLine } from "./lines.js";
import type { CodeHighlighter } from "./types.js";

/** The class of a code block's Copy button. */
export const CODE_COPY_CLASS = "code-copy";
const CODE_BLOCK_CLASS = "code-block";
/** How far outside the viewport a block starts its highlighting, so it is ready as it scrolls in. */
const VIEW_MARGIN = "200px";

/** How code blocks are drawn: the strings, and the highlighter (`undefined`: built in; `null`: none). */
export interface CodeBlockSettings {
  strings: Localizer;
  highlighter: CodeHighlighter | null | undefined;
}

// Loaded with the first highlighting: the pass and the drawing of runs as DOM (a host's highlighter
// needs only that), which loads the built-in highlighter (highlight.js) when it is the one.
const lines = new Chunk<typeof Lines>(() => import("./lines.js"));

/** One drawn code block's state: the code shown, its lines once highlighted, and what is due. @internal */
export interface CodeBlockView {
  readonly node: HTMLElement;
  readonly code: HTMLElement;
  readonly language: string;
  text: string;
  settings: CodeBlockSettings;
  /** The highlighted lines, in order; empty while the code shows plain. */
  lines: DrawnLine[];
  /** The text after the highlighted lines, shown plain until the next pass. */
  tail: Text | null;
  /** Offsets where highlighting may start again, as the last pass found them. */
  restarts: readonly number[];
  visible: boolean;
  frame: number;
  /** Counts the texts shown: a pass whose text is no longer shown draws nothing. */
  version: number;
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
  const view: CodeBlockView = {
    node: document.createElement("div"),
    code: document.createElement("code"),
    language: fenceLanguage(token),
    settings,
    text: "",
    lines: [],
    tail: null,
    restarts: [],
    visible: false,
    frame: 0,
    version: 0,
  };
  view.node.className = CODE_BLOCK_CLASS;
  view.node.setAttribute("part", "code-block");
  const pre = document.createElement("pre");
  if (view.language) view.code.dataset.lang = view.language;
  pre.append(view.code);
  view.node.append(header(view.language, settings.strings), pre);
  views.set(view.node, view);
  return view;
}

/** Shows `text` in `view`: what was shown and is still its start keeps its nodes; the rest is plain until highlighted. */
function show(view: CodeBlockView, text: string): void {
  if (text === view.text && view.version > 0) return;
  view.version++;
  // An unfinished last line goes back to plain with the rest: a line is a block of its own
  // (code-theme.styles.ts), and the text that continues it must not show on the next line.
  // (A pass leaves no plain tail, and this is the first change since that pass.)
  if (!view.lines.at(-1)?.text.endsWith("\n")) view.lines.pop()?.node.remove();
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

function warnPlain(error: unknown): void {
  console.warn("t3-composer: a code block could not be highlighted; it stays plain", error);
}

/**
 * Highlights `view` now when the drawing of highlighted code is in, else at the next frame, and at
 * most once per frame: a change after this frame's pass is highlighted at the next frame, with any
 * other change until then. A pass now lets the browser lay the block out once, highlighted; a pass
 * at the next frame would lay it out again.
 */
function schedule(view: CodeBlockView): void {
  if (view.frame) return;
  const drawing = view.node.isConnected ? lines.loaded : undefined;
  if (drawing) return drawing.passNow(view, schedule);
  view.frame = requestAnimationFrame(() => {
    view.frame = 0;
    // The pass is in the chunk that draws highlighted code: no first load holds it.
    if (view.node.isConnected) void lines.get().then((drawing) => drawing.highlightPass(view, schedule), warnPlain);
  });
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
  const view = previous && previous.language === fenceLanguage(token) && previous.settings.highlighter === settings.highlighter ? previous : create(token, settings);
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
