// Inline mention and skill tokens typed as plain text (docs/wire-format.md, "Reference links",
// file mentions): `[name](path)` file links, `@path`, `@"quoted path"`, `$skill`, `$"quoted"`.
// Every token needs whitespace after it, so a token still being typed at the end is not one.

import { basename } from "./chars.js";
import { scanFileLinks } from "./file-links.js";

/** A mention or skill written as text. Offsets are UTF-16, `end` exclusive. */
export interface InlineToken {
  type: "mention" | "skill";
  /** The path or skill name, unescaped. */
  value: string;
  source: string;
  start: number;
  end: number;
}

const MENTION = /(^|\s)@(?:"((?:\\.|[^"\\])*)"|([^\s@"]+))(?=\s)/g;
/**
 * A skill: a quoted name, or a name that contains a letter and is not an amount of money
 * (`$20`, `$20k`, `$1e6` stay prose).
 */
const SKILL =
  /(^|\s)\$(?:"((?:\\[^\r\n]|[^"\\\r\n])+)"|(?![0-9][0-9_]*(?:[kKmMbBtT]|[eE][0-9]+)?(?=\s))(?=[a-zA-Z0-9:_-]*[a-zA-Z])([a-zA-Z0-9][a-zA-Z0-9:_-]*))(?=\s)/g;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
/** Bare `@scope/pkg` is a package name, not a path: suggestions write file links instead. */
const SCOPED_PACKAGE = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*(?:\/[^\s@"]+)*$/;
const ESCAPE = /\\(.)/g;

function token(type: InlineToken["type"], value: string, text: string, match: RegExpExecArray): InlineToken {
  const start = match.index + (match[1]?.length ?? 0);
  const end = match.index + match[0].length;
  return { type, value, source: text.slice(start, end), start, end };
}

function decodePath(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded; // a malformed escape stays as the user wrote it
  }
}

function fileLinks(text: string, out: InlineToken[]): void {
  for (const link of scanFileLinks(text)) {
    const path = decodePath(link.path);
    const hasScheme = URI_SCHEME.test(path) && !WINDOWS_DRIVE.test(path);
    if (path === "" || hasScheme || link.label.replace(ESCAPE, "$1") !== basename(path)) continue;
    out.push({ type: "mention", value: path, source: text.slice(link.start, link.end), start: link.start, end: link.end });
  }
}

function mentions(text: string, out: InlineToken[]): void {
  for (const match of text.matchAll(MENTION) as IterableIterator<RegExpExecArray>) {
    const quoted = match[2];
    const path = quoted !== undefined ? quoted.replace(ESCAPE, "$1") : match[3]!;
    if (path === "" || (quoted === undefined && SCOPED_PACKAGE.test(path))) continue;
    out.push(token("mention", path, text, match));
  }
}

function unescapeSkill(quoted: string): string {
  return quoted.replace(ESCAPE, (_, char: string) => (char === "n" ? "\n" : char === "r" ? "\r" : char));
}

function skills(text: string, out: InlineToken[]): void {
  for (const match of text.matchAll(SKILL) as IterableIterator<RegExpExecArray>) {
    const quoted = match[2];
    out.push(token("skill", quoted !== undefined ? unescapeSkill(quoted) : match[3]!, text, match));
  }
}

/**
 * Finds the mention and skill tokens of `text` in document order; where two overlap, the one
 * that starts first (then the longer) wins. A `t3-context://` link is never a mention.
 */
export function collectComposerInlineTokens(text: string): InlineToken[] {
  const found: InlineToken[] = [];
  fileLinks(text, found);
  mentions(text, found);
  skills(text, found);
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  let end = 0;
  return found.filter((candidate) => {
    if (candidate.start < end) return false;
    end = candidate.end;
    return true;
  });
}
