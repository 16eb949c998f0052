// Runs the browser tests in headless Chromium through @web/test-runner. Extra arguments are
// passed on (for example `--files test/elements/composer/**/*.test.ts`).
import { ensureChromium } from "./chromium.mjs";
import { bin, run } from "./run.mjs";

process.env.CHROME_PATH = ensureChromium();
process.exit(await run(bin("web-test-runner"), ["--config", "web-test-runner.config.mjs", ...process.argv.slice(2)]));
