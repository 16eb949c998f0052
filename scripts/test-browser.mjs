// Runs the browser tests in headless Chromium through @web/test-runner. Extra arguments are
// passed on (for example `--files test/elements/composer/**/*.test.ts`). The end-to-end tests load
// the built package (the demo through the reference host, the embedding recipes built by Vite):
// the package is built when dist/ is missing, and the recipes are built again every time (about
// 3 s), so that they never test an older dist/.
import { existsSync } from "node:fs";
import { ensureChromium } from "./chromium.mjs";
import { bin, run } from "./run.mjs";

process.env.CHROME_PATH = ensureChromium();
if (!existsSync(new URL("../dist/index.js", import.meta.url))) {
  const built = await run("npm", ["--silent", "run", "build"]);
  if (built !== 0) process.exit(built);
}
const embeds = await run(process.execPath, [new URL("build-embeds.mjs", import.meta.url).pathname]);
if (embeds !== 0) process.exit(embeds);
process.exit(await run(bin("web-test-runner"), ["--config", "web-test-runner.config.mjs", ...process.argv.slice(2)]));
