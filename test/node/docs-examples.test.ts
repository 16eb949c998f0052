// Every code block marked runnable in README.md and docs/**/*.md (```` ```ts runnable ```` or
// ```` ```js runnable ````) runs as an ES module in Node, and must exit cleanly: each checks its
// own results with node:assert, so a page that shows a wrong result fails here. Its imports of
// `t3-composer/...` resolve to this repository's dist/ (a package may import itself by name).
// Element examples (```` ```html ````) are not marked: the recipes of docs/getting-started.md are
// the files the browser tests run (test/node/readme-embed.test.ts keeps them in step).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { after, describe, it } from "node:test";
import { docsPages, ROOT } from "./support/docs-pages.js";

const WORK = join(ROOT, ".tmp", "docs-examples");
/** How long one example may take; they are small, so this only stops a hung one. */
const EXAMPLE_TIMEOUT_MS = 60_000;
const notBuilt = existsSync(join(ROOT, "dist", "codec.js")) ? false : "dist/ is missing: run `npm run build` (npm test does)";

interface Example {
  page: string;
  line: number;
  language: "ts" | "js";
  code: string;
}

/** The runnable blocks of a page: an opening fence whose info string is `ts runnable` or `js runnable`. */
function examplesOf(file: string): Example[] {
  const examples: Example[] = [];
  const lines = readFileSync(file, "utf8").split("\n");
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(```+)(ts|js) runnable\s*$/.exec(lines[index]!);
    if (!open) continue;
    const [, indent, fence, language] = open;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length && lines[end]!.trim() !== fence; end++) body.push(lines[end]!.slice(indent!.length));
    examples.push({ page: relative(ROOT, file), line: index + 1, language: language as "ts" | "js", code: body.join("\n") + "\n" });
    index = end;
  }
  return examples;
}

const examples = docsPages().flatMap(examplesOf);

describe("runnable docs examples", { skip: notBuilt }, () => {
  mkdirSync(WORK, { recursive: true });
  after(() => rmSync(WORK, { recursive: true, force: true }));

  it("finds them on the pages that have them", () => {
    const pagesWithExamples = new Set(examples.map((example) => example.page));
    for (const page of ["docs/codec.md", "docs/custom-kinds.md", "docs/wire-format.md"]) assert.ok(pagesWithExamples.has(page), page);
  });

  for (const example of examples) {
    it(`${example.page}:${example.line}`, () => {
      const file = join(WORK, `${example.page.replace(/\W/g, "_")}_${example.line}.${example.language === "ts" ? "mts" : "mjs"}`);
      writeFileSync(file, example.code);
      const args = example.language === "ts" ? ["--import", "tsx", file] : [file];
      const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", timeout: EXAMPLE_TIMEOUT_MS });
      assert.equal(result.status, 0, `${example.page}:${example.line} failed:\n${result.stderr}${result.stdout}`);
    });
  }
});
