// Checks on the built package (npm test builds first): the codec entry imports in plain Node
// without touching a DOM global, and the bundles stay within 1% of the recorded sizes.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";

const root = new URL("../../", import.meta.url);
const dist = (file: string) => new URL(`dist/${file}`, root);
const built = existsSync(dist("codec.js")) && existsSync(dist("t3-composer.js"));
const notBuilt = built ? false : "dist/ is missing: run `npm run build` (npm test does)";

/** Globals a DOM-dependent module would reach for at import time. */
const DOM_GLOBALS = ["window", "document", "navigator", "HTMLElement", "customElements", "localStorage", "CSSStyleSheet"];

describe("built package", () => {
  it("imports dist/codec.js in plain Node without touching a DOM global, and projects a custom kind there", { skip: notBuilt }, () => {
    const probe = `
      const touched = [];
      for (const name of ${JSON.stringify(DOM_GLOBALS)}) {
        Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return undefined; } });
      }
      const codec = await import(${JSON.stringify(dist("codec.js").href)});
      const kind = codec.defineContextKind({ kind: "jira-issue", entryBody: (record) => "key " + record.payload.key });
      const record = { version: 1, contextId: "j1", kind: "jira-issue", label: "J", payload: { key: "J-1" } };
      const projected = codec.projectComposerContextForProvider({ text: "[J](t3-context://v1/jira-issue/j1)", records: [record] }, { kinds: [kind] });
      console.log(JSON.stringify({ touched, link: codec.formatComposerContextReference({ kind: "file", contextId: "f1", label: "a" }), projected }));
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" });
    assert.deepEqual(JSON.parse(output), {
      touched: [],
      link: "[a](t3-context://v1/file/f1)",
      // A custom kind defined and projected on a server, with its own entry body.
      projected: '[Jira issue: J; ref=j1]\n\n<t3_context version="1">\n<context kind="jira-issue" id="j1">\nkey J-1\n</context>\n</t3_context>',
    });
  });

  // docs/entries.md: the codec entry holds the legacy format and the secrets redactor, and the old
  // paths `t3-composer/codec/legacy` and `t3-composer/codec/secrets` still export their names.
  it("runs the legacy upgrade and the redactor from dist/codec.js in plain Node, and the old paths export the same names", { skip: notBuilt }, () => {
    const probe = `
      const touched = [];
      for (const name of ${JSON.stringify(DOM_GLOBALS)}) {
        Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return undefined; } });
      }
      const names = async (file) => Object.keys(await import(file)).sort();
      const [core, legacy, secrets] = await Promise.all(${JSON.stringify(["codec.js", "codec/legacy.js", "codec/secrets.js"].map((file) => dist(file).href))}.map(names));
      const { upgradeLegacyContextMessage, redactSecrets } = await import(${JSON.stringify(dist("codec.js").href)});
      const upgraded = upgradeLegacyContextMessage("see\\n\\n<terminal_context>\\n- build line 3:\\n  3 | boom\\n</terminal_context>");
      console.log(JSON.stringify({ touched, legacy, secrets, missingFromCore: [...legacy, ...secrets].filter((name) => !core.includes(name)),
        upgraded: upgraded.text, redacted: redactSecrets("token ghp_" + "a".repeat(36)).text }));
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" });
    assert.deepEqual(JSON.parse(output), {
      touched: [],
      legacy: ["resolveUserMessageContext", "serializeLegacyContextMessage", "upgradeLegacyContextMessage"],
      secrets: ["SECRET_RULES", "redactContextRecord", "redactSecrets"],
      missingFromCore: [],
      upgraded: "see\n\n[build line 3](t3-context://v1/terminal/legacy_terminal_1)",
      redacted: "token [redacted: github-token]",
    });
  });

  // Bundlers drop imports of modules that package.json does not declare side-effectful: without
  // these, `import { createMemoryTransport } from "t3-composer"` in a Vite app defined no element.
  it("keeps the main entry's import of define.js, and declares both side-effectful", { skip: notBuilt }, () => {
    const index = readFileSync(dist("index.js"), "utf8");
    // An import or a re-export: either evaluates define.js (rollup merges the two as it likes).
    assert.match(index, /^(?:import|export) [^;]*'\.\/define\.js';$/m);
    const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { sideEffects: string[] };
    assert.deepEqual(
      ["./dist/index.js", "./dist/define.js", "./dist/t3-composer.js", "./dist/drop-in/t3-composer.js", "./dist/composer.js", "./dist/transcript.js"].filter((file) => !pkg.sideEffects.includes(file)),
      [],
    );
  });

  it("keeps the bundles within 1% of bench/size-baseline.json", { skip: notBuilt }, () => {
    const baseline = JSON.parse(readFileSync(new URL("bench/size-baseline.json", root), "utf8")) as Record<string, number>;
    const over: string[] = [];
    for (const [file, recorded] of Object.entries(baseline)) {
      const size = gzipSync(readFileSync(dist(file)), { level: 9 }).length;
      if (size > recorded * 1.01) over.push(`${file}: ${size} B gzip, recorded ${recorded} B (+${(((size - recorded) / recorded) * 100).toFixed(1)}%)`);
    }
    assert.deepEqual(over, [], "a bundle grew: shrink it, or record the new size in bench/size-baseline.json with a reason in the commit");
  });

  // A browser app that installs t3-composer gets no native build and no database driver.
  it("leaves the host kit's drivers out of the browser entries and makes them optional peers", { skip: notBuilt }, () => {
    const drivers = ["better-sqlite3", "pg", "ws"];
    const browser = ["index.js", "define.js", "transport.js", "codec.js", "t3-composer.js", "drop-in/t3-composer.js"].map((file) => readFileSync(dist(file), "utf8"));
    const imported = drivers.filter((name) => browser.some((code) => code.includes(`'${name}'`) || code.includes(`"${name}"`)));
    assert.deepEqual(imported, []);
    assert.match(readFileSync(dist("host.js"), "utf8"), /import\(['"]better-sqlite3['"]\)/);
    const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    assert.deepEqual(drivers.filter((name) => name in pkg.dependencies || pkg.peerDependenciesMeta[name]?.optional !== true), []);
  });
});
