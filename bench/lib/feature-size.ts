// What issue 19's four features (the token budget, the preview, stale context, the secret
// redactor) add to the drop-ins' first load, min+gzip. Each drop-in is built twice with the very
// plugins of rollup.config.js: once as it is, once with the features taken out, and the figure is
// the difference of the two first loads (the entry file; lazy chunks are reported beside it).
// Taken out means: each feature module below replaced by a stub that exports the same names as
// no-ops (so the code only they reach goes too), their strings left out of the English table and
// their rules left out of the stylesheets. What stays in both builds is each shared file's hook (a
// property of the element, one call in chips.ts or send.ts), so the figure is a little low by those
// bytes. `npx tsx bench/lib/feature-size.ts` prints it; the size bench puts it in a row of its own.
import { transform } from "esbuild";
import { rollup, type OutputChunk, type Plugin, type RollupOptions } from "rollup";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { gzipSize } from "./bundle.js";

const ROOT = new URL("../../", import.meta.url);

/** The features' own modules (and any module only they import goes with them). */
export const FEATURE_MODULES = [
  "src/codec/measure.ts",
  "src/codec/redact.ts",
  "src/codec/redact-rules.ts",
  "src/codec/redact-record.ts",
  "src/elements/composer/budget.ts",
  "src/elements/composer/preview.ts",
  "src/elements/composer/redaction.ts",
  "src/elements/composer/redacted-chip.ts",
  "src/elements/composer/staleness.ts",
];

/** The features' strings in src/l10n/strings.ts. */
const FEATURE_STRINGS = new Set([
  "budgetLabel",
  "budgetValue",
  "budgetOver",
  "budgetOverBlocking",
  "budgetRefused",
  "budgetChipShare",
  "previewTitle",
  "contextStale",
  "contextGone",
  "contextStaleHint",
  "contextGoneHint",
  "staleAtSend",
  "confirmGone",
  "keep",
  "secretsHidden",
  "secretsRevealHint",
  "revealQuestion",
  "reveal",
  "secretsHiddenAnnouncement",
  "secretsRevealed",
]);

/** A minified CSS rule of the features' (the budget meter, the preview panel, the chips' badges, the reveal menu). */
const FEATURE_CSS_RULE = /(?<=[`}])(?:\.budget|\.preview|\.reveal|\.t3-chip-badge|\.t3-chip-redacted|\.t3-chip\[data-context-status)(?![\w-])[^{}`]*\{[^{}`]*\}/g;

const STRINGS_MODULE = /[\\/]src[\\/]l10n[\\/]strings\.ts$/;
const isFeature = (id: string) => FEATURE_MODULES.some((path) => id === new URL(path, ROOT).pathname);

/** The little of an ESTree node this file reads (rollup's `this.parse` gives ESTree with offsets). */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}
type Named = { name: string };

/** The names `source` (TypeScript) exports as values. */
async function exportedNames(source: string, parse: (code: string) => unknown): Promise<string[]> {
  const { code } = await transform(source, { loader: "ts", format: "esm" });
  const names: string[] = [];
  for (const node of (parse(code) as { body: AstNode[] }).body) {
    if (node.type !== "ExportNamedDeclaration") continue;
    const declaration = node.declaration as (AstNode & { id?: Named; declarations?: { id: Named }[] }) | null;
    if (declaration?.declarations) names.push(...declaration.declarations.map((item) => item.id.name));
    else if (declaration?.id) names.push(declaration.id.name);
    for (const specifier of node.specifiers as { exported: Named }[]) names.push(specifier.exported.name);
  }
  return names;
}

/** Replaces the feature modules by stubs: a no-op function for every value, an empty stylesheet for `…Styles`. */
function stubFeatures(): Plugin {
  return {
    name: "t3-stub-features",
    async load(id) {
      if (!isFeature(id)) return null;
      const names = await exportedNames(readFileSync(id, "utf8"), (code) => this.parse(code));
      const stub = (name: string) => (name.endsWith("Styles") ? `export const ${name} = css\`\`;` : `export function ${name}() {}`);
      return `import { css } from "lit";\n${names.map(stub).join("\n")}\n`;
    },
  };
}

/** Leaves the features' strings and CSS rules out (after esbuild: the code is JavaScript). */
function dropFeatureText(): Plugin {
  return {
    name: "t3-drop-feature-text",
    transform(code, id) {
      let out = code.replace(FEATURE_CSS_RULE, "");
      if (STRINGS_MODULE.test(id)) {
        const cuts: [number, number][] = [];
        const visit = (node: unknown): void => {
          if (!node || typeof node !== "object") return;
          const { type, key, start, end } = node as AstNode & { key?: Named };
          if (type === "Property" && key && FEATURE_STRINGS.has(key.name)) cuts.push([start, out.charAt(end) === "," ? end + 1 : end]);
          else for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
        };
        visit(this.parse(out));
        for (const [start, end] of cuts.reverse()) out = out.slice(0, start) + out.slice(end);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** The builds of rollup.config.js by name (its `T3_BUILD` selection), read once. */
async function configs(names: string[]): Promise<RollupOptions[]> {
  const previous = process.env.T3_BUILD;
  process.env.T3_BUILD = names.join(",");
  try {
    // A query makes each selection a module of its own: rollup.config.js reads T3_BUILD when it runs.
    return (await import(`${new URL("rollup.config.js", ROOT).href}?${names.join(",")}`)).default as RollupOptions[];
  } finally {
    if (previous === undefined) delete process.env.T3_BUILD;
    else process.env.T3_BUILD = previous;
  }
}

/** gzip -9 sizes in bytes of a build's first load (its entry file and the files that imports, which it re-exports) and of its lazy chunks. */
interface BuildSize {
  firstLoad: number;
  lazy: Record<string, number>;
}

async function buildSize(config: RollupOptions, file: string, stubbed: boolean): Promise<BuildSize> {
  const plugins = [...((config.plugins as Plugin[]) ?? [])];
  const build = await rollup({ ...config, plugins: stubbed ? [stubFeatures(), ...plugins, dropFeatureText()] : plugins, onwarn: () => {} });
  const output = Array.isArray(config.output) ? config.output[0]! : config.output!;
  const { output: files } = await build.generate({ ...output, sourcemap: false });
  await build.close();
  const chunks = new Map(files.filter((chunk): chunk is OutputChunk => chunk.type === "chunk").map((chunk) => [chunk.fileName, chunk]));
  const first = new Set<string>();
  for (const pending = [file]; pending.length > 0; ) {
    const name = pending.pop()!;
    if (first.has(name)) continue;
    first.add(name);
    pending.push(...(chunks.get(name)?.imports ?? []));
  }
  const lazy: Record<string, number> = {};
  let firstLoad = 0;
  for (const chunk of chunks.values()) {
    if (first.has(chunk.fileName)) firstLoad += gzipSize(chunk.code);
    else if (!chunk.isEntry) lazy[chunk.fileName] = gzipSize(chunk.code);
  }
  return { firstLoad, lazy };
}

/** One drop-in's figures, in bytes. */
export interface FeatureShare {
  file: string;
  asIs: BuildSize;
  without: BuildSize;
  /** What the features add to the first load: `asIs.firstLoad - without.firstLoad`. */
  share: number;
}

/** The combined drop-in and the composer's own, each built as it is and without the features. */
export async function measureFeatureShare(): Promise<FeatureShare[]> {
  const builds: [string, string][] = [
    ["drop-in", "t3-composer.js"],
    ["drop-in-composer", "composer.js"],
  ];
  const shares: FeatureShare[] = [];
  for (const [name, file] of builds) {
    const [config] = await configs([name]);
    const asIs = await buildSize(config!, file, false);
    const without = await buildSize(config!, file, true);
    shares.push({ file, asIs, without, share: asIs.firstLoad - without.firstLoad });
  }
  return shares;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
  for (const { file, asIs, without, share } of await measureFeatureShare()) {
    const lazy = Object.entries(asIs.lazy).map(([chunk, bytes]) => `${chunk} ${kb(bytes)}`).join(", ");
    console.log(`${file}: first load ${kb(asIs.firstLoad)}, without the features ${kb(without.firstLoad)}: the features add ${kb(share)} (${share} B)${lazy ? `; lazy: ${lazy}` : ""}`);
  }
}
