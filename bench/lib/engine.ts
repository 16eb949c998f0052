// Drives the browser benchmarks' pages in any of the three engines (issue 36): Chromium and Firefox
// through puppeteer-core (Firefox over WebDriver BiDi), WebKitGTK's MiniBrowser through
// WebKitWebDriver (scripts/webkit.mjs starts it under Xvfb and stops both by PID). Each engine
// gets the same static server (bench/lib/browser.ts) and the same real key input, so a row
// measured here means the same in every engine.
import type { AddressInfo } from "node:net";
import puppeteer, { type KeyInput, type Page } from "puppeteer-core";
import { remote } from "webdriverio";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";
import { FIREFOX_CLOSED_NETWORK_PREFS } from "../../scripts/engines.mjs";
import { startWebKit } from "../../scripts/webkit.mjs";
import { serve } from "./browser.js";

export const BENCH_ENGINES = ["chromium", "firefox", "webkit"] as const;
export type Engine = (typeof BENCH_ENGINES)[number];

/** The engine's name as the table prints it. */
export const ENGINE_NAMES: Record<Engine, string> = { chromium: "Chromium", firefox: "Firefox", webkit: "WebKit" };

/** How long a page gets to say it is ready (`document.title === "ready"`) on a loaded machine. */
const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 50;
const VIEWPORT = { width: 1200, height: 900 };

/** What a benchmark does with a page, the same in every engine. */
export interface EnginePage {
  /** Runs `fn` in the page with `args` (sent as JSON) and answers what it returns, awaited. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** Presses and releases `key` through the driver's keyboard: real input, as a person types. */
  press(key: string): Promise<void>;
  /** Makes this page the one on screen: a page in the background gets no animation frames. */
  bringToFront(): Promise<void>;
}

export interface EngineBrowser {
  engine: Engine;
  /** The browser's own version string. */
  version: string;
  /** Opens `path` (relative to the repository root) and waits until its title is "ready". */
  open(path: string): Promise<EnginePage>;
  close(): Promise<void>;
}

/** A puppeteer page as an `EnginePage` (bench/composer.bench.ts uses it for Chromium too). */
export function fromPuppeteer(page: Page): EnginePage {
  return {
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    press: (key) => page.keyboard.press(key as KeyInput),
    bringToFront: () => page.bringToFront(),
  };
}

async function untilReady(title: () => Promise<string>, path: string): Promise<void> {
  const started = Date.now();
  while ((await title().catch(() => "")) !== "ready") {
    if (Date.now() - started > READY_TIMEOUT_MS) throw new Error(`${path} was not ready in ${READY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function startPuppeteer(engine: "chromium" | "firefox", origin: string): Promise<Omit<EngineBrowser, "close"> & { close(): Promise<void> }> {
  const browser =
    engine === "chromium"
      ? await puppeteer.launch({
          executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
          headless: true,
          args: [...CHROMIUM_FLAGS, "--js-flags=--expose-gc"],
        })
      : await puppeteer.launch({
          browser: "firefox",
          executablePath: process.env.FIREFOX_PATH ?? "/usr/lib/firefox-esr/firefox-esr",
          headless: true,
          extraPrefsFirefox: FIREFOX_CLOSED_NETWORK_PREFS,
        });
  return {
    engine,
    version: await browser.version(),
    async open(path) {
      const page = await browser.newPage();
      await page.setViewport(VIEWPORT);
      page.on("pageerror", (error) => console.error(`page error in ${path} (${engine}):`, error));
      await page.goto(`${origin}/${path}`, { waitUntil: "load" });
      await untilReady(() => page.title(), path);
      return fromPuppeteer(page);
    },
    close: () => browser.close(),
  };
}

/**
 * MiniBrowser: one WebDriver session, a window per page. WebDriver commands go to the current
 * window, so each page switches to its own before it acts (switching also raises it).
 */
async function startMiniBrowser(origin: string): Promise<EngineBrowser> {
  const webkit = await startWebKit();
  try {
    const { hostname, port, capabilities } = webkit;
    const session = await remote({
      hostname,
      port,
      logLevel: "error",
      // webdriverio 9 asks for a BiDi session by default; WebKitWebDriver speaks classic WebDriver.
      capabilities: { ...capabilities, "wdio:enforceWebDriverClassic": true } as WebdriverIO.Capabilities,
    });
    let current = await session.getWindowHandle();
    let unused: string | undefined = current;
    const use = async (handle: string) => {
      if (handle === current) return;
      await session.switchToWindow(handle);
      current = handle;
    };
    await session.setWindowRect(null, null, VIEWPORT.width, VIEWPORT.height);
    const version = String((session.capabilities as { browserVersion?: string }).browserVersion ?? "unknown");
    return {
      engine: "webkit",
      version: `WebKitGTK ${version}`,
      async open(path) {
        const handle = unused ?? (await session.createWindow("window")).handle;
        unused = undefined;
        await use(handle);
        // `pageLoadStrategy: "none"` (scripts/webkit.mjs): navigation returns at once; the page says when it is ready.
        await session.url(`${origin}/${path}`);
        await untilReady(() => session.getTitle(), path);
        return {
          async evaluate(fn, ...args) {
            await use(handle);
            return (await session.execute(fn as never, ...(args as unknown as never[]))) as never;
          },
          async press(key) {
            await use(handle);
            await session.keys(key);
          },
          bringToFront: () => use(handle),
        };
      },
      async close() {
        await session.deleteSession().catch(() => {});
        await webkit.stop();
      },
    };
  } catch (error) {
    await webkit.stop();
    throw error;
  }
}

/** Starts the static server and `engine`'s browser. */
export async function startEngine(engine: Engine): Promise<EngineBrowser> {
  const server = await serve();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stopServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  try {
    const browser = engine === "webkit" ? await startMiniBrowser(origin) : await startPuppeteer(engine, origin);
    return {
      ...browser,
      async close() {
        await browser.close();
        await stopServer();
      },
    };
  } catch (error) {
    await stopServer();
    throw error;
  }
}
