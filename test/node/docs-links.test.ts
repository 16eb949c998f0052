// Every relative link in README.md and docs/**/*.md names a file that exists, and every `#anchor`
// a heading (or an explicit `<a id>`) of the page it points to. Pages added later are checked too.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { githubSlug, headingText } from "../../scripts/docs-slug.js";
import { docsPages, ROOT } from "./support/docs-pages.js";

/**
 * The page's lines with fenced code blocks and code spans (which may cross lines) blanked, so
 * that line numbers stay those of the file.
 */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      lines.push("");
    } else lines.push(fence === undefined ? line : "");
  }
  return lines.join("\n").replace(/(`+)[\s\S]*?\1/g, (code) => code.replace(/[^\n]/g, " ")).split("\n");
}

/** HTML a page may hold outside code; anything else would be compiled as a Vue template by the site. */
const ALLOWED_TAGS = new Set(["a", "br", "details", "summary", "kbd", "sub", "sup"]);

/** Tags and `{{` outside code, which VitePress would read as Vue (`npm run docs:build` fails on them). */
function vueHazards(file: string): string[] {
  const found: string[] = [];
  proseLines(readFileSync(file, "utf8")).forEach((text, index) => {
    for (const [tag, name] of text.matchAll(/<\/?([a-zA-Z][\w-]*)/g)) {
      if (!ALLOWED_TAGS.has(name!.toLowerCase())) found.push(`line ${index + 1}: ${tag} outside code (wrap it in backticks)`);
    }
    if (text.includes("{{")) found.push(`line ${index + 1}: {{ outside code`);
  });
  return found;
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors of a page: its headings' slugs (repeats numbered as GitHub does) and `<a id>`s. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const counts = new Map<string, number>();
  const markdown = readFileSync(file, "utf8");
  for (const line of proseLines(markdown)) {
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  }
  const raw = markdown.split("\n");
  for (const [index, line] of proseLines(markdown).entries()) {
    // A heading is found in the prose line, and its text read from the raw one (code spans kept).
    const heading = /^#{1,6}\s/.test(line) && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw[index]!);
    if (!heading) continue;
    const slug = githubSlug(headingText(heading[1]!));
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Relative link targets of a page (no scheme), with their line numbers. */
function links(file: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  proseLines(readFileSync(file, "utf8")).forEach((text, index) => {
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target!)) found.push({ target: target!, line: index + 1 });
    }
  });
  return found;
}

const files = docsPages();

describe("documentation links", () => {
  it("finds the pages and their links", () => {
    assert.ok(files.length > 20, `only ${files.length} pages`);
    assert.ok(files.reduce((sum, file) => sum + links(file).length, 0) > 50);
  });

  for (const file of files) {
    it(relative(ROOT, file), () => {
      const broken: string[] = [];
      for (const { target, line } of links(file)) {
        const [path, anchor] = target.split("#", 2) as [string, string | undefined];
        const destination = path === "" ? file : resolve(dirname(file), decodeURI(path));
        if (!existsSync(destination)) broken.push(`line ${line}: ${target} (no such file)`);
        else if (anchor !== undefined && destination.endsWith(".md") && !anchorsOf(destination).has(anchor)) {
          broken.push(`line ${line}: ${target} (no heading #${anchor} in ${relative(ROOT, destination)})`);
        }
      }
      assert.deepEqual([...broken, ...vueHazards(file)], []);
    });
  }
});
