// `npm run bench [suite…]`: builds, then runs the benchmarks (bench/main.ts).
import { ensureChromium } from "./chromium.mjs";
import { bin, run } from "./run.mjs";

process.env.CHROME_PATH = ensureChromium();
const built = await run("npm", ["--silent", "run", "build"]);
if (built !== 0) process.exit(built);
process.exit(await run(bin("tsx"), ["bench/main.ts", ...process.argv.slice(2)]));
