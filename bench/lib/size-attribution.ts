// Where a bundle's bytes come from: each source file's (or folder's) share of a built file's
// minified bytes, read from its source map, with a gzip estimate that splits the file's gzip size
// in proportion (a rough figure: gzip packs repetitive code better than the average). After
// `npm run build`: `npx tsx bench/lib/size-attribution.ts dist/composer/composer.js [file|folder] [rows]`.
// docs/performance.md ("The composer's first load") says how it was used.
import { readFileSync } from "node:fs";
import { gzipSize } from "./bundle.js";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** A Base64 VLQ digit carries 5 bits of the value; the 6th says another digit follows. */
const VLQ_SHIFT = 5;
const VLQ_CONTINUE = 1 << VLQ_SHIFT;
const VLQ_MASK = VLQ_CONTINUE - 1;
const DEFAULT_ROWS = 40;

/** The values of one source-map segment (Base64 VLQ, sign in the lowest bit). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & VLQ_MASK) << shift;
    if (digit & VLQ_CONTINUE) shift += VLQ_SHIFT;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = shift = 0;
    }
  }
  return values;
}

/** Bytes of the generated `code` per source, each segment running to the next one on its line. */
export function bytesBySource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const bytes = new Map<string, number>();
  const lines = code.split("\n");
  let source = 0;
  const mapped = map.mappings.split(";");
  // What follows the last mapping (the module's export list, unmapped) is nobody's source.
  const last = mapped.findLastIndex((line) => line !== "");
  mapped.forEach((line, index) => {
    const starts: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(",").filter(Boolean)) {
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      starts.push([column, sourceDelta === undefined ? -1 : source]);
      // Later fields (original line and column, name) do not change whose bytes these are.
    }
    const length = lines[index]?.length ?? 0;
    starts.forEach(([from, owner], at) => {
      const tail = index === last && at === starts.length - 1;
      const name = owner < 0 || tail ? "(unmapped)" : (map.sources[owner] ?? "?");
      bytes.set(name, (bytes.get(name) ?? 0) + (starts[at + 1]?.[0] ?? length) - from);
    });
  });
  return bytes;
}

/** A source's group: its package (under node_modules), else its file, or its folder under src/. */
function groupOf(source: string, by: "file" | "folder"): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return `npm:${inPackage[1]}`;
  const path = source.replace(/^.*?\/src\//, "src/");
  return by === "file" ? path : path.split("/").slice(0, 3).join("/");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file = "dist/composer/composer.js", by = "file", rows = String(DEFAULT_ROWS)] = process.argv.slice(2);
  const code = readFileSync(file, "utf8");
  const gzip = gzipSize(code);
  const groups = new Map<string, number>();
  for (const [source, count] of bytesBySource(code, JSON.parse(readFileSync(`${file}.map`, "utf8")))) {
    const group = groupOf(source, by === "folder" ? "folder" : "file");
    groups.set(group, (groups.get(group) ?? 0) + count);
  }
  console.log(`${file}: ${code.length} B minified, ${gzip} B gzip -9`);
  console.log("minified  gzip≈  source");
  for (const [group, count] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
    console.log(`${String(count).padStart(8)} ${String(Math.round((count / code.length) * gzip)).padStart(6)}  ${group}`);
  }
}
