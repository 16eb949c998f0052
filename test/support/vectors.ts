// Loads a conformance vector file and expands its compact nodes ($repeat, $concat, $array), as
// test/conformance/vectors/README.md describes.
import { readFileSync } from "node:fs";

export interface VectorCase {
  name: string;
  source?: string;
  input: unknown;
  expected: unknown;
  [field: string]: unknown;
}

export function expand(node: unknown, index?: number): unknown {
  if (typeof node === "string") return index === undefined ? node : node.replaceAll("{{i}}", String(index));
  if (Array.isArray(node)) return node.map((item) => expand(item, index));
  if (node === null || typeof node !== "object") return node;
  const record = node as Record<string, unknown>;
  if ("$repeat" in record) return (expand(record.$repeat, index) as string).repeat(record.count as number);
  if ("$concat" in record) return (record.$concat as unknown[]).map((part) => expand(part, index)).join("");
  if ("$array" in record) {
    return Array.from({ length: record.count as number }, (_, i) => expand(record.$array, i));
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = expand(value, index);
  return out;
}

/** The cases of one section of a vector file, expanded. */
export function loadVectors(file: string, section: string): VectorCase[] {
  const data = JSON.parse(readFileSync(new URL(`../conformance/vectors/${file}`, import.meta.url), "utf8"));
  const cases = data[section] as VectorCase[] | undefined;
  if (!cases || cases.length === 0) throw new Error(`no vectors in ${file} → ${section}`);
  return cases.map((entry) => expand(entry) as VectorCase);
}
