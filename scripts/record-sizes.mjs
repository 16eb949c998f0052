// Records the current gzip sizes of the bundles in bench/size-baseline.json (after a build).
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const files = [
  // Each drop-in re-exports its first load from the file after it (rollup.config.js).
  "t3-composer.js",
  "drop-in/t3-composer.js",
  "drop-in/engine.js",
  "drop-in/composer-parts.js",
  "drop-in/overlays.js",
  "drop-in/transports.js",
  "drop-in/speech-engines.js",
  "composer.js",
  "composer/composer.js",
  "composer/composer-parts.js",
  "composer/overlays.js",
  "composer/transports.js",
  "composer/speech-engines.js",
  "transcript.js",
  "transcript/transcript.js",
  "transcript/overlays.js",
  "transcript/legacy.js",
  "codec.min.js",
];
const sizes = Object.fromEntries(
  files.map((file) => [file, gzipSync(readFileSync(new URL(`../dist/${file}`, import.meta.url)), { level: 9 }).length]),
);
writeFileSync(new URL("../bench/size-baseline.json", import.meta.url), JSON.stringify(sizes, null, 2) + "\n");
console.log(sizes);
