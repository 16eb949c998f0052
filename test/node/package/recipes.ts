// Every recipe of docs/getting-started.md and docs/frameworks.md (but Angular's, compiled by hand)
// built against the installed tarball, as a stranger's app would build it, and run in headless
// Chromium with real input: type, press the recipe's button for a chip, send, and read the
// transcript. Vite bundles them with each framework's own plugin (React and Solid both compile
// `.tsx`, so each has a build of its own); the plain HTML page loads the drop-in as it is.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import puppeteer, { type Page } from "puppeteer-core";
import { CHROMIUM_FLAGS, ensureChromium } from "../../../scripts/chromium.mjs";
import { serve } from "./browser.js";
import { ROOT } from "./scratch.js";

type Group = "react" | "solid" | "web";
interface Recipe {
  /** Folder of the page under `run/` and the test's name for it. */
  name: string;
  group: Group;
  /** Files of demo/embed/ copied beside the page's entry (the getting-started recipes). */
  copy?: [from: string, to: string][];
  /** The page's entry module: its file name and source (it mounts the recipe's component). */
  entry?: [file: string, source: string];
}

const react = (component: string, element: string): [string, string] => [
  "main.tsx",
  `import { createRoot } from "react-dom/client";\n${component}\ncreateRoot(document.getElementById("app")!).render(${element});\n`,
];
const embed = (name: string, files: string[]): [string, string][] => files.map((file) => [join(ROOT, "demo", "embed", name, "src", file), file]);

/** The recipes a reader pastes, with the page that mounts each one. */
export const RECIPES: Recipe[] = [
  { name: "frameworks-react", group: "react", entry: react('import { Chat } from "../../recipe-react.tsx";', "<Chat />") },
  { name: "frameworks-next", group: "react", entry: react('import { Chat } from "../../recipe-next.tsx";', '<Chat threadId="thread-1" />') },
  { name: "frameworks-solid", group: "solid", entry: ["main.tsx", 'import { render } from "solid-js/web";\nimport { Chat } from "../../recipe-solid.tsx";\nrender(() => <Chat />, document.getElementById("app")!);\n'] },
  { name: "frameworks-vue", group: "web", entry: ["main.ts", 'import { createApp } from "vue";\nimport RecipeChat from "../../RecipeChat.vue";\ncreateApp(RecipeChat).mount("#app");\n'] },
  { name: "frameworks-svelte", group: "web", entry: ["main.ts", 'import { mount } from "svelte";\nimport RecipeChat from "../../RecipeChat.svelte";\nmount(RecipeChat, { target: document.getElementById("app")! });\n'] },
  { name: "start-next", group: "react", entry: react('import Chat from "../../start-next.tsx";', "<Chat />") },
  { name: "start-react", group: "react", copy: embed("react", ["App.jsx", "main.jsx"]) },
  { name: "start-vue", group: "web", copy: embed("vue", ["App.vue", "main.js"]) },
  { name: "start-svelte", group: "web", copy: embed("svelte", ["App.svelte", "main.js"]) },
  { name: "start-vite", group: "web", copy: embed("vite", ["main.ts"]) },
  { name: "start-html", group: "web" },
];

/** The page of a built recipe: an `#app` to mount into and the entry module. */
const pageOf = (title: string, entry: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>${title}</title></head>\n<body><div id="app"></div><script type="module" src="./${entry}"></script></body></html>\n`;

/** Writes each recipe's page under `dir/run/`. */
function writePages(dir: string): void {
  for (const recipe of RECIPES) {
    const folder = join(dir, "run", recipe.name);
    mkdirSync(folder, { recursive: true });
    if (recipe.name === "start-html") {
      // The page as docs/getting-started.md shows it: the drop-in from the installed package.
      const page = readFileSync(join(ROOT, "demo", "embed", "html", "index.html"), "utf8").replaceAll('"../../../dist/', '"/node_modules/t3-composer/dist/');
      writeFileSync(join(folder, "index.html"), page);
      continue;
    }
    for (const [from, to] of recipe.copy ?? []) copyFileSync(from, join(folder, to));
    const [file, source] = recipe.entry ?? [recipe.copy!.find(([, to]) => to.startsWith("main"))![1], ""];
    if (recipe.entry) writeFileSync(join(folder, file), source);
    writeFileSync(join(folder, "index.html"), pageOf(recipe.name, file));
  }
}

/** Bundles one group's pages into `dir/dist-<group>/` with Vite and that group's plugins. */
async function buildGroup(dir: string, group: Group): Promise<void> {
  const { build } = await import("vite");
  const plugins =
    group === "react"
      ? [(await import("@vitejs/plugin-react")).default()]
      : group === "solid"
        ? [(await import("vite-plugin-solid")).default()]
        : [
            (await import("@vitejs/plugin-vue")).default({ template: { compilerOptions: { isCustomElement: (tag: string) => tag.startsWith("t3-") } } }),
            (await import("@sveltejs/vite-plugin-svelte")).svelte(),
          ];
  const input = Object.fromEntries(
    RECIPES.filter((recipe) => recipe.group === group && recipe.name !== "start-html").map((recipe) => [recipe.name, join(dir, "run", recipe.name, "index.html")]),
  );
  await build({
    root: dir,
    configFile: false,
    base: "./",
    logLevel: "error",
    plugins,
    build: { outDir: join(dir, `dist-${group}`), emptyOutDir: true, chunkSizeWarningLimit: 4096, rollupOptions: { input } },
  });
}

/** What a person sees after sending one message with a chip from a recipe's page. */
export interface RecipeRun {
  /** The sent message's text in the transcript, whitespace collapsed. */
  shown: string;
  /** The accessible names of the chips in that message. */
  chips: string[];
  /** The transcript's messages: their role, Markdown and records' ids. */
  messages: { role: string; text: string; contextIds: string[] }[];
  /** The composer's draft after the send. */
  draft: string;
  /** Errors the page threw or logged. */
  errors: string[];
}

/** Sends the draft as a person would: a click on the Send button of the composer's toolbar. */
async function send(page: Page): Promise<void> {
  await page.click("t3-composer >>> [part~='send-button']");
}

async function runPage(page: Page, url: string): Promise<RecipeRun> {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  // The browser's own request for /favicon.ico is not the recipe's.
  page.on("console", (message) => void (message.type() === "error" && !message.location().url?.endsWith("/favicon.ico") && errors.push(message.text())));
  await page.goto(url);
  // The framework renders after load; the composer is ready once its editor is in its shadow root.
  await page.waitForFunction(() => document.querySelector("t3-composer")?.shadowRoot?.querySelector(".ProseMirror"), { timeout: 20_000 });
  await page.evaluate(() => (document.querySelector("t3-composer") as HTMLElement).focus());
  await page.keyboard.type("Look at");
  await page.click("button");
  await send(page);
  await page.waitForFunction(() => document.querySelector("t3-transcript")?.shadowRoot?.querySelector("article .t3-chip"), { timeout: 20_000 });
  return {
    ...(await page.evaluate(() => {
      const transcript = document.querySelector("t3-transcript")!;
      const article = transcript.shadowRoot!.querySelector("article")!;
      return {
        shown: article.textContent!.replace(/\s+/g, " ").trim(),
        chips: [...article.querySelectorAll(".t3-chip")].map((chip) => chip.getAttribute("aria-label") ?? ""),
        messages: transcript.messages.map((message) => ({ role: message.role, text: message.text, contextIds: (message.context?.records ?? []).map((record) => record.contextId) })),
        draft: document.querySelector("t3-composer")!.value.text,
      };
    })),
    errors,
  };
}

/** Builds every recipe in the scratch project `dir` and runs each in Chromium, by name. */
export async function runRecipes(dir: string): Promise<Map<string, RecipeRun>> {
  writePages(dir);
  for (const group of ["react", "solid", "web"] as const) await buildGroup(dir, group);
  const server = await serve(dir);
  const browser = await puppeteer.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS });
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const runs = new Map<string, RecipeRun>();
    for (const recipe of RECIPES) {
      const path = recipe.name === "start-html" ? `run/${recipe.name}/index.html` : `dist-${recipe.group}/run/${recipe.name}/index.html`;
      // A context per page: each recipe defines the same tags and keeps drafts in localStorage.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      try {
        runs.set(recipe.name, await runPage(page, `${origin}/${path}`));
      } catch (error) {
        runs.set(recipe.name, { shown: "", chips: [], messages: [], draft: "", errors: [String(error)] });
      } finally {
        await context.close();
      }
    }
    return runs;
  } finally {
    await browser.close();
    server.close();
  }
}
