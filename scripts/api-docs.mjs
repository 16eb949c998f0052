// `npm run docs:api` writes the API reference (TypeDoc, typedoc.config.mjs) into docs/public/api/;
// `npm run test:api` (part of `npm test`) converts the same sources, writes nothing, and fails on
// an undocumented export, an unexported type the entries use, or a broken {@link}.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { bin } from "./run.mjs";

// TypeDoc warns once per inferred valibot type whose entries carry doc comments (the input and
// the output type share them); the comments are right, so that one warning is dropped.
const NOISE = /has multiple declarations with a comment|^\S*\[warning\]\S* Found 0 errors and \d+ warnings$/;

const check = process.argv.includes("--check");
const args = ["--logLevel", "Warn", ...(check ? ["--emit", "none"] : [])];
const child = spawn(bin("typedoc"), args, { stdio: ["ignore", "pipe", "pipe"] });
const closed = new Promise((resolve) => child.on("close", (exitCode) => resolve(exitCode ?? 1)));
const relay = async (stream, out) => {
  for await (const line of createInterface({ input: stream })) if (!NOISE.test(line) && line.trim() !== "") out.write(line + "\n");
};
await Promise.all([relay(child.stdout, process.stdout), relay(child.stderr, process.stderr)]);
process.exit(await closed);
