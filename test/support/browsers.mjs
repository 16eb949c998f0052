// The test runner's browser for each engine (`T3_ENGINE`: chromium, firefox or webkit), and how
// many test files it runs at once. scripts/test-browser.mjs runs the runner once per engine.
import { chromeLauncher } from "@web/test-runner-chrome";
import { WebdriverLauncher } from "@web/test-runner-webdriver";
import { CHROMIUM_FLAGS } from "../../scripts/chromium.mjs";
import { FIREFOX_CLOSED_NETWORK_PREFS } from "../../scripts/engines.mjs";
import { startWebKit } from "../../scripts/webkit.mjs";

/** Puppeteer's 30 s is not always enough for a cold browser on a loaded 2-core machine. */
const LAUNCH_TIMEOUT_MS = 120_000;

// One browser context per test file: with two files at once in one context, the second tab is
// hidden, so requestAnimationFrame never fires there, nothing renders, and focus and hit-testing
// (content-visibility) behave unlike a real page.
async function pageInOwnContext({ browser }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.once("close", () => void context.close().catch(() => {}));
  return page;
}

/** Chromium's launcher, with `flags` added to the headless flags of scripts/chromium.mjs. */
export function chromium(flags = []) {
  return chromeLauncher({
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: [...CHROMIUM_FLAGS, ...flags],
      timeout: LAUNCH_TIMEOUT_MS,
    },
    createPage: pageInOwnContext,
  });
}

// Firefox through puppeteer over WebDriver BiDi (no DevTools protocol there). Coverage stays off:
// puppeteer collects it through the DevTools protocol only.
function firefox() {
  const launcher = chromeLauncher({
    launchOptions: {
      browser: "firefox",
      executablePath: process.env.FIREFOX_PATH ?? "/usr/lib/firefox-esr/firefox-esr",
      headless: true,
      timeout: LAUNCH_TIMEOUT_MS,
      extraPrefsFirefox: {
        ...FIREFOX_CLOSED_NETWORK_PREFS,
        // Firefox keeps module scripts in memory across the documents of a site and loads them
        // again without a request: the test server's `block-urls` and `hold-urls` would never see
        // them (url-rules.mjs).
        "dom.script_loader.experimental.navigation_cache": false,
        // navigator.clipboard.read() without the paste prompt, as Chromium's granted
        // clipboard-read permission allows (the `grant-clipboard` command).
        "dom.events.testing.asyncClipboard": true,
      },
    },
    createPage: pageInOwnContext,
  });
  // Without a custom puppeteer the launcher calls any browser "Chrome" in the progress lines.
  launcher.name = "Firefox";
  return launcher;
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (scripts/webkit.mjs starts it and its Xvfb when
 * the runner starts, and stops both by PID when it stops). One session, one file at a time: with
 * more, @web/test-runner-webdriver runs files in iframes of one page, where focus and keyboard
 * input go to one frame only.
 */
class WebKitLauncher extends WebdriverLauncher {
  #webkit;

  constructor() {
    super({ capabilities: { browserName: "MiniBrowser" }, logLevel: "error" });
  }

  async initialize(config, testFiles) {
    this.#webkit = await startWebKit();
    const { hostname, port, capabilities } = this.#webkit;
    // webdriverio 9 asks for a BiDi session by default; WebKitWebDriver speaks classic WebDriver.
    this.options = { ...this.options, hostname, port, capabilities: { ...capabilities, "wdio:enforceWebDriverClassic": true } };
    await super.initialize(config, testFiles);
    this.name = "WebKit";
  }

  async stop() {
    await super.stop();
    await this.#webkit?.stop();
    this.#webkit = undefined;
  }
}

/** Every browser test file: web-test-runner.config.mjs runs them, and scripts/test-browser.mjs picks among them. */
export const TEST_FILES = ["test/elements/**/*.test.ts", "test/e2e/**/*.test.ts", "test/unit/**/*.browser.test.ts"];

/** The engine these tests run in: `T3_ENGINE`, Chromium when unset. */
export const ENGINE = process.env.T3_ENGINE ?? "chromium";

/** `{ browsers, concurrency }` for `engine`. */
export function browsersFor(engine = ENGINE) {
  // Two cores: more pages at once only makes each slower.
  if (engine === "chromium") return { browsers: [chromium()], concurrency: 2 };
  // One page at a time: Firefox over BiDi and MiniBrowser each drive one focused page reliably.
  if (engine === "firefox") return { browsers: [firefox()], concurrency: 1 };
  if (engine === "webkit") return { browsers: [new WebKitLauncher()], concurrency: 1 };
  throw new Error(`T3_ENGINE must be chromium, firefox or webkit, got ${JSON.stringify(engine)}`);
}
