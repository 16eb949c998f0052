// `npm run fuzz [-- --runs N --seed S --only part --path P --list]`: the long mode of the fuzz
// properties (test/fuzz/run.ts), at least 1,000,000 cases by default.
import { bin, run } from "./run.mjs";

process.exit(await run(bin("tsx"), ["test/fuzz/run.ts", ...process.argv.slice(2)]));
