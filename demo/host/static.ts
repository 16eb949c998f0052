// Static files: the demo page at `/`, the built package under `/dist/`, other demo assets under
// `/demo/` (not the host's own sources), and the demo's tokenizer (gpt-tokenizer's ES modules,
// which import only each other) under `/vendor/gpt-tokenizer/`: a development dependency the page
// loads on demand, so it never enters the package or the drop-in (docs/budget.md).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { once } from "node:events";
import { RequestError } from "../../src/host/errors.js";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/** Folders under the repository root that are served, and one under them that is not. */
const SERVED_DIRS = ["dist", "demo"];
const HIDDEN_DIR = join("demo", "host");
/** URL prefix → folder under the repository root, for the demo's third-party modules. */
const VENDOR_PREFIX = "/vendor/gpt-tokenizer/";
const VENDOR_DIR = join("node_modules", "gpt-tokenizer", "esm");

/** The vendored module a URL path names, or `undefined`. */
function vendorFileFor(root: string, decoded: string): string | undefined {
  if (!decoded.startsWith(VENDOR_PREFIX)) return undefined;
  const dir = join(root, VENDOR_DIR);
  const file = resolve(dir, `.${decoded.slice(VENDOR_PREFIX.length - 1)}`);
  return file.startsWith(dir + sep) && extname(file) === ".js" ? file : undefined;
}

/** The file a URL path names, or `undefined` when it is not one we serve. */
export function staticFileFor(root: string, pathname: string): string | undefined {
  if (pathname === "/") return join(root, "demo", "index.html");
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.startsWith(VENDOR_PREFIX)) return vendorFileFor(root, decoded);
  const file = resolve(root, `.${decoded}`);
  const served = SERVED_DIRS.some((dir) => file.startsWith(join(root, dir) + sep));
  const hidden = file.startsWith(join(root, HIDDEN_DIR) + sep);
  return served && !hidden ? file : undefined;
}

export async function serveStatic(root: string, pathname: string, response: ServerResponse): Promise<void> {
  const file = staticFileFor(root, pathname);
  const info = file === undefined ? undefined : await stat(file).catch(() => undefined);
  if (!file || !info?.isFile()) throw new RequestError(404, "not-found", `Nothing at ${pathname}`);
  response.writeHead(200, {
    "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    "content-length": info.size,
    "cache-control": "no-cache",
  });
  const stream = createReadStream(file);
  stream.pipe(response);
  await once(stream, "close");
}
