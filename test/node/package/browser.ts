// Loads entries of the installed package in headless Chromium: a bare specifier is bundled with
// esbuild from the scratch project (as an app's bundler would), a path is loaded as it is, like a
// drop-in `<script type="module">`. Each loads on its own page, since both define the same tags.
import { createReadStream, existsSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { build } from "esbuild";
import puppeteer from "puppeteer-core";
import { CHROMIUM_FLAGS, ensureChromium } from "../../../scripts/chromium.mjs";

export interface EntryResult {
  composer: boolean;
  transcript: boolean;
  /** The module exports the element classes and a transport factory. */
  exports: boolean;
}

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css" };

/** Serves the files under `root` on a free port of 127.0.0.1. */
export function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const file = normalize(join(root, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const PROBE = `
  const m = await import(SPECIFIER);
  window.result = {
    composer: customElements.get("t3-composer") === m.T3ComposerElement,
    transcript: customElements.get("t3-transcript") === m.T3TranscriptElement,
    exports: typeof m.createFetchTransport === "function" && typeof m.chipRegistry?.define === "function",
  };
`;

/** For each specifier, what importing it on a blank page defines and exports. */
export async function importInChromium(dir: string, specifiers: string[]): Promise<EntryResult[]> {
  const pages = await Promise.all(
    specifiers.map(async (specifier, index) => {
      let url = specifier;
      if (!specifier.startsWith("/")) {
        const entry = join(dir, `bundle-entry-${index}.js`);
        writeFileSync(entry, `export * from ${JSON.stringify(specifier)};\n`);
        await build({ entryPoints: [entry], bundle: true, format: "esm", outfile: join(dir, `bundle-${index}.js`), logLevel: "error" });
        url = `/bundle-${index}.js`;
      }
      const page = `page-${index}.html`;
      writeFileSync(join(dir, page), `<!doctype html><script type="module">${PROBE.replace("SPECIFIER", JSON.stringify(url))}</script>`);
      return page;
    }),
  );
  const server = await serve(dir);
  const browser = await puppeteer.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS });
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const results: EntryResult[] = [];
    for (const path of pages) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(`${origin}/${path}`);
      await page.waitForFunction(() => "result" in window || document.readyState === "complete");
      const result = await page.waitForFunction(() => (window as unknown as { result?: EntryResult }).result, { timeout: 10_000 }).catch(() => null);
      results.push(result ? ((await result.jsonValue()) as EntryResult) : ({ errors } as unknown as EntryResult));
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}
