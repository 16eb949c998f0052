// `npm start`: builds the package, then starts the demo host on 127.0.0.1:$PORT (default 8787).
import { bin, run } from "./run.mjs";

const built = await run("npm", ["--silent", "run", "build"]);
if (built !== 0) process.exit(built);
process.exit(await run(bin("tsx"), ["demo/host/main.ts"]));
