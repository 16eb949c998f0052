// Type checks of the shipped JSX declarations in the scratch project: a React 19 TSX file and a
// Solid one with tsc, a Vue 3 single-file component with vue-tsc, a Svelte 5 component with
// svelte-check; and a Node ESM module importing the codec's entries, with tsc. The frameworks (and
// Node's types) are the app's own dependencies, so they are linked in from this repository's
// node_modules (the package itself comes from the tarball).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT } from "./scratch.js";

/** The app's own packages: the frameworks, their type packages and the checkers' compiler. */
const APP_PACKAGES = ["react", "react-dom", "@types/react", "csstype", "solid-js", "vue", "svelte", "typescript", "@types/node", "undici-types"];
const FIXTURES = join(ROOT, "test", "node", "package", "fixtures");
const FIXTURE_FILES = ["react.tsx", "solid.tsx", "App.vue", "App.svelte", "Wrong.svelte", "codec-entries.ts"];
/**
 * The recipes of docs/frameworks.md and docs/getting-started.md, each shown in the page its first
 * line names (test/node/docs-frameworks.test.ts keeps the pages in step).
 */
export const RECIPE_FILES = ["recipe-react.tsx", "recipe-next.tsx", "start-next.tsx", "recipe-solid.tsx", "RecipeChat.vue", "RecipeChat.svelte"];
/** The Angular recipes: shown in the pages like the others, compiled by hand (docs/frameworks.md, Angular). */
export const HAND_CHECKED_FILES = ["recipe-angular.ts", "start-angular.ts"];

const COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  target: "es2022",
  module: "esnext",
  moduleResolution: "bundler",
  lib: ["es2022", "dom", "dom.iterable"],
  skipLibCheck: false,
  types: [],
};

export interface CheckResult {
  /** The exit code of the checker (0: no error). */
  code: number;
  output: string;
}

function check(command: string, args: string[], cwd: string): CheckResult {
  try {
    return { code: 0, output: execFileSync(join(ROOT, "node_modules", ".bin", command), args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** Links the frameworks into `dir` and copies the fixtures there. */
export function prepareFrameworks(dir: string): void {
  for (const name of APP_PACKAGES) {
    const link = join(dir, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", name), link, "dir");
  }
  for (const file of [...FIXTURE_FILES, ...RECIPE_FILES]) copyFileSync(join(FIXTURES, file), join(dir, file));
  const config = (name: string, options: object, include: string[]) =>
    writeFileSync(join(dir, name), JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, ...options }, include }));
  config("tsconfig.react.json", { jsx: "react-jsx" }, ["react.tsx", "recipe-react.tsx", "recipe-next.tsx", "start-next.tsx"]);
  config("tsconfig.solid.json", { jsx: "preserve", jsxImportSource: "solid-js" }, ["solid.tsx", "recipe-solid.tsx"]);
  config("tsconfig.vue.json", {}, ["App.vue", "RecipeChat.vue"]);
  config("tsconfig.json", {}, ["*.svelte"]);
  // A server's module: Node's resolution of `exports` (types condition first), no DOM.
  config("tsconfig.node.json", { module: "nodenext", moduleResolution: "nodenext", lib: ["es2022"], types: ["node"] }, ["codec-entries.ts"]);
}

export const checkReact = (dir: string) => check("tsc", ["-p", "tsconfig.react.json"], dir);
export const checkSolid = (dir: string) => check("tsc", ["-p", "tsconfig.solid.json"], dir);
export const checkNode = (dir: string) => check("tsc", ["-p", "tsconfig.node.json"], dir);
export const checkVue = (dir: string) => check("vue-tsc", ["-p", "tsconfig.vue.json"], dir);
/** svelte-check over `App.svelte` and `Wrong.svelte` in machine-readable form. */
export const checkSvelte = (dir: string) => check("svelte-check", ["--workspace", dir, "--output", "machine", "--tsconfig", "./tsconfig.json"], dir);
