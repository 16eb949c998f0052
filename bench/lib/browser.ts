// Drives headless Chromium for the browser benchmarks: a static server over the repository and
// a puppeteer-core page (no browser download: the executable is Debian's Chromium).
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";

const ROOT = new URL("../../", import.meta.url).pathname;
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
};

/** A static server over the repository on a free loopback port, cross-origin isolated. */
export function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = normalize(join(ROOT, path));
    if (!file.startsWith(ROOT) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      // Cross-origin isolation: `performance.now()` then ticks in 5 µs, not 100 µs, which the
      // sub-millisecond rows (a keystroke in a small draft) need.
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-embedder-policy": "require-corp",
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export interface BenchBrowser {
  browser: Browser;
  /** Opens `path` (relative to the repository root) in a fresh page. */
  open(path: string): Promise<Page>;
  /**
   * Opens `path` in a page of its own browser context, which shares no cache, no compiled code and
   * no renderer process with any other page: a first visit. Close it with `page.browserContext().close()`.
   */
  openIsolated(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** Starts the server and Chromium. */
export async function startBrowser(): Promise<BenchBrowser> {
  const server = await serve();
  const { port } = server.address() as AddressInfo;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_FLAGS, "--js-flags=--expose-gc"],
  });
  const openIn = async (page: Page, path: string) => {
    await page.setViewport({ width: 1200, height: 900 });
    page.on("pageerror", (error) => console.error(`page error in ${path}:`, error));
    await page.goto(`http://127.0.0.1:${port}/${path}`, { waitUntil: "load" });
    return page;
  };
  return {
    browser,
    open: async (path) => openIn(await browser.newPage(), path),
    openIsolated: async (path) => openIn(await (await browser.createBrowserContext()).newPage(), path),
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
