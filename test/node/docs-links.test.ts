// Every relative link in README.md and docs/**/*.md names a file that exists, and every `#anchor`
// a heading (or an explicit `<a id>`) of the page it points to; every image a page shows
// (Markdown or `<img>`/`<source>`) exists, and every picture in docs/images is shown somewhere and
// stays small. Pages added later are checked too.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
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
const ALLOWED_TAGS = new Set(["a", "br", "details", "summary", "kbd", "sub", "sup", "picture", "source", "img"]);

const THEME = join(ROOT, "docs", ".vitepress", "theme");
/**
 * The live examples a page may embed (`<LiveChat />`…): a component in docs/.vitepress/theme/live/
 * that the theme registers by its name. GitHub shows nothing for them; the site, the example.
 */
const LIVE_TAGS = new Set(
  readdirSync(join(THEME, "live"))
    .map((file) => /^(Live\w+)\.vue$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined && new RegExp(`\\b${name}\\b`).test(readFileSync(join(THEME, "index.ts"), "utf8"))),
);

/** Tags, `{{` and localhost links outside code, on which `npm run docs:build` fails (VitePress reads the first two as Vue). */
function vueHazards(file: string): string[] {
  const found: string[] = [];
  proseLines(readFileSync(file, "utf8")).forEach((text, index) => {
    for (const [tag, name] of text.matchAll(/<\/?([a-zA-Z][\w-]*)/g)) {
      if (!ALLOWED_TAGS.has(name!.toLowerCase()) && !LIVE_TAGS.has(name!)) found.push(`line ${index + 1}: ${tag} outside code (wrap it in backticks)`);
    }
    if (text.includes("{{")) found.push(`line ${index + 1}: {{ outside code`);
    // The site's build counts a link to localhost as dead (it is one, for a reader of the site).
    if (/https?:\/\/localhost\b/.test(text)) found.push(`line ${index + 1}: a localhost URL outside code (wrap it in backticks)`);
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

/** The URLs of an `<img src>` or a `<source srcset>` (each candidate without its descriptor). */
function htmlImageUrls(text: string): string[] {
  const urls: string[] = [];
  for (const [, attribute, value] of text.matchAll(/<(?:img|source)\b[^>]*?\s(src|srcset)="([^"]*)"/g)) {
    urls.push(...(attribute === "srcset" ? value!.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!) : [value!]));
  }
  return urls;
}

/** Relative link and image targets of a page (no scheme), with their line numbers. */
function links(file: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  proseLines(readFileSync(file, "utf8")).forEach((text, index) => {
    const markdown = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
    for (const target of [...markdown, ...htmlImageUrls(text)]) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) found.push({ target, line: index + 1 });
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

/** Pictures live in git: each must stay this small (scripts/screenshots.mjs keeps to it too). */
const MAX_IMAGE_BYTES = 200_000;
const IMAGES = join(ROOT, "docs", "images");

describe("documentation images", () => {
  const pictures = existsSync(IMAGES) ? readdirSync(IMAGES).sort() : [];
  const shownByPages = new Set(files.flatMap((file) => links(file).map(({ target }) => resolve(dirname(file), decodeURI(target.split("#")[0]!)))));

  it("finds the demo's screenshots", () => {
    assert.deepEqual(
      ["phone", "desktop"].flatMap((size) => ["light", "dark"].map((scheme) => `demo-${size}-${scheme}.png`)).filter((name) => !pictures.includes(name)),
      [],
    );
  });

  for (const name of pictures) {
    it(`docs/images/${name} is shown by a page and under ${MAX_IMAGE_BYTES} bytes`, () => {
      const path = join(IMAGES, name);
      assert.ok(shownByPages.has(path), `no page shows docs/images/${name}`);
      assert.ok(statSync(path).size <= MAX_IMAGE_BYTES, `docs/images/${name} is ${statSync(path).size} bytes`);
    });
  }

  it("allows the live examples the theme registers, and only those", () => {
    assert.deepEqual([...LIVE_TAGS].sort(), ["LiveChat", "LiveComposer", "LiveCustomKind", "LiveTranscript"]);
  });
});
