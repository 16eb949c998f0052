// The three browser engines the tests and benchmarks run in, and where each one's browser lives.
// Every browser comes from the system's own packages (Debian: `chromium`, `firefox-esr`,
// `webkit2gtk-driver` with `xvfb`): nothing is downloaded from anywhere else. When a browser is
// missing on a Debian-like machine and this runs as root, its package is installed with apt-get.
import { existsSync } from "node:fs";
import { ensureChromium, installDebianPackage } from "./chromium.mjs";

/** The engines, in the order `--engine all` runs them. */
export const ENGINES = ["chromium", "firefox", "webkit"];

/**
 * Firefox preferences for a closed network (no update checks, telemetry or safe-browsing lists),
 * shared by the test runner (test/support/browsers.mjs) and the bench (bench/lib/engine.ts).
 */
export const FIREFOX_CLOSED_NETWORK_PREFS = {
  "app.update.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
};

const FIREFOX_CANDIDATES = ["/usr/lib/firefox-esr/firefox-esr", "/usr/lib/firefox/firefox", "/usr/bin/firefox-esr", "/usr/bin/firefox"];
const WEBKIT_DRIVERS = ["/usr/bin/WebKitWebDriver", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/WebKitWebDriver"];
const MINIBROWSERS = [
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
];
const XVFB = ["/usr/bin/Xvfb"];

const first = (paths) => paths.find((path) => existsSync(path));

/**
 * Finds `paths`' first existing file, installing the Debian `packages` once when none exists;
 * exits with one line saying what to install when that is not possible.
 */
function ensure(what, envName, paths, packages) {
  const fromEnv = process.env[envName];
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.error(`${envName} is set to ${fromEnv}, which does not exist.`);
    process.exit(1);
  }
  let path = first(paths);
  if (!path) {
    for (const name of packages) installDebianPackage(name, what);
    path = first(paths);
  }
  if (path) return path;
  console.error(`No ${what} found: install it (Debian: \`sudo apt-get install ${packages.join(" ")}\`) or set ${envName}.`);
  process.exit(1);
}

/** `{ firefox }`: the Firefox (ESR) executable itself, not the `/usr/bin` shell wrapper. */
export function ensureFirefox() {
  return ensure("Firefox", "FIREFOX_PATH", FIREFOX_CANDIDATES, ["firefox-esr"]);
}

/** `{ driver, browser, xvfb }`: WebKitGTK's WebDriver, its MiniBrowser, and Xvfb to show it on. */
export function ensureWebKit() {
  const driver = ensure("WebKitWebDriver", "WEBKIT_DRIVER_PATH", WEBKIT_DRIVERS, ["webkit2gtk-driver"]);
  const browser = ensure("MiniBrowser", "WEBKIT_BROWSER_PATH", MINIBROWSERS, ["webkit2gtk-driver"]);
  const xvfb = ensure("Xvfb", "XVFB_PATH", XVFB, ["xvfb"]);
  return { driver, browser, xvfb };
}

/** Makes sure `engine`'s browser is there (installing it when it can) and sets its environment. */
export function ensureEngine(engine) {
  if (engine === "chromium") process.env.CHROME_PATH = ensureChromium();
  else if (engine === "firefox") process.env.FIREFOX_PATH = ensureFirefox();
  else if (engine === "webkit") {
    const { driver, browser, xvfb } = ensureWebKit();
    process.env.WEBKIT_DRIVER_PATH = driver;
    process.env.WEBKIT_BROWSER_PATH = browser;
    process.env.XVFB_PATH = xvfb;
  } else {
    console.error(`Unknown engine ${JSON.stringify(engine)}: use ${ENGINES.join(", ")} or all.`);
    process.exit(1);
  }
}

/**
 * The engines named by `--engine <name>` arguments (repeated, or comma-separated; `all` for every
 * one), and the arguments left over. Without `--engine`, `fallback`.
 */
export function parseEngines(args, fallback = ["chromium"]) {
  const engines = [];
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = arg === "--engine" ? args[++i] : arg.startsWith("--engine=") ? arg.slice("--engine=".length) : undefined;
    if (value === undefined) {
      rest.push(arg);
      continue;
    }
    for (const name of value.split(",")) engines.push(...(name === "all" ? ENGINES : [name]));
  }
  return { engines: engines.length > 0 ? [...new Set(engines)] : fallback, rest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { engines } = parseEngines(process.argv.slice(2), ENGINES);
  for (const engine of engines) ensureEngine(engine);
  console.log(engines.join(" "), "ready");
}
