// Finds a Chromium for the browser tests and benchmarks, installing Debian's package when that is
// possible without asking (a Debian-like machine, running as root). Nothing is downloaded from
// outside the system's own package repositories.
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/** The flags Chromium needs as root on a closed network (see DEVELOPERS.md). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Whether this is Debian or a derivative (apt-get and Debian package names). */
function isDebianLike() {
  if (existsSync("/etc/debian_version")) return true;
  try {
    return /\b(debian|ubuntu)\b/i.test(readFileSync("/etc/os-release", "utf8"));
  } catch {
    return false;
  }
}

function found() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
    process.exit(1);
  }
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * Installs Debian's package `name` when that is possible without asking (a Debian-like machine,
 * running as root) and returns whether it tried.
 */
export function installDebianPackage(name, what) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isDebianLike() || !root) return false;
  console.log(`No ${what} found: installing Debian's ${name} package (apt-get).`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", name], { stdio: "inherit", env });
  return true;
}

/** Returns the path of a Chromium executable, or exits with one line saying how to get one. */
export function ensureChromium() {
  const path = found() ?? (installDebianPackage("chromium", "Chromium") ? found() : undefined);
  if (path) return path;
  console.error(
    "No Chromium found: install Chromium or Chrome (Debian: `sudo apt-get install chromium`) or set CHROME_PATH to its executable.",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
