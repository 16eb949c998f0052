// The package as npm ships it: what the tarball holds, and that every entry of `exports` loads
// from a fresh install of it (the Node entries in Node, the browser entries in Chromium).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { reachableFiles } from "../../../scripts/package-files.mjs";
import { ROOT, installPacked, type Scratch } from "./scratch.js";
import { importInChromium } from "./browser.js";
import { RECIPES, runRecipes, type RecipeRun } from "./recipes.js";
import { checkNode, checkReact, checkSolid, checkSvelte, checkVue, prepareFrameworks } from "./frameworks.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  license: string;
  sideEffects: string[];
  exports: Record<string, string | Record<string, string>>;
};
const notBuilt = existsSync(join(ROOT, "dist", "index.js")) ? false : "dist/ is missing: run `npm run build` (npm test does)";

/** Files every package carries besides what `exports` reaches. */
const ALWAYS = ["package.json", "README.md", "LICENSE", "custom-elements.json"];
describe("the packed package", { skip: notBuilt }, () => {
  let scratch: Scratch;
  before(() => {
    scratch = installPacked();
    prepareFrameworks(scratch.dir);
  });
  after(() => scratch?.dispose());

  it("holds only what an export reaches, the manifest, the README and the LICENSE", () => {
    const wanted = reachableFiles(scratch.installed, pkg.exports);
    const extra = scratch.packed.files.map((file) => file.path).filter((path) => !ALWAYS.includes(path) && !wanted.has(path));
    assert.deepEqual(extra, [], "files in the tarball that no export reaches");
    assert.deepEqual(ALWAYS.filter((path) => !scratch.packed.files.some((file) => file.path === path)), []);
  });

  it("ships no source maps (docs/development.md says why)", () => {
    assert.deepEqual(scratch.packed.files.filter((file) => file.path.endsWith(".map")).map((file) => file.path), []);
  });

  it("carries an MIT LICENSE, as package.json says", () => {
    assert.equal(pkg.license, "MIT");
    assert.match(readFileSync(join(scratch.installed, "LICENSE"), "utf8"), /^MIT License\n/);
  });

  it("declares side effects for shipped files only", () => {
    const shipped = new Set(scratch.packed.files.map((file) => `./${file.path}`));
    assert.deepEqual(pkg.sideEffects.filter((file) => !shipped.has(file)), []);
  });

  it("passes publint", async () => {
    const { messages } = await publint({ pkgDir: scratch.installed, pack: false, strict: true });
    const installedPkg = JSON.parse(readFileSync(join(scratch.installed, "package.json"), "utf8"));
    assert.deepEqual(messages.map((message) => `${message.type}: ${formatMessage(message, installedPkg)}`), []);
  });

  it("covers every entry of `exports` below", () => {
    assert.deepEqual(Object.keys(pkg.exports).sort(), [...Object.keys(NODE_ENTRIES), ...BROWSER_ENTRIES].sort());
  });

  /** What each Node-side entry must export (a sample: docs/entries.md has the full list). */
  const NODE_ENTRIES: Record<string, string> = {
    "./codec":
      "export const ok = typeof m.decodeMessageContext === 'function' && m.CONTEXT_HREF_PREFIX === 't3-context://v1/' && typeof m.upgradeLegacyContextMessage === 'function' && typeof m.redactSecrets === 'function';",
    // The old paths (docs/entries.md, "Old paths"), kept for one release.
    "./codec/legacy":
      "export const ok = ['upgradeLegacyContextMessage', 'serializeLegacyContextMessage', 'resolveUserMessageContext'].every((name) => typeof m[name] === 'function');",
    "./codec/secrets": "export const ok = typeof m.redactSecrets === 'function' && typeof m.redactContextRecord === 'function' && m.SECRET_RULES.length > 0;",
    "./transport": "export const ok = typeof m.createMemoryTransport === 'function' && typeof m.ComposerError === 'function';",
    "./host": "export const ok = typeof m.createHost === 'function' && typeof m.openSqliteStore === 'function';",
    "./jsx/react": "export const ok = true;",
    "./jsx/vue": "export const ok = true;",
    "./jsx/svelte": "export const ok = true;",
    "./jsx/solid": "export const ok = true;",
    "./package.json": "export const ok = m.default.name === 't3-composer';",
    ...Object.fromEntries(
      ["record", "message-context", "outgoing-message", "sent-message", "clipboard-fragment"].map((name) => [
        `./schema/${name}.json`,
        "export const ok = m.default.$schema === 'https://json-schema.org/draft/2020-12/schema' && typeof m.default.title === 'string';",
      ]),
    ),
    "./custom-elements.json": "export const ok = m.default.modules.some((module) => module.declarations?.some((d) => d.tagName === 't3-composer'));",
  };
  // `./memory-transport.js` and `./codec-extras.js` are old paths; test/node/entries.test.ts imports every entry in Node too.
  const BROWSER_ENTRIES = [".", "./t3-composer.js", "./memory-transport.js", "./codec-extras.js", "./composer.js", "./transcript.js"];

  // The JSX entries hold declarations only: the checks below compile against them.
  const TYPES_ONLY = new Set(["./jsx/react", "./jsx/vue", "./jsx/svelte", "./jsx/solid"]);

  it("types React 19 JSX for both elements (tsc on fixtures/react.tsx, its @ts-expect-error lines must fail, and the React and Next.js recipes)", () => {
    const { code, output } = checkReact(scratch.dir);
    assert.equal(code, 0, output);
  });

  it("types the codec entry and its old paths in a Node ESM project (tsc, nodenext, on fixtures/codec-entries.ts: its @ts-expect-error lines must fail)", () => {
    const { code, output } = checkNode(scratch.dir);
    assert.equal(code, 0, output);
  });

  it("types Solid JSX for both elements (tsc on fixtures/solid.tsx and the Solid recipe)", () => {
    const { code, output } = checkSolid(scratch.dir);
    assert.equal(code, 0, output);
  });

  it("types Vue 3 templates for both elements (vue-tsc on fixtures/App.vue, its @vue-expect-error lines must fail, and RecipeChat.vue)", () => {
    const { code, output } = checkVue(scratch.dir);
    assert.equal(code, 0, output);
  });

  it("types Svelte 5 markup: App.svelte compiles, and Wrong.svelte fails exactly where it should", () => {
    const { output } = checkSvelte(scratch.dir);
    const errors = [...output.matchAll(/ ERROR "([^"]+)" (\d+):\d+ "([^"]*)"/g)].map(([, file, line, message]) => `${file}:${line} ${message}`);
    assert.deepEqual(errors, [
      "Wrong.svelte:7 Type 'number' is not assignable to type 'TranscriptMessage[]'.",
      "Wrong.svelte:8 Property 'text' does not exist on type 'ComposerSentDetail'.",
    ]);
  });

  for (const [entry, check] of Object.entries(NODE_ENTRIES).filter(([entry]) => !TYPES_ONLY.has(entry))) {
    it(`imports t3-composer${entry.slice(1)} in Node`, () => {
      const specifier = `t3-composer${entry.slice(1)}`;
      const attributes = entry.endsWith(".json") ? ", { with: { type: 'json' } }" : "";
      const probe = join(scratch.dir, `probe-${entry.replace(/\W/g, "_")}.mjs`);
      writeFileSync(probe, `const m = await import(${JSON.stringify(specifier)}${attributes});\n${check}\nconsole.log(ok);\n`);
      assert.equal(execFileSync(process.execPath, [probe], { cwd: scratch.dir, encoding: "utf8" }).trim(), "true");
    });
  }

  describe("each recipe of the docs, built against the tarball and run in Chromium (recipes.ts)", () => {
    let runs: Map<string, RecipeRun>;
    before(async () => {
      runs = await runRecipes(scratch.dir);
    });
    for (const { name } of RECIPES) {
      it(`${name}: type, insert the chip from the button, send, and see the message with its chip in the transcript`, () => {
        const run = runs.get(name)!;
        assert.deepEqual(run.errors, []);
        assert.deepEqual(run.messages, [{ role: "user", text: "Look at [build lines 12-14](t3-context://v1/terminal/terminal_build-1) ", contextIds: ["terminal_build-1"] }]);
        assert.deepEqual(run.chips, ["Terminal: build lines 12-14"]);
        assert.match(run.shown, /Look at build lines 12-14/);
        assert.equal(run.draft, "");
      });
    }
  });

  it("imports t3-composer (bundled as an app would) and t3-composer/t3-composer.js in Chromium: both define the elements", async () => {
    const results = await importInChromium(scratch.dir, ["t3-composer", "/node_modules/t3-composer/dist/t3-composer.js"]);
    for (const result of results) {
      assert.deepEqual(result, { composer: true, transcript: true, exports: true }, JSON.stringify(result));
    }
  });
});
