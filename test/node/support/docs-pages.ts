// The Markdown pages the docs checks read: README.md and every page under docs/, those added
// later included, without the folders of generated output.
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, "../../..");
/** Generated or tool folders under docs/, not pages. */
const SKIPPED = new Set(["public", ".vitepress", "node_modules"]);

function pagesUnder(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED.has(entry)) pagesUnder(path, out);
    } else if (entry.endsWith(".md")) out.push(path);
  }
  return out;
}

/** Absolute paths of README.md and the pages of docs/, in a stable order. */
export function docsPages(): string[] {
  return [join(ROOT, "README.md"), ...pagesUnder(join(ROOT, "docs"), [])];
}
