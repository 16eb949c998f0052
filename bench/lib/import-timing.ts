// The import row of bench/composer.bench.ts (issue 17): from the start of the module's import
// to the point where a page can use it, in a page that has loaded nothing else, in a browser
// context of its own (no HTTP cache, no cached compiled code, no shared renderer): a first visit.
// Ours is done when both elements are defined; Tiptap's when its editor (core, StarterKit,
// Mention) is created, since defining is all our import must do before a page creates elements.
import type { BenchBrowser } from "./browser.js";

const PAGE = "bench/pages/import.html";

/** ms from `import()` to both of our elements defined, in a fresh page. */
export async function importOurs(browser: BenchBrowser, dropIn = "/dist/t3-composer.js"): Promise<number> {
  const page = await browser.openIsolated(PAGE);
  try {
    return await page.evaluate(async (url) => {
      const start = performance.now();
      await import(url);
      await Promise.all([customElements.whenDefined("t3-composer"), customElements.whenDefined("t3-transcript")]);
      return performance.now() - start;
    }, dropIn);
  } finally {
    await page.browserContext().close();
  }
}

/** ms from `import()` of the Tiptap bundle to a created editor, in a fresh page. */
export async function importTiptap(browser: BenchBrowser): Promise<number> {
  const page = await browser.openIsolated(PAGE);
  try {
    return await page.evaluate(async (url) => {
      type Peer = typeof import("../peers/tiptap-entry.js");
      const start = performance.now();
      const { Editor, StarterKit, Mention } = (await import(url)) as Peer;
      const box = document.createElement("div");
      document.body.append(box);
      new Editor({ element: box, extensions: [StarterKit, Mention] });
      return performance.now() - start;
    }, "/bench/.work/tiptap.js");
  } finally {
    await page.browserContext().close();
  }
}
