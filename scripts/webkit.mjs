// WebKitGTK for the tests and benchmarks: an Xvfb display (MiniBrowser has no headless mode),
// WebKitWebDriver on a free loopback port showing its browsers there, and the session
// capabilities that start MiniBrowser under automation. Both processes are stopped by their PID.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { ensureWebKit } from "./engines.mjs";

/** How long Xvfb and WebKitWebDriver get to come up, in ms. */
const START_TIMEOUT_MS = 30_000;
const POLL_MS = 50;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on the first free display; it writes the display's number to file descriptor 3. */
function startXvfb(path) {
  const child = spawn(path, ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start in ${START_TIMEOUT_MS} ms: ${err}`)), START_TIMEOUT_MS);
    child.stderr.on("data", (chunk) => (err += chunk));
    child.stdio[3].on("data", (chunk) => {
      out += chunk;
      if (!out.includes("\n")) return;
      clearTimeout(timer);
      resolve({ child, display: `:${out.trim()}` });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited with ${code}: ${err}`));
    });
  });
}

async function waitForDriver(url, child) {
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`WebKitWebDriver did not answer on ${url} in ${START_TIMEOUT_MS} ms`);
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    process.kill(child.pid, "SIGTERM");
  });
}

/**
 * Starts Xvfb and WebKitWebDriver and answers `{ hostname, port, capabilities, stop }`: what
 * webdriverio's `remote()` needs to open a MiniBrowser session, and a function that stops both.
 * `pageLoadStrategy: "none"`: WebKitWebDriver's navigation sometimes never reports a load that
 * happened, so navigation returns at once and the caller polls for what it waits for.
 */
export async function startWebKit() {
  const { driver, browser, xvfb } = ensureWebKit();
  const screen = await startXvfb(xvfb);
  const port = await freePort();
  const child = spawn(driver, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DISPLAY: screen.display },
  });
  const stop = async () => {
    await stopChild(child);
    await stopChild(screen.child);
  };
  try {
    await waitForDriver(`http://127.0.0.1:${port}`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const capabilities = {
    browserName: "MiniBrowser",
    pageLoadStrategy: "none",
    "webkitgtk:browserOptions": { binary: browser, args: ["--automation"] },
  };
  return { hostname: "127.0.0.1", port, capabilities, stop };
}
